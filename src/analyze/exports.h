/*
 * exports.h: the driver core's exported class functions that nobody uses.
 *
 * An export is an EXPORT_SYMBOL(f) or EXPORT_SYMBOL_GPL(f) in a
 * drivers/base/ .c file (not below it) where f is a function named class_*
 * defined (with a body) in a drivers/base/ .c file.  It is unused when no
 * identifier f occurs, outside comments and string literals, in any .c or
 * .h file of the tree outside the driver core (drivers/base/ and
 * include/linux/device.h: the declaration in device.h is not a use).
 * Lexical, like the rest of the report: a use in an inactive #if branch
 * counts as a use.
 *
 * Step 20 (unused-exports) removes them; the locations below are what a
 * rewriter needs: the definition's extent and the export statement's.
 */
#ifndef CDMIGRATE_EXPORTS_H
#define CDMIGRATE_EXPORTS_H

#include <stddef.h>

#include "base/util.h"

struct export_entry {
	char *symbol;
	const char *macro;		/* "EXPORT_SYMBOL" or "EXPORT_SYMBOL_GPL" */
	char *def_file;			/* relative to the tree */
	unsigned def_line, def_column;	/* the function's name in its definition */
	size_t def_start, def_end;	/* byte extent: first token of the declaration
					 * (after the previous ';', '}' or directive)
					 * to just after the closing '}' */
	char *export_file;
	unsigned export_line, export_column;
	size_t export_start, export_end;	/* EXPORT_SYMBOL... to just after its ';' */
};

struct export_list {
	struct export_entry *v;		/* sorted by def_file, def_line */
	size_t nr, alloc;
	size_t exported;		/* class_* functions exported in all */
};
#define EXPORT_LIST_INIT { NULL, 0, 0, 0 }

/*
 * Find the unused exports of the tree at `tree`, whose .c/.h files
 * (relative, as walk_tree() lists them) are `files`.  Unreadable files are
 * skipped with a warning.  Appends to `out`; returns the number found.
 */
size_t exports_find_unused(const char *tree, const struct strvec *files, struct export_list *out);

/*
 * The bytes a file that uses an export has (prefilter.h): a file without
 * them uses none, and exports_find_unused_among() need not read it.
 */
extern const char *const exports_use_tokens[];

/*
 * exports_find_unused() where `users` (relative, sorted) are the files of
 * `files` that contain exports_use_tokens, picked by the caller's own
 * pass over the tree: the others are not read.
 */
size_t exports_find_unused_among(const char *tree, const struct strvec *files, const struct strvec *users,
				 struct export_list *out);

/*
 * Read the text of `file` (relative to the tree) into `text`, which the
 * caller has emptied: 0, or -1 with errno set.
 */
typedef int (*exports_read_fn)(const char *file, struct strbuf *text, void *data);

/*
 * The same, each file's text coming from `read` (NULL: the disk): the
 * working contents of a migration, which earlier steps changed before
 * anything is written (the unused-exports rewriter pass).
 */
size_t exports_find_unused_with(const char *tree, const struct strvec *files, exports_read_fn read,
				void *data, struct export_list *out);

void export_list_release(struct export_list *list);

#endif
