/*
 * series-cache.h: the series plan of a migration kept in the cache
 * (cache.h) and replayed: which changes make which patch (the units of
 * series_plan_step() and series_plan_mend()) and what --check-bisect
 * found.  Planning tokenizes every changed file's text and its users'
 * once per header change, and --check-bisect parses every prefix; a rerun
 * over an unchanged tree (at this path or another) gets the same plan
 * from its inputs' key instead.
 *
 * The key covers everything the plan is made of: the working files'
 * texts and states and the tree's fingerprint (step_cache_hash_state():
 * the binary, the options, the tree's .c and .h files wherever it is),
 * the plan's steps, every change (its step, file, diff, whether verify
 * held it back), the sites before and after, the series' metadata (its
 * name, base commit, author, sign-off: what a patch's size counts), the
 * size limit, --check-bisect and the tree's MAINTAINERS file.
 */
#ifndef CDMIGRATE_SERIES_CACHE_H
#define CDMIGRATE_SERIES_CACHE_H

#include "engine/bisect.h"
#include "engine/series-plan.h"
#include "engine/series.h"
#include "analyze/site.h"

struct series_cache_inputs {
	const struct site_list *before, *after;
	const struct series_meta *meta;
};

/* The key of the plan for e as it is after verify (32 hex digits and a NUL). */
void series_cache_key(struct engine *e, const struct series_cache_inputs *in, char key[33]);

/*
 * The plan kept under key: 1 with units (appended to the empty `units`),
 * *bisect (zeroed here) and *mended (series_plan_mend()'s merges) filled,
 * 0 when there is none or it does not fit e (then nothing is filled).
 * The caller owns what it fills.
 */
int series_cache_replay(struct engine *e, const char *key, struct series_units *units,
			struct bisect_result *bisect, unsigned *mended);

/* Keep the plan under key (a failure to write is ignored, as cache_put()'s). */
void series_cache_store(const char *key, const struct series_units *units,
			const struct bisect_result *bisect, unsigned mended);

#endif
