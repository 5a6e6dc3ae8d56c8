/*
 * manifest.h: the steps of the migration, as listed in
 * semantic-patches/steps.  The table is generated from that file at build
 * time (src/gen-manifest.py -> src/manifest-table.c): the steps are never
 * listed twice by hand.
 */
#ifndef CDMIGRATE_MANIFEST_H
#define CDMIGRATE_MANIFEST_H

#include <stddef.h>
#include <string.h>

/*
 * Another set of patches for a step, chosen by name (`variant:` in the
 * manifest; migrate --interface=callbacks picks step 50's "callbacks").
 */
struct manifest_variant {
	const char *name;		/* "callbacks" */
	const char *title;		/* for patch subjects: its own, or the step's */
	const char *const *patches;	/* in place of the step's patches */
	const char *const *requires;	/* preconditions (plan.h) it needs besides the step's */
	const char *description;	/* the /// lines of these patches */
};

struct manifest_step {
	unsigned order;			/* 10, 20, ... */
	const char *name;		/* "class-create" */
	const char *title;		/* one line, for patch subjects */
	const char *const *patches;	/* relative to the semantic-patches dir */
	const char *const *triggers;	/* candidate tokens */
	const char *const *options;	/* extra spatch arguments */
	const char *const *requires;	/* precondition names (plan.h) */
	int in_tree_only;		/* scope: in-tree */
	const char *const *prepare;	/* C rewriter passes run before the patches */
	const char *const *rewriter;	/* C rewriter passes run after them */
	const char *const *follow;	/* "class-objects": also the files using the
					   static struct class objects by name */
	const char *description;	/* the /// lines of the patches' headers */
	const struct manifest_variant *variants;	/* ends with a NULL name */
};

extern const struct manifest_step manifest_steps[];
extern const size_t manifest_nr_steps;

/* The step called `name` or numbered `name` ("40"), or NULL. */
const struct manifest_step *manifest_find(const char *name);

/* The variant of `step` called `name`, or NULL (also for a NULL name). */
static inline const struct manifest_variant *
manifest_variant(const struct manifest_step *step, const char *name)
{
	for (const struct manifest_variant *v = step->variants; name && v && v->name; v++)
		if (!strcmp(v->name, name))
			return v;
	return NULL;
}

/* Number of entries in a NULL-terminated list. */
size_t manifest_count(const char *const *list);

#endif
