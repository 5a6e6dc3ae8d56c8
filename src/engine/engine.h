/*
 * engine.h: the migration engine's own state, shared by its files and by
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
 *   result.c       the series, the in-place edit and report.json
 */
#ifndef CDMIGRATE_ENGINE_H
#define CDMIGRATE_ENGINE_H
#include <time.h>
#include "analyze/scan.h"
#include "analyze/site.h"
#include "base/util.h"
#include "engine/migrate.h"
#include "plan/plan.h"

struct cache_hasher;
struct file_diff;

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
	/* verify's held-back units, each "CAUSE\tERROR\tFILE\tFILE...": the
	 * file whose new error held them back, that error, the files */
	struct strvec held_units;
};

struct file_state {
	const char *status, *status_step;
	char *detail;
	int excluded;
};

struct replayed_file {
	struct work_file *f;
	const char *content;		/* NULL: unchanged */
	size_t len;
	const char *status, *status_step;
	char *detail;
	int excluded;
};

struct replay {
	struct replayed_file *files;
	size_t nr, alloc;
	struct strvec numbers;		/* 'N' records, in order */
	struct strvec change_paths, change_diffs;
	struct strvec sites;		/* 'I' records, for verify */
	struct strvec held_changes;	/* 'H' records: indexes of changes verify held back */
};

/* migrate.c */
double engine_now(clockid_t clock);
int engine_in_strvec(const struct strvec *v, const char *s);
struct work_file *engine_find_file(struct engine *e, const char *path);

/* working-set.c */
int working_set_has_trigger(const struct strbuf *text, const char *const *triggers);
/*
 * Does text name the static struct class object `name` (an identifier of
 * that name, in a file that declares no object of another struct type
 * under it at file scope: a driver's "static struct foo_driver x_class"
 * is not the struct class x_class another file defines)?
 */
int working_set_names_class(const struct strbuf *text, const char *name);
void working_set_set_status(struct work_file *f, const char *status, const char *step, const char *detail);
int working_set_load(struct engine *e);
int working_set_write_file(const char *path, const char *buf, size_t len);
int working_set_sync_scratch(struct engine *e);
/*
 * Headers beside the working .c files that are not candidates themselves
 * (a driver's private "foo.h") still give spatch its types: copied into
 * the scratch tree once, before the first spatch run (a run whose every
 * task comes from the cache needs none).
 */
void working_set_copy_sibling_headers(struct engine *e);

/* group.c */
size_t group_cost(struct engine *e, const struct strvec *files);
int group_cost_before(size_t cost_a, size_t a, size_t cost_b, size_t b);
void group_build_tasks(struct engine *e, size_t step, const struct strvec *step_files);

/*
 * The names the rules of a `group: file` patch carry from one file to
 * another (group.c: show/store callbacks, structs with a struct class
 * member), declared anywhere in files: appended to names, sorted, once.
 */
void group_carried_names(struct engine *e, const struct strvec *files, const char *const *triggers,
			 struct strvec *names);

/* slice.c */
/*
 * spatch's view of a .c file for a patch whose rules can only match code
 * that names one of `needed` (sorted: spatch_grep_tokens() and the names
 * the rules carry between files, group_carried_names()): each function
 * definition at file scope whose tokens name none of them and whose body
 * holds no preprocessor directive keeps its head and loses its body
 * ("{...}" becomes ";" and blanks, newlines kept).  Every line keeps its
 * number, and every line outside those bodies its text; a function so
 * reduced is a declaration spatch still types its calls with.  Appends
 * to out; returns how many bodies went.
 */
size_t slice_text(const char *text, size_t len, const struct strvec *needed, struct strbuf *out);

/*
 * Rewrite d, spatch's diff of `sliced` (slice_text() of `original`), into
 * the diff of `original`: its context and removed lines take the
 * original's text of their line.  Returns 0, or -1 (d partly rewritten)
 * when a removed line is one slicing changed: the rules touched a body it
 * cut, which they cannot.
 */
int slice_restore(struct file_diff *d, const char *original, size_t original_len,
		  const char *sliced, size_t sliced_len);

/* task.c */
void task_clear_all(struct engine *e);
struct task *task_add(struct engine *e, size_t step);
int task_run_patch(struct engine *e, size_t step, const char *patch,
		   const struct strvec *step_files);

/* step.c */
/*
 * The classifier options of a migration's parses (the step passes', verify's):
 * its tree, its kernel headers, -j; no include/linux/ is no error; verify's
 * view of errors (classify.h, type_errors), so that step 70's check counts
 * what verify will count.
 */
void engine_classify_options(const struct engine *e, struct classify_options *co);
int step_run(struct engine *e, size_t step, struct migrate_step_stats *st);

/* step-cache.c */
void step_cache_tree_fingerprint(struct engine *e, char key[33]);
void step_cache_hash_state(struct engine *e, struct cache_hasher *h);
void step_cache_key(struct engine *e, size_t step, char key[33]);
struct file_state *step_cache_save_states(struct engine *e);
void step_cache_free_states(struct engine *e, struct file_state *s);
void step_cache_add_file_records(struct engine *e, const struct file_state *was,
				 const struct strbuf *old, struct strbuf *payload);
void step_cache_replay_release(struct replay *r);
int step_cache_replay_parse(struct engine *e, const struct strbuf *payload, struct replay *r);
/* diag as kept in the cache: the tree's path '\002', its name as given '\003', put back by replay_diag */
void step_cache_diag_for_cache(struct engine *e, const struct strbuf *diag, struct strbuf *out);
void step_cache_replay_diag(struct engine *e, const struct strbuf *diag);
void step_cache_replay_files(struct replay *r);
int step_cache_replay_step(struct engine *e, size_t step, const char *key, struct migrate_step_stats *st);
void step_cache_store_step(struct engine *e, size_t step, const char *key, const struct file_state *was,
			   const struct strbuf *old, size_t first_change, int conflicts,
			   const struct migrate_step_stats *st, const struct strbuf *diag);

/* verify.c */
int verify_changes(struct engine *e, struct site_list *before_sites,
		   struct site_list *after_sites, struct migrate_stats *stats);
int verify_is_changed(const struct work_file *f);

/* result.c */
int result_write(struct engine *e, struct migrate_stats *stats,
		 const struct site_list *before_sites, const struct site_list *after_sites);

#endif
