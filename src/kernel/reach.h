/*
 * reach.h: the headers a file reaches through #include, directly or
 * through other headers, found lexically (subsystem.h's
 * include_graph_scan() resolves each directive).  The engine groups a
 * step's files by what each needs: a .c file with the step's headers it
 * reaches, never with another .c file through a header they share.
 *
 * Each file is read and scanned once per struct reach: the text comes from
 * the caller when it has the file (the working contents), otherwise from
 * the tree on disk.
 */
#ifndef CDMIGRATE_REACH_H
#define CDMIGRATE_REACH_H

#include "base/util.h"

struct reach;

/*
 * The caller's text of a file (relative to the tree), or NULL when the
 * file is to be read from the tree.
 */
typedef const struct strbuf *(*reach_text_fn)(const char *rel, void *data);

/* A new, empty struct reach over tree; text may be NULL (the disk only). */
struct reach *reach_new(const char *tree, reach_text_fn text, void *data);

/*
 * Append to out every header `file` reaches, nearest first (breadth
 * first: its own #includes in their order, then theirs), each once, never
 * file itself.  Only headers that are files of the tree count; a
 * directive in an inactive #if branch counts too.
 */
void reach_headers(struct reach *r, const char *file, struct strvec *out);

void reach_free(struct reach *r);

#endif
