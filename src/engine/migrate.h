/*
 * migrate.h: the migration engine: runs the planned steps on a scratch copy
 * and produces a reviewable patch series or an atomic in-place edit.
 *
 * For each step that runs, in plan order, each on the output of the one
 * before:
 *  1. the candidate files are the working files whose current text holds a
 *     trigger token of the step (driver-core files only for in-tree steps,
 *     never for the others), limited to the PATHs and --subsystem given;
 *  2. the files are split into spatch file groups as the step's manifest
 *     `group` says (manifest.h: per subsystem, joined by class objects or
 *     by included headers; each with the step's headers its files include
 *     directly), groups with none of the step's `needs` tokens dropped;
 *     one task per group, or, for a patch without script rules, the groups
 *     packed into at most 8 tasks of similar size run with --file-groups;
 *     neither depends on -j.  Tasks run -j at a time, largest first, with
 *     a per-task timeout; a task that exits non-zero is rerun group by
 *     group, then file by file, so one bad file never loses the others.
 *     A task that hangs (timeout), crashes (a signal) or prints anything
 *     but a whole diff that applies is a fault of spatch: the run ends
 *     with EXIT_USAGE, nothing written and nothing of it cached;
 *  3. the diffs of all tasks are merged per file: identical hunks count
 *     once, different edits of the same lines are a conflict (the file is
 *     left as it was and the run ends with exit 3);
 *  4. every changed file is re-parsed with libclang against the converted
 *     headers: a change that adds parse errors is held back (verify).
 * A step (patches and rewriter) and verify whose inputs are the same as in
 * an earlier run (cache.h: the working files and their states, the tree's
 * fingerprint, the options, the patches, spatch and cdmigrate itself) are
 * replayed from the cache, messages included; a step where a spatch task
 * timed out or was killed is never kept.
 * Output: OUT/NNNN-<subsystem>-<step>.patch (one per subsystem per step, in
 * plan order), OUT/0000-cover-letter.patch, OUT/report.json; or, with
 * in_place, the tree edited through the journal (journal.h) and the same
 * report in TREE/.cdmigrate/migrate.json.
 */
#ifndef CDMIGRATE_MIGRATE_H
#define CDMIGRATE_MIGRATE_H

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
	/* verify's libclang parses: before the change, after it, again
	 * without one header; the unchanged users of changed headers judged;
	 * of the parses, those the parse memo answered (classify.h) */
	unsigned verify_parsed_before, verify_parsed_after, verify_parsed_without, verify_users;
	unsigned verify_parsed_cached;
	int verify_replayed;		/* verify taken whole from the cache */
	double verify_cpu;		/* CPU seconds of verify */
	unsigned long verify_parses;	/* its libclang parses (classify_parse_count()) */
	double setup_wall;		/* plan and working set, before the steps */
	double output_wall;		/* the series or the in-place edit */
	unsigned bisect_mended;		/* prefixes --check-bisect mended (series-plan.h) */
	unsigned bisect_parsed, bisect_cached;	/* its parses; of them, the parse memo's */
};

/*
 * Run the migration.  Returns the exit status: EXIT_CLEAN when nothing
 * changes (or in_place and everything was written), EXIT_FINDINGS when a
 * series with changes was written or a step was refused (its error says
 * why; the other steps are written), EXIT_CONFLICT when a file had
 * conflicting edits (the rest is still written), EXIT_USAGE on errors (a
 * one-line message was printed).  stats may be NULL; free its steps array.
 */
int migrate_run(const struct migrate_options *opts, struct migrate_stats *stats);

#endif
