/*
 * series-plan.h: which changes of a migration make which patch of the
 * series, and in which order (engine-private, like engine.h).
 *
 * A patch is one step in one subsystem, as before, with two rules that a
 * maintainer and `git bisect` judge a series by:
 *
 *  1. Changes that depend on each other are never in different patches.
 *     Within a step, two changes are tied when
 *       - one changes a header (a member retyped, a macro, a prototype:
 *         the names header_users_names() gives, and the header's macros
 *         over them) and the other's file reaches that header through
 *         #include and its change names one of those names (a member only
 *         in a file that names its struct's tag): it adapts to the header
 *         and builds only with it; a file that merely uses a changed
 *         macro the same way before and after is not tied (where that is
 *         wrong, bisect.h finds it and series_plan_mend() ties it); or
 *       - one .c file's change declares a file-scope name anew
 *         (header_users_changed_globals(): a class object retyped, a
 *         prototype changed) and the other's change names it.
 *     The class_device implementation's files (kernel.h) are always tied:
 *     the API and its definitions; the API's own names (kernel.h:
 *     kernel_is_api_name()) tie no users elsewhere, each converts its
 *     own uses of them.
 *     The ties, closed transitively, make clusters: the smallest sets of
 *     changes that can build apart.  A cluster whose files lie in several
 *     subsystems goes in the patch of the subsystem most of its files are
 *     in (ties: strcmp), and says so.
 *  2. No patch is larger than `limit` bytes (the message as written: 40 kB
 *     is the list's limit, SubmittingPatches).  A larger one is split by
 *     driver: the files of a subsystem's directory grouped by their
 *     directory below it, or by their file name without its extension
 *     for a file directly in it ("drivers/scsi/lpfc/lpfc_attr.c" is
 *     driver "lpfc", "drivers/scsi/st.c" and "drivers/scsi/st.h" are
 *     "st"); a header under include/ takes the drivers of the changes it
 *     is tied to, or its own name.  Drivers joined by a cluster are one;
 *     drivers are packed in path order, as many per patch as fit; a
 *     driver larger than the limit alone is split by cluster; a cluster
 *     larger than the limit stays whole and is marked over the limit,
 *     with the tie that holds it together (series_unit.tie).
 *
 * The order is the plan's: steps in order; within a step, subsystems in
 * strcmp order; within a split subsystem, its parts in path order.  The
 * order of the parts does not matter to the build: they share no tie.
 * Whether every prefix builds is what bisect.h checks.
 */
#ifndef CDMIGRATE_SERIES_PLAN_H
#define CDMIGRATE_SERIES_PLAN_H

#include "engine/engine.h"

/* One patch to be: changes of one step (indexes into engine.changes). */
struct series_unit {
	size_t step;		/* index in plan.steps */
	char *subsystem;
	char *part;		/* a split's drivers ("lpfc, qla2xxx"), or NULL */
	unsigned part_nr, parts;	/* 1..parts for a split, 0 and 0 otherwise */
	size_t *changes;	/* in path order (file, then step) */
	size_t *cluster;	/* of each change: its cluster (rule 1), a number unique in the series */
	size_t nr;
	/*
	 * NULL, or when the unit is larger than the limit: why its changes
	 * cannot go apart ("include/scsi/scsi_host.h changes shost_attrs,
	 * which drivers/scsi/ipr.c uses; ...").
	 */
	char *tie;
	size_t bytes;		/* its size as measured */
	/* files of other subsystems in it (a cluster's), "path" each */
	struct strvec foreign;
	/* what series_plan_mend() moved into it and why, one sentence each */
	struct strvec notes;
};

struct series_units {
	struct series_unit *v;
	size_t nr, alloc;
};
#define SERIES_UNITS_INIT { NULL, 0, 0 }

void series_units_release(struct series_units *u);

/*
 * The texts of each changed file step by step: before[c] and after[c]
 * for each change c that is in the series (not held back, its file not
 * excluded); the others are empty.  Made by applying each change's diff
 * to the text before it (diff_apply()).  Returns 0, or -1 after error().
 */
struct series_texts {
	struct strbuf *before, *after;	/* e->nr_changes each */
	size_t nr;
};
int series_texts_make(struct engine *e, struct series_texts *t);
void series_texts_release(struct series_texts *t);

/* Whether change c goes in the series (its step's patches). */
int series_change_live(const struct engine *e, size_t c);

/*
 * How big the patch of a unit would be, in bytes as written (the caller
 * formats it: series.h).  data is series_plan_make()'s.
 */
typedef size_t (*series_size_fn)(struct engine *e, const struct series_unit *u, void *data);

/*
 * Append the units of step `step` to out in series order.  home[c] is the
 * subsystem of change c (result.c: a header's is that of its users);
 * limit is the largest patch in bytes (0: no limit, nothing splits).
 * t from series_texts_make().
 */
void series_plan_step(struct engine *e, size_t step, char *const *home,
		      const struct series_texts *t, size_t limit, series_size_fn size,
		      void *data, struct series_units *out);

/*
 * Mend the prefix ending with units->v[k], which does not build: the
 * files in broken do not parse (why: the first error).  Each broken file
 * that a later patch changes, or else reaches a header a later patch
 * changes, takes the clusters of the first such patch that hold them (and
 * every cluster between that changes a file one of them changes: a
 * file's changes stay in step order) into patch k; a patch left empty
 * goes, and patch k takes the name series_plan_name_for_most() gives.
 * The change it needs comes with the change that needs it (a class's
 * interface callbacks that step 40 retyped build only once step 50 moved
 * the interface).  Returns 1 when it merged, 0 when no later patch can
 * help (the break is reported as it is).  home as for series_plan_step().
 */
int series_plan_mend(struct engine *e, struct series_units *units, size_t k,
		     const struct strvec *broken, const char *why, char *const *home);

/*
 * What series_plan_mend() names patch k after it took changes: a patch
 * that holds more changes of another subsystem than of its own is that
 * subsystem's (driver core's patch that took the SCSI cluster it needed
 * is SCSI's, the way the kernel's own SCSI conversion was SCSI's), and
 * loses a split's part number; unless a whole patch of that subsystem's
 * step (no part) has the name already.  Ties keep the name.
 */
void series_plan_name_for_most(struct series_units *units, size_t k, char *const *home);

/*
 * Number the parts of each split again (after series_plan_mend()): the
 * units of one step and subsystem that are parts, 1..n in order, each
 * labelled with the drivers it holds now; a split left with one part is
 * no split.
 */
void series_plan_renumber(const struct engine *e, struct series_units *units);

#endif
