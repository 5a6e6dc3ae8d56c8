/*
 * working-set.h: the working files of a migration: every candidate file of
 * every step (within the PATHs), loaded with its text, and the scratch
 * copy spatch runs on.
 */
#ifndef CDMIGRATE_WORKING_SET_H
#define CDMIGRATE_WORKING_SET_H

#include "engine/engine.h"

/* Does text hold one of triggers (a NULL-terminated list) as a token? */
int working_set_has_trigger(const struct strbuf *text, const char *const *triggers);
/*
 * Does text name the static struct class object `name` (an identifier of
 * that name, in a file that declares no object of another struct type
 * under it at file scope: a driver's "static struct foo_driver x_class"
 * is not the struct class x_class another file defines)?
 */
int working_set_names_class(const struct strbuf *text, const char *name);
/*
 * Fill e->files with every candidate file of every planned step (within
 * the PATHs and --subsystem), sorted by path, each with its subsystem and
 * text, and e->class_objects, e->class_homes, e->includes; the selection
 * is cached by the tree's fingerprint.  Returns 0, or -1 (message printed).
 */
int working_set_load(struct engine *e);
/* Write buf to path, creating its folders.  Returns 0, or -1 (message printed). */
int working_set_write_file(const char *path, const char *buf, size_t len);
/* Bring the scratch copy up to date with the working texts.  0, or -1. */
int working_set_sync_scratch(struct engine *e);
/*
 * Headers beside the working .c files that are not candidates themselves
 * (a driver's private "foo.h") still give spatch its types: copied into
 * the scratch tree once, before the first spatch run (a run whose every
 * task comes from the cache needs none).
 */
void working_set_copy_sibling_headers(struct engine *e);

#endif
