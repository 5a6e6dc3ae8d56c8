/*
 * spatch.h: how cdmigrate runs Coccinelle's spatch (1.1.1), and what it
 * reads back from it.
 *
 * spatch's exit status says little (doc/design.md §4): 0 whether or not it
 * changed anything and when it skipped a function it could not parse.  So
 * a task is judged by what it prints: the unified diff on stdout (with
 * --patch ROOT its paths are a/<relative> b/<relative>), and with
 * --quiet --parse-error-msg the parse failures on stderr as
 * " = error in <file>; ..." preceded by "BAD:!!!!! <the line>".
 */
#ifndef CDMIGRATE_SPATCH_H
#define CDMIGRATE_SPATCH_H

#include "base/child.h"
#include "base/util.h"

/*
 * The spatch program to run: $CDMIGRATE_SPATCH, else "spatch" on PATH.
 * Returns NULL (after printing "cdmigrate: spatch not found: install the
 * coccinelle package") when it cannot be found.  Borrowed string.
 */
const char *spatch_program(void);


/*
 * The first line of `spatch --version` ("spatch version 1.1.1 compiled
 * with ..."), run once; NULL (after a one-line error()) when the program
 * is missing, fails, hangs or prints anything else: it is not Coccinelle's
 * spatch.  Part of every cache key.  Borrowed string.
 */
const char *spatch_identity(void);

struct spatch_task {
	const char *patch;		/* absolute path of the .cocci file */
	const char *root;		/* the scratch copy; cwd of the child */
	const char *const *include_dirs;/* -I directories, NULL-terminated */
	const char *const *options;	/* from the manifest, NULL-terminated */
	const struct strvec *files;	/* relative to root */
	/*
	 * NULL, or a file listing `files` as groups (one file a line, a blank
	 * line between two groups), passed as --file-groups instead of the
	 * files: spatch matches each group on its own, as if run once per
	 * group, but starts and reads the patch once.
	 */
	const char *file_groups;
};

/*
 * Whether spatch 1.1.1 can take the file name PATH: it runs diff(1)
 * through a shell with the name unquoted, so a name with a space, a
 * newline, a quote or another byte the shell reads breaks its output.
 * Only letters, digits and "._+,=@%^~/-" pass.
 */
int spatch_name_ok(const char *path);

/*
 * Fill child->args for a task (argv only, never a shell) and child->dir.
 * A file whose name starts with '-' is passed as "./NAME".  Unless the
 * environment sets OCAMLRUNPARAM, child->env gets one that trades some
 * memory for less garbage-collection time.
 */
void spatch_prepare(struct child *child, const struct spatch_task *task);

/*
 * Whether a semantic patch's text has script rules (Python or OCaml:
 * "@script:", "@initialize:", "@finalize:", or a script-constrained
 * metavariable).  Their state lives as long as the spatch process, across
 * the groups of --file-groups, so such a patch is run once per group.
 */
int spatch_has_scripts(const char *text);

/*
 * The identifiers of the "Grep query" `spatch --parse-cocci PATCH` prints:
 * spatch skips a file that has none of them, so no rule of the patch can
 * match code that names none of them (besides the names its rules
 * inherit from one another, which the query cannot know).  Appended to
 * tokens, sorted, each once; asked once per patch in a process.
 * Returns 0, or -1 (tokens untouched) when spatch prints no query (a
 * patch whose rules need no token) or cannot be run.
 */
int spatch_grep_tokens(const char *patch, struct strvec *tokens);

/*
 * The first of `files` (as given to spatch_prepare(); "" group separators
 * skipped) that spatch's stderr does not name, or NULL when it names
 * every one.  spatch 1.1.1 names each file it reads, --quiet or not: in a
 * "HANDLING: A B ..." line (the files it matched together) or a
 * "Skipping: A" line (the patch's tokens are not in it).  A run that exits
 * 0 with a file unnamed never looked at it, and its empty diff is no
 * answer (a program that prints nothing and exits 0 is not spatch at
 * work).  Borrowed string.
 */
const char *spatch_unhandled(const char *err, const struct strvec *files);

/*
 * Parse failures named in spatch's stderr: for each " = error in FILE"
 * push FILE (relative, as given) to `files` and the preceding "BAD:" line
 * (or "") to `details`, in order, once per file.
 */
void spatch_parse_errors(const char *err, struct strvec *files, struct strvec *details);

#endif
