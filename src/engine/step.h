/*
 * step.h: one planned step: its patches (task.h), then its C rewriter
 * passes, or its result replayed from the cache (step-cache.h).
 */
#ifndef CDMIGRATE_STEP_H
#define CDMIGRATE_STEP_H

#include "engine/engine.h"

/*
 * Run a step: its patches (task.h), then its rewriter passes; or replay it
 * from the cache when the same state was seen before (a step whose spatch
 * timed out or was killed is never kept).  st gets its numbers.  Returns
 * 0, or -1 when the run must end (a message was printed).
 */
int step_run(struct engine *e, size_t step, struct migrate_step_stats *st);

#endif
