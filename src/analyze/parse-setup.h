/*
 * parse-setup.h: the one place that decides how a file is parsed.
 *
 * scan, migrate's verify and step 70's check parse through classify,
 * which asks here; `scan --print-args` prints the same arguments for an
 * independent compiler (without blank_header_bodies).  For a file (relative to the tree):
 *
 *   -x c -nostdinc --gcc-toolchain=<scratch>/<arch> -isystem <clang resource dir>
 *   -I<scratch>/<arch>
 *   [-I<tree> for an out-of-tree directory] -I<kernel>/include
 *   [-I<kernel>/include/asm-<arch>/mach-default] [-I<scratch>/<arch>/second]
 *   -include <scratch>/<arch>/linux/autoconf.h -D__KERNEL__
 *   -DKBUILD_BASENAME="<stem>" -DKBUILD_MODNAME="<stem>"
 *   -m32 | -m64  -std=gnu89 -Wno-everything -Wincompatible-pointer-types
 *   -Wint-conversion -Wimplicit-function-declaration -ferror-limit=0
 *
 * The three warnings are the only ones enabled: verify counts them as
 * errors (a change that hands a struct device to what still takes a class
 * device, or calls a function that is gone, is broken code, though C only
 * warns of it), scan does not (classify.h, type_errors), and one parse
 * serves both,
 * where <arch> is the forced one (--arch of any command,
 * parse_setup_force_arch()), else the arch of the file (kernel/arch.h:
 * its path, then its <asm/...> includes), and <scratch>/<arch> holds
 * `asm -> <kernel>/include/asm-<arch>`, linux/autoconf.h (the arch's
 * defconfig and Kconfig defaults, kernel/arch.h) and linux/version.h
 * (the tree's Makefile), and second/asm the arch's second asm folder when
 * its Makefile links one (kernel/arch.h, arch_second_source()).
 *
 * Every parse is handed, as unsaved files, the headers it will likely
 * read (parse_setup_headers()), which changes nothing it finds: libclang
 * takes them from memory instead of opening each.  With
 * blank_header_bodies (scan and report: what they look for is in the
 * file parsed, never in a header's function bodies), those of the
 * folders of <kernel>/include every arch reads (all but the asm-<srcarch>
 * ones, kernel/arch.h) and of the arch's own asm folders (through its asm
 * links too) that define functions and do not name the class_device API
 * (kernel_api_tokens) come with their bodies blank (lex/bodies.h), every
 * line in place; another arch's asm folder stays whole: a parse reads the
 * same whatever other arches the run parses for.  The arguments are the
 * same either way (the parse memo tells the two apart).  A parse error
 * in a blanked body is not counted.  Besides scan and report, a step
 * pass's queries set it, and so does verify for a parse before a change
 * whose errors it does not compare; a parse whose errors are compared
 * reads the bodies whole: a change can break an unchanged header's body.
 * Thread-safe.
 */
#ifndef CDMIGRATE_PARSE_SETUP_H
#define CDMIGRATE_PARSE_SETUP_H

#include "base/util.h"

struct parse_setup_options {
	const char *tree;	/* absolute: where the files are */
	const char *kernel;	/* absolute: the headers (tree itself, or --kernel) */
	const char *scratch;	/* an existing directory the synthesized headers go to */
	const char *arch;	/* forced for every file, or NULL (see also parse_setup_force_arch()) */
	int out_of_tree;	/* tree is a driver directory: -I<tree> too */
	int blank_header_bodies;	/* parse against <kernel>/include's headers with
					   their function bodies blank (see below) */
};

struct parse_setup;

struct parse_setup *parse_setup_new(const struct parse_setup_options *opts);

/* Free it; with `keep` 0, remove what it wrote in the scratch directory. */
void parse_setup_free(struct parse_setup *ps, int keep);

/* Whether its parses read headers with their bodies blank (blank_header_bodies). */
int parse_setup_blanks_bodies(const struct parse_setup *ps);

/*
 * From now on, read headers with their bodies blank (1) or whole (0), as
 * blank_header_bodies says.  Only between parses: a parse running on
 * another thread must not see the mode change under it.
 */
void parse_setup_set_blank_header_bodies(struct parse_setup *ps, int blank);

/*
 * Force one arch for every parse from now on, in every setup (the --arch
 * option of the commands that have no setup of their own to pass it to).
 * NULL restores the per-file choice.  The string is borrowed.
 */
void parse_setup_force_arch(const char *arch);

/*
 * The arch `file` is parsed for; `text` (len bytes) is its content, NULL
 * to read it from the tree.  Allocated.
 */
char *parse_setup_arch(struct parse_setup *ps, const char *file, const char *text, size_t len);

/*
 * Append the compiler arguments for `file` (content `text`, or NULL: read
 * from the tree) to `args`, preparing <scratch>/<arch> on first use.
 * The file itself is not among them.
 */
void parse_setup_args(struct parse_setup *ps, const char *file, const char *text, size_t len,
		      struct strvec *args);

/*
 * A header a parse is likely to read, with the text it reads there: a
 * parse given them as unsaved files reads each from memory, where it
 * would open, check, read and close each of them again (about 240
 * headers a kernel file, eight system calls each).
 */
struct parse_header {
	char *path;		/* as libclang looks it up: an -I folder or the includer's, then the name */
	char *file;		/* the file that is: dots and <scratch>/<arch>'s asm links resolved */
	const char *text;	/* what a parse reads at path (bodies blank with
				   blank_header_bodies); the setup's, kept until it is freed */
	size_t len;
};

/*
 * The headers `file` (content `text`, or NULL: read from the tree)
 * includes, directly or through other headers, with `args` (what
 * parse_setup_args() gave for it):
 * each #include resolved as the parser would (a quoted name in its
 * includer's folder first, then each -I folder in order) to a file that
 * exists, in the order found.  Lexical, so it reaches further than the
 * parse (every #if branch) and misses what a macro names; the texts
 * only stand for what is on the disk: passing them changes no result,
 * only how many files a parse opens.  A file's text is read once a
 * setup: the tree must not change under a run.  Returns how many, *headers allocated (free it with
 * parse_headers_free()).  Thread-safe.
 */
size_t parse_setup_headers(struct parse_setup *ps, const char *file, const char *text, size_t len,
			   const struct strvec *args, struct parse_header **headers);

void parse_headers_free(struct parse_header *headers, size_t nr);

/*
 * The content hash (cache_file_hash()'s) of the file at `path` (absolute,
 * as a parse named it) as parse_setup_headers() read it this run, before
 * any blanking: 1, or 0 when it read none there.  What a parse given
 * those texts read, without asking the disk again.  Thread-safe.
 */
int parse_setup_read_hash(struct parse_setup *ps, const char *path, char hash[33]);

#endif
