/*
 * step-cache.h: a step's and verify's results kept in the cache (cache.h)
 * and replayed: the working files' texts and states, the changes, what
 * was printed.
 */
#ifndef CDMIGRATE_STEP_CACHE_H
#define CDMIGRATE_STEP_CACHE_H

#include "engine/engine.h"

struct cache_hasher;

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

/*
 * Keys (32 hex digits and a NUL): the tree's contents (and --kernel's)
 * wherever it is (its files read by e->opts->jobs threads; with walked
 * non-NULL and empty, the tree's .c and .h files as walk_tree() lists
 * them are left there, for plan_options.files); the state a step or verify starts from, added to h
 * (the working files and their states, the options, the binary); the
 * key of step on that state (its patches and spatch too).
 */
void step_cache_tree_fingerprint(struct engine *e, char key[33], struct strvec *walked);
void step_cache_hash_state(struct engine *e, struct cache_hasher *h);
void step_cache_key(struct engine *e, size_t step, char key[33]);
/*
 * Every working file's status, as it is before a step or verify runs
 * (one per e->files); freed with step_cache_free_states().
 */
struct file_state *step_cache_save_states(struct engine *e);
void step_cache_free_states(struct engine *e, struct file_state *s);
/*
 * Records, appended to payload, of each file whose state differs from
 * `was` (and its text, when it differs from `old`, one per e->files).
 */
void step_cache_add_file_records(struct engine *e, const struct file_state *was,
				 const struct strbuf *old, struct strbuf *payload);
/*
 * Read a kept payload into r (pointing into payload; release r with
 * step_cache_replay_release() even on failure).  Returns 1, or 0 when
 * anything is off: then it is not used.
 */
void step_cache_replay_release(struct replay *r);
int step_cache_replay_parse(struct engine *e, const struct strbuf *payload, struct replay *r);
/* diag as kept in the cache: the tree's path '\002', its name as given '\003', put back by replay_diag */
void step_cache_diag_for_cache(struct engine *e, const struct strbuf *diag, struct strbuf *out);
void step_cache_replay_diag(struct engine *e, const struct strbuf *diag);
/* Put r's texts and states into the working files. */
void step_cache_replay_files(struct replay *r);
/*
 * A step's result taken from the cache under key: 1 when it was there
 * (working files, changes, st and what it printed replayed), else 0.
 * step_cache_store_step() keeps it: the files' states before (was) and
 * texts (old), the changes from first_change on, conflicts, st and diag.
 */
int step_cache_replay_step(struct engine *e, size_t step, const char *key, struct migrate_step_stats *st);
void step_cache_store_step(struct engine *e, size_t step, const char *key, const struct file_state *was,
			   const struct strbuf *old, size_t first_change, int conflicts,
			   const struct migrate_step_stats *st, const struct strbuf *diag);

#endif
