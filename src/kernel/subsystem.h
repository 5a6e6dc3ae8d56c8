/*
 * subsystem.h: which subsystem (the unit of review) a file belongs to.
 *
 * The rule, for a path relative to the tree root:
 *   drivers/base/...  and include/linux/device.h   -> "driver-core"
 *   drivers/<x>/...                                 -> "<x>"
 *   <top>/... for any other top directory but include/ -> "<top>"
 *   a file at the top level                         -> "top"
 *   include/...  -> decided by the files that use it (subsystem_of_users()):
 *                   the subsystem with the most users, ties broken by
 *                   strcmp; with no user outside include/, the header's
 *                   own file name ("transport_class.h"), never "include".
 *                   subsystem_for() counts the .c files of the graph that
 *                   include it directly; the series (engine/result.c)
 *                   looks further, per step: the step's changed files,
 *                   the scanned files, the whole tree, then the files
 *                   that reach it through other headers (reach.h).
 * Out of tree (a driver directory scanned against --kernel), every file is
 * in one subsystem named after the directory (the basename of TREE).
 */
#ifndef CDMIGRATE_SUBSYSTEM_H
#define CDMIGRATE_SUBSYSTEM_H

#include "base/util.h"

/* Subsystem of a non-header path; NULL for a path under include/. Caller frees. */
char *subsystem_of_path(const char *path);

/*
 * The driver of a path within its subsystem, the unit a subsystem's patch
 * is split by: the directory below the subsystem's folder
 * ("drivers/scsi/lpfc/lpfc_attr.c" -> "lpfc", "net/bridge/br_sysfs.c" ->
 * "bridge"), or for a file directly in it its name without the extension
 * ("drivers/scsi/st.c" and "drivers/scsi/st.h" -> "st").  NULL for a path
 * under include/.  Caller frees.
 */
char *subsystem_driver_of(const char *path);

/*
 * The subsystem of the most users (paths relative to the tree; each
 * counts once per entry, users under include/ not at all), ties broken by
 * strcmp; NULL when no user counts.  Caller frees.
 */
char *subsystem_of_users(const struct strvec *users);

/*
 * The subsystem of a header under include/ that no user decides: its own
 * file name ("include/linux/transport_class.h" -> "transport_class.h").
 * Caller frees.
 */
char *subsystem_of_header_name(const char *path);

/* One include edge: `includer` (a .c file) includes `header` directly. */
struct include_edge {
	char *includer;
	char *header;
};

struct include_graph {
	struct include_edge *edges;
	size_t nr, alloc;
};
#define INCLUDE_GRAPH_INIT { NULL, 0, 0 }

void include_graph_add(struct include_graph *g, const char *includer, const char *header);

/*
 * Add the direct includes of `file` (relative to the tree; its text in
 * `text`) that resolve to a file of the tree: <x> against include/, "x"
 * against the file's own directory, then include/.  `exists` tells whether
 * a relative path is a file of the tree.  Lexical: an #include in an
 * inactive branch counts too.
 */
void include_graph_scan(struct include_graph *g, const char *file, const char *text,
			int (*exists)(const char *rel, void *data), void *data);
void include_graph_release(struct include_graph *g);

/*
 * Subsystem of `path` (relative to the tree) using the rule above.  For a
 * header under include/ the graph decides.  Caller frees the result.
 */
char *subsystem_for(const char *path, const struct include_graph *g);

#endif
