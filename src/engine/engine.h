/*
 * engine.h: the migration engine's state, shared by its files and by
 * nothing else (the program sees migrate.h).  migrate_run() (migrate.c)
 * builds a struct engine and runs, for each planned step:
 *
 *   working-set.c  the candidate files, their contents, the scratch copy
 *   group.c        a step's files split into spatch file groups, packed
 *                  into tasks
 *   task.c         the tasks run by the pool (spatch), their diffs merged
 *   slice.c        what spatch reads of a .c file: the bodies no rule can match cut
 *   step.c         one step: patches, then the C rewriter passes
 *   step-cache.c   a step's and verify's results kept and replayed
 *   verify.c       changed files re-parsed; what adds errors held back
 *                  (hold-back.c: which changes go back together)
 *   result.c       the series, the in-place edit and report.json
 *
 * Each has its own header; this one holds only what they all share: the
 * working files, the changes, the tasks, and the lookups on them.
 */
#ifndef CDMIGRATE_ENGINE_H
#define CDMIGRATE_ENGINE_H
#include <time.h>
#include "analyze/scan.h"
#include "analyze/site.h"
#include "base/util.h"
#include "engine/migrate-types.h"
#include "plan/plan.h"

struct classify_options;
struct held_unit;

struct work_file {
	char *path;
	char *subsystem;
	struct strbuf original;
	struct strbuf current;
	struct strbuf written;		/* what the scratch copy holds */
	int sliced;			/* written is spatch's reduced view (slice.c), not current */
	const char *status;		/* NULL, or a migrate.json status */
	char *detail;
	const char *status_step;
	int excluded;			/* conflict or held back: never changed */
};

struct step_change {
	size_t step;			/* index in plan.steps */
	size_t file;			/* index in engine.files */
	char *diff;
	int held_back;			/* verify gave this step's change of the file (and
					 * every later one) back: not in the series */
};

struct task {
	size_t step;
	struct strvec files;
	struct strbuf out, err;
	int status;
	unsigned timed_out:1;
	unsigned crashed:1;		/* killed by a signal (status 128 + signal) */
	unsigned cached:1;		/* result taken from the cache: not run */
	unsigned completed:1;		/* ran to its end: its result can be cached */
	int failed;		/* 1 failed, 2 split into retries */
	size_t cost;		/* bytes of its files, to start the largest first */
};

struct engine {
	const struct migrate_options *opts;
	struct plan plan;
	char *tree;			/* absolute */
	char *scratch;
	struct work_file *files;
	size_t nr, alloc;
	struct include_graph includes;
	struct strvec class_objects;	/* names of static struct class objects */
	struct strvec class_homes;	/* "name\tfile" where each is defined or declared */
	struct step_change *changes;
	size_t nr_changes, alloc_changes;
	struct strvec include_dirs;
	const char *patch;		/* the .cocci file being run */
	const char *const *options;
	struct task *tasks;
	size_t nr_tasks, alloc_tasks;
	size_t *order, nr_order, next_task;	/* tasks in the order they start */
	unsigned spatch_runs;
	unsigned groups, largest_group;	/* file groups built, for --stats */
	char tree_key[33];		/* step_cache_tree_fingerprint() */
	int siblings_copied;		/* working_set_copy_sibling_headers() ran */
	int incomplete;			/* a spatch task timed out or was killed */
	struct strbuf *diag;		/* what the running step prints, or NULL */
	int conflicts;
	struct held_unit *held_units;	/* verify's, in the order it held them back */
	size_t nr_held_units, alloc_held_units;
};

/* Seconds on clock (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID). */
double engine_now(clockid_t clock);

/* Does f's current text differ from its original, and f is not excluded? */
int engine_file_changed(const struct work_file *f);

/* The working file of that path (relative to the tree), or NULL. */
struct work_file *engine_find_file(struct engine *e, const char *path);

/*
 * Mark f with a migrate.json status (a static string, as are step's)
 * and a copy of detail (NULL: ""); a conflict is never overwritten.
 */
void engine_set_file_status(struct work_file *f, const char *status, const char *step, const char *detail);

/*
 * A new task of step, without files, at the end of e->tasks: the pointer
 * is good until the next engine_add_task().  engine_clear_tasks() frees
 * every task's files and output and empties the list (the array is kept).
 */
struct task *engine_add_task(struct engine *e, size_t step);
void engine_clear_tasks(struct engine *e);

/*
 * The classifier options of a migration's parses (the step passes', verify's,
 * --check-bisect's): its tree, its kernel headers, -j; no include/linux/ is
 * no error; verify's view of errors (classify.h, type_errors), so that step
 * 70's check counts what verify will count.
 */
void engine_classify_options(const struct engine *e, struct classify_options *co);

#endif
