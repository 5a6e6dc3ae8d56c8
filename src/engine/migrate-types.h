/*
 * migrate-types.h: what a migration is asked to do and what it measured:
 * the options cmd/migrate.c fills in, the numbers migrate_run() hands
 * back.  Every file of the engine reads the options (engine.h); kept apart
 * from migrate.h so that they need not include the file that runs them.
 */
#ifndef CDMIGRATE_MIGRATE_TYPES_H
#define CDMIGRATE_MIGRATE_TYPES_H

#include "base/util.h"

struct migrate_options {
	const char *tree;
	const char *kernel;		/* --kernel DIR, NULL in-tree */
	const struct strvec *paths;	/* restrict converted files, or NULL */
	const char *only_step;
	const char *only_subsystem;
	int jobs;
	unsigned timeout_s;		/* per spatch task; 0: none */
	const char *out_dir;		/* series output, or NULL with in_place */
	int in_place;
	int force;			/* in_place on a dirty git tree */
	int quiet;			/* no progress on stderr */
	/*
	 * A step variant by name (manifest.h): a step that has one runs its
	 * patches instead of its own (--interface=callbacks: "callbacks");
	 * NULL: every step's own patches.
	 */
	const char *variant;
	/*
	 * The series (out_dir): the largest patch in bytes (SubmittingPatches'
	 * 40 kB: MIGRATE_SIZE_LIMIT; 0 for none), a step's subsystem split by
	 * driver beyond it (series-plan.h); a Signed-off-by: line from the git
	 * identity (series_signoff_identity()); each patch checked by this
	 * checkpatch.pl (NULL: the tree's scripts/checkpatch.pl when it has
	 * one; "" none: checkpatch.h); every prefix of the series parsed
	 * (bisect.h).
	 */
	size_t size_limit;
	int signoff;
	const char *checkpatch;
	int check_bisect;
};

/* SubmittingPatches: "If your patch, uncompressed, exceeds 40 kB in size" */
#define MIGRATE_SIZE_LIMIT (40 * 1024)

/* Per-step numbers for benchmarks (runner/bench-migrate). */
struct migrate_step_stats {
	unsigned order;
	const char *name;
	double wall, cpu;		/* seconds, cdmigrate and its children */
	double cpu_children;		/* of cpu: the children's (spatch) */
	unsigned long parses;		/* libclang parses (classify_parse_count()) */
	unsigned spatch_runs;
	unsigned groups;		/* spatch file groups (manifest_group) */
	unsigned largest_group;		/* files in the largest */
	unsigned files_changed;
	int refused;			/* a rewriter pass refused the step (rewrite.h) */
	int replayed;			/* taken whole from the step cache */
};

struct migrate_stats {
	struct migrate_step_stats *steps;
	size_t nr;
	unsigned files_changed;		/* over the whole run */
	unsigned conflicts, held_back, failures;
	unsigned refused;		/* steps refused: nothing of theirs is written */
	double verify_wall;
	/* verify's libclang parses: before the change (of them, against
	 * blank header bodies), after it, again without one header; the
	 * unchanged users of changed headers judged; of the parses, those
	 * the parse memo answered (classify.h) */
	unsigned verify_parsed_before, verify_parsed_blank, verify_parsed_after, verify_parsed_without,
		verify_users;
	unsigned verify_parsed_cached;
	int verify_replayed;		/* verify taken whole from the cache */
	double verify_cpu;		/* CPU seconds of verify */
	unsigned long verify_parses;	/* its libclang parses (classify_parse_count()) */
	double setup_wall;		/* plan and working set, before the steps */
	double output_wall;		/* the series or the in-place edit */
	int series_replayed;		/* the series plan taken from the cache (series-cache.h) */
	unsigned bisect_mended;		/* prefixes --check-bisect mended (series-plan.h) */
	unsigned bisect_parsed, bisect_cached;	/* its parses; of them, the parse memo's */
};

#endif
