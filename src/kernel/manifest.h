/*
 * manifest.h: the steps of the migration, as listed in
 * semantic-patches/steps.  The table is generated from that file at build
 * time (src/kernel/gen-manifest.py -> src/kernel/manifest-table.c): the
 * steps are never listed twice by hand.
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

/*
 * How the engine splits a step's files into spatch file groups (`group:`
 * in the manifest).  Each group is run on its own: Coccinelle binds
 * metavariables across the files of one group, which costs time and memory
 * that grow faster than the group, so a group holds only what the rules
 * must see together.  Every kind also puts in a file's group the step's
 * files that it includes (directly; for MANIFEST_GROUP_FILE also through
 * other headers).
 */
enum manifest_group {
	/* one group per subsystem (the default) */
	MANIFEST_GROUP_SUBSYSTEM,
	/*
	 * the files joined by the static struct class objects they name: a
	 * class's definition, its extern declarations and its users are in
	 * one group (each file alone when it names none); a step header the
	 * files include joins no two groups: it is in each includer's group
	 */
	MANIFEST_GROUP_CLASS,
	/*
	 * what each file needs, not what files share: a .c file with the
	 * step's .c files that define a non-static function it names whose
	 * parameters hold a trigger token (a callback the step converts),
	 * and the step's headers it reaches through #include, directly or
	 * through other headers (nearest first; at most 16 files); a step
	 * header no .c file reaches, with the step's headers it reaches.  A
	 * header is in the group of every .c file that reaches it (the edits
	 * of each are merged, identical ones once) and never joins two .c
	 * files
	 */
	MANIFEST_GROUP_FILE,
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
	enum manifest_group group;	/* how its files form spatch groups */
	const char *const *needs;	/* a group none of whose files holds one
					   of these tokens is not run (its rules
					   cannot change it); empty: every group */
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

/*
 * The directory holding semantic-patches/steps and the patches:
 * $CDMIGRATE_PATCH_DIR, else the source tree's for a binary that was not
 * installed, else the installed one.  Borrowed string.
 */
const char *manifest_patch_dir(void);

#endif
