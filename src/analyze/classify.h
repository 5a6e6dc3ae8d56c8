/*
 * classify.h: libclang, and what it tells about a file.
 *
 * This is the only module that includes clang-c/Index.h: its files are
 * analyze/classify*.c, listed with their concerns in classify-clang.h,
 * which no other module includes.  It owns the scratch directory of
 * synthesized headers (removed by classify_free()) and every libclang
 * object: nothing it returns points into libclang memory.  The arguments
 * each file is parsed with come from parse-setup.h, the one place that
 * decides them, with CXTranslationUnit_KeepGoing |
 * DetailedPreprocessingRecord.
 */
#ifndef CDMIGRATE_CLASSIFY_H
#define CDMIGRATE_CLASSIFY_H

#include "analyze/site.h"
#include "base/util.h"

struct classify_options {
	const char *tree;	/* the tree scanned */
	const char *kernel;	/* headers to parse against: tree itself, or --kernel */
	const char *arch;	/* NULL: from the path, else i386 */
	int out_of_tree;	/* tree is a driver directory, kernel is elsewhere */
	int jobs;		/* worker threads; < 1 means 1 */
	int headers_optional;	/* no include/linux/ is not an error (verify of a small tree) */
	int type_errors;	/* the warnings parse-setup enables (type mismatches, implicit
				 * declarations) count as errors: verify's view, and the
				 * step passes' (step 70 predicts what verify holds back);
				 * the parse and its memo entry are the same either way */
	int blank_header_bodies;	/* parse against headers whose function bodies are
					 * blank (parse-setup.h; see also
					 * classify_set_blank_header_bodies()) */
};

struct classify;	/* opaque: index, scratch dir, options */

/* Per-file result of a classification run. */
struct classify_file {
	char *file;		/* relative to the tree */
	unsigned errors;	/* parse errors (severity error or fatal) */
	char *first_error;	/* "file:line:col: message" of the first, or NULL;
				 * a file of the tree is named relative to it */
	struct strvec error_texts;	/* every error, in that form, in order */
};

struct classify_stats {
	size_t parsed;
	size_t with_errors;
	struct classify_file *files;	/* one per parsed file, in input order */
	size_t nr;
	size_t cached;		/* of parsed: results the parse memo gave (see classify_files) */
};
#define CLASSIFY_STATS_INIT { 0, 0, NULL, 0, 0 }

/*
 * Prepare a classifier: create the scratch directory.  Returns NULL after
 * printing an error (kernel headers missing: names the directory and what
 * to do).  Free with classify_free().
 */
struct classify *classify_new(const struct classify_options *opts);
void classify_free(struct classify *c);

/*
 * Parse each of `files` (relative to the tree) and append its sites to
 * `sites` with subsystem left empty.  Sites are sorted.  `stats` (may be NULL)
 * receives per-file parse results the caller releases with
 * classify_stats_release().  Runs opts->jobs threads; the result does not
 * depend on it.
 *
 * Each file's results are kept in the cache (cache.h: the parse memo) with
 * the list of files its parse entered and a hash of their contents (from
 * the overlay or the disk); a later parse of the same file with the same
 * arguments, while every one of those files holds the same content and
 * the tree's and the kernel's .h file names and the overlay's new files
 * are the same, is answered from it without libclang.  A file libclang
 * cannot parse is never kept.
 */
void classify_files(struct classify *c, const struct strvec *files,
		    struct site_list *sites, struct classify_stats *stats);

/*
 * classify_files(), where `files` is sorted and `includes` tells which .c
 * files include which headers directly: a header's sites and diagnostics
 * are taken from the parse of its host, one parse fewer: of the .c files
 * among files that include it, the first parsed for the header's arch.
 * When that parse does not enter the header (an #include in an inactive
 * branch), or there is no host, the header is parsed alone.  What a
 * hosted header yields is what it is where the kernel compiles it: the
 * host's macros and configuration, and as errors only those located in it.
 * The result does not depend on the jobs.
 */
struct include_graph;
void classify_files_hosted(struct classify *c, const struct strvec *files,
			   const struct include_graph *includes,
			   struct site_list *sites, struct classify_stats *stats);

void classify_stats_release(struct classify_stats *stats);

/*
 * The hosts of a set of changed files, for classify_files_hosted() on the
 * states before and after the change: for each header of `files` (sorted,
 * relative to the tree), the first .c file of files, in their order, that
 * includes it directly in both of its texts (before[i] and after[i] of
 * files->v[i]: a change that drops an #include hosts nothing) and is
 * parsed for the header's arch.  One edge (host, header) each is added to
 * hosts.  A header judged in a host before and after the change is judged
 * as the kernel compiles it, both times the same way.
 */
void classify_host_graph(struct classify *c, const struct strvec *files,
			 const struct strbuf *before, const struct strbuf *after,
			 struct include_graph *hosts);

/*
 * Add to the sorted files, keeping them sorted and each once, the host of
 * each header in them and every guest of each host in them (hosts: from
 * classify_host_graph()): a host's parse answers for its guests, and a
 * parse memo entry is one host's with all of its guests.
 */
void classify_host_closure(const struct include_graph *hosts, struct strvec *files);

/*
 * classify_count_errors_many() with each header of files judged in its
 * host (hosts: from classify_host_graph(); the host and its other guests
 * are parsed too, their counts dropped).  A file libclang cannot parse
 * counts one error, its message saying so.  first_errors may be NULL.
 */
void classify_count_errors_hosted(struct classify *c, const struct strvec *files,
				  const struct include_graph *hosts, int *errors, char **first_errors);

/* A file's content as the parser should see it instead of the disk's. */
struct classify_unsaved {
	const char *file;	/* relative to the tree */
	const char *content;
	size_t len;
};

/*
 * From now on, parse as if each listed file held the given content (the
 * converted tree of a migration, before anything is written).  The array
 * and the buffers are borrowed: they must outlive the parses.  nr = 0
 * clears the overlay.
 */
void classify_set_overlay(struct classify *c, const struct classify_unsaved *files, size_t nr);

/*
 * From now on, parse against headers whose function bodies are blank (1)
 * or whole (0), as blank_header_bodies says; between runs only, like the
 * overlay.  A blank parse finds what is in the file parsed as a whole one
 * does, never an error of a blanked body: for what a file holds (its
 * sites, a query's answers), not for comparing its errors before and
 * after a change.  The parse memo keeps the two apart.
 */
void classify_set_blank_header_bodies(struct classify *c, int blank);

/*
 * Parse each of `files` with `jobs` threads and store its error count and
 * first diagnostic (allocated, or NULL) at the same index of `errors` and
 * `first_errors` (arrays of files->nr elements).  -1 for a file libclang
 * could not parse at all.  Through the parse memo, as classify_files().
 */
void classify_count_errors_many(struct classify *c, const struct strvec *files,
				int *errors, char **first_errors);

/*
 * Parse `file` (relative to the tree) as if its content were `content`
 * (NULL: the file on disk) and count its parse errors.  *first_error, when
 * non-NULL, receives the first diagnostic (caller frees) or NULL.
 * Returns the error count, or -1 when the file could not be parsed at all.
 */
int classify_count_errors(struct classify *c, const char *file,
			  const char *content, size_t len, char **first_error);

/* A macro definition in a file, as the rewriter needs it. */
struct macro_definition {
	char *name;
	unsigned start, end;	/* byte offsets of the whole #define body extent */
	unsigned line;
};

/*
 * List the macro definitions of `file` (relative to the tree) whose body
 * mentions one of `tokens`, in file order.  Returns the count appended to
 * *defs (a malloc'd array grown as needed; *nr updated), or -1 on error.
 * Free each name and the array.
 */
int classify_macro_definitions(struct classify *c, const char *file,
			       const char *const *tokens,
			       struct macro_definition **defs, size_t *nr);

/* A struct or union member whose type is built on one of the tags asked for. */
struct record_field {
	char *record;		/* the enclosing struct's or union's tag, "" when anonymous */
	char *field;		/* the member's name */
	char *tag;		/* the tag its type is built on (one of `tags`) */
	unsigned line;		/* the member's line */
	unsigned record_start, record_end;	/* byte extent of the enclosing definition */
	int aligned;		/* that definition or one of its members carries an
				 * aligned attribute, as parsed (active only) */
	long tag_offset;	/* byte offset of the tag's identifier (after `struct`)
				 * in the file, or -1 when the type is not spelled
				 * there: a typedef, or a member a macro made */
	int pointers, arrays;	/* as in `struct tag **x[2]`: 2 and 1 */
};

/*
 * List the members of the structs and unions defined in `file` (relative to
 * the tree, parsed with the overlay) whose type, through pointers, arrays
 * and typedefs, is `struct <tag>` for one of the NULL-terminated `tags`, in
 * file order.  Appends to *fields (a malloc'd array grown as needed; *nr
 * updated) and returns the count appended, or -1 when the file could not be
 * parsed.  Free with classify_record_fields_free().
 */
int classify_record_fields(struct classify *c, const char *file, const char *const *tags,
			   struct record_field **fields, size_t *nr);
void classify_record_fields_free(struct record_field *fields, size_t nr);

/* A use `x.m` or `x->m` of a member m of a given struct. */
struct member_use {
	char *member;		/* m */
	unsigned line;
	long offset;		/* byte offset of m in the file, or -1 when a macro wrote it */
	char *base_record;	/* when x is itself a member (s->f.m): the tag of */
	char *base_field;	/* f's struct ("" anonymous) and f; else both NULL */
};

/*
 * List the member uses in `file` (relative to the tree, parsed with the
 * overlay) whose member belongs to `struct <tag>`, in file order.  Appends
 * to *uses (grown as needed; *nr updated) and returns the count appended,
 * or -1 when the file could not be parsed.  Free with
 * classify_member_uses_free().
 */
int classify_member_uses(struct classify *c, const char *file, const char *tag,
			 struct member_use **uses, size_t *nr);
/*
 * classify_member_uses() of each of files, on the classifier's jobs at
 * once: uses[i] (malloc'd, or NULL) and nr[i] for files->v[i], counts[i]
 * its return value.  Free each with classify_member_uses_free().  Both
 * (and the macro-members pair below) go through the parse memo, as
 * classify_files() does.
 */
void classify_member_uses_many(struct classify *c, const struct strvec *files, const char *tag,
			       struct member_use **uses, size_t *nr, int *counts);
void classify_member_uses_free(struct member_use *uses, size_t nr);

/*
 * A member of a given struct reached by a token of a macro's body: the
 * macro is typed by this use (libclang types the expansion; the body
 * itself has no type).
 */
struct macro_member {
	char *macro;		/* the macro invoked in the file (the outermost one) */
	char *file;		/* where it is defined, relative to the tree; NULL
				 * outside it (a header of another kernel root) */
	char *member;		/* the member's name */
	unsigned line;		/* the line of the invocation */
};

/*
 * List the uses in `file` (relative to the tree, parsed with the overlay)
 * of a member of `struct <tag>` whose member token a macro's body wrote
 * (not an argument of the macro, not the file itself), in file order.
 * Appends to *uses (grown as needed; *nr updated) and returns the count
 * appended, or -1 when the file could not be parsed.  Free with
 * classify_macro_members_free().
 */
int classify_macro_members(struct classify *c, const char *file, const char *tag,
			   struct macro_member **uses, size_t *nr);
/* classify_macro_members() of each of files at once, as classify_member_uses_many(). */
void classify_macro_members_many(struct classify *c, const struct strvec *files, const char *tag,
				 struct macro_member **uses, size_t *nr, int *counts);
void classify_macro_members_free(struct macro_member *uses, size_t nr);

/* A function declared with a name that a macro made: ssize_t NAME(x)(...). */
struct macro_named_function {
	unsigned line;
	unsigned decl_start;	/* byte offset of the declaration's first token */
	unsigned name_start;	/* byte offset of the macro invocation giving the name */
};

/*
 * List the functions (definitions and prototypes) of `file` (relative to
 * the tree, parsed with the overlay) whose name comes out of a macro
 * invocation written in the file, while their parameter list does not, and
 * one of whose parameters is a pointer to struct <tag>; in file order.
 * Appends to *fns (grown as needed; *nr updated); returns the count
 * appended, or -1 when the file could not be parsed.  Free the array.
 */
int classify_macro_named_functions(struct classify *c, const char *file, const char *tag,
				   struct macro_named_function **fns, size_t *nr);

/*
 * How many files libclang parsed in this process so far, over every
 * classifier (the parse memo's answers are not counted): for --stats.
 */
unsigned long classify_parse_count(void);

/* Print the parse arguments used for `file`, one per line (for -v/debug). */
void classify_print_args(struct classify *c, const char *file, FILE *out);

#endif
