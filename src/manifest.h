/*
 * manifest.h: the steps of the migration, as listed in
 * semantic-patches/steps.  The table is generated from that file at build
 * time (src/gen-manifest.py -> src/manifest-table.c): the steps are never
 * listed twice by hand.
 */
#ifndef CDMIGRATE_MANIFEST_H
#define CDMIGRATE_MANIFEST_H

#include <stddef.h>

struct manifest_step {
	unsigned order;			/* 10, 20, ... */
	const char *name;		/* "class-create" */
	const char *title;		/* one line, for patch subjects */
	const char *const *patches;	/* relative to the semantic-patches dir */
	const char *const *triggers;	/* candidate tokens */
	const char *const *options;	/* extra spatch arguments */
	const char *const *requires;	/* precondition names (plan.h) */
	int in_tree_only;		/* scope: in-tree */
	const char *const *rewriter;	/* C rewriter passes */
	const char *const *follow;	/* "class-objects": also the files using the
					   static struct class objects by name */
	const char *description;	/* the /// lines of the patches' headers */
};

extern const struct manifest_step manifest_steps[];
extern const size_t manifest_nr_steps;

/* The step called `name` or numbered `name` ("40"), or NULL. */
const struct manifest_step *manifest_find(const char *name);

/* Number of entries in a NULL-terminated list. */
size_t manifest_count(const char *const *list);

#endif
