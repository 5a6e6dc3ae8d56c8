/*
 * walk.h: list the C sources of a tree.
 *
 * A walk lists regular files ending in .c or .h below a root, in strcmp
 * order of their relative paths.  It never follows a symbolic link (to a
 * file or a directory: a link could lead out of the tree or into a loop),
 * and skips directories whose name starts with '.' (.git, .cdmigrate,
 * .tmp_versions).  An unreadable directory is reported with warning() and
 * skipped; the rest is walked.
 */
#ifndef CDMIGRATE_WALK_H
#define CDMIGRATE_WALK_H

#include "base/util.h"

struct stat;

struct walk_stats {
	size_t files;		/* .c/.h files listed */
	size_t unreadable;	/* directories that could not be read */
	/* NULL, or called for each file listed, with its lstat() (fingerprints) */
	void (*each)(const char *rel, const struct stat *st, void *data);
	void *data;
};

/*
 * Walk `root` and append to `files` the paths (relative to root, '/'
 * separated) of its .c/.h files, sorted.  When `paths` is non-NULL and not
 * empty, only those subpaths (files or directories, relative to root) are
 * walked; a path that does not exist is an error.
 * Returns 0, or -1 after printing an error (root missing or not a
 * directory, a bad path).
 */
int walk_tree(const char *root, const struct strvec *paths,
	      struct strvec *files, struct walk_stats *stats);

/* Nonzero when `name` ends in .c or .h. */
int walk_is_c_source(const char *name);

/*
 * Nonzero when rel (relative to the tree, a char * passed as data) is a
 * regular file of it, not through a final symbolic link, as a walk lists
 * them: include_graph_scan()'s test of where an #include resolves.
 */
int walk_tree_has_file(const char *rel, void *tree);

#endif
