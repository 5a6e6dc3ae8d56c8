/*
 * task.h: one patch of a step run on the step's files: the tasks
 * (group.h) run by the pool, retried group by group and file by file,
 * their diffs merged into the working files.
 */
#ifndef CDMIGRATE_TASK_H
#define CDMIGRATE_TASK_H

#include "engine/engine.h"

/*
 * Run patch, one semantic patch of step, over step_files: tasks built by
 * group_build_tasks(), taken from the cache or run by the pool, a failed
 * one retried group by group then file by file; the diffs merged into the
 * working files (e->changes gains them; a conflict marks both files).
 * Returns 0, or -1 when spatch misbehaved (hang, crash, a diff that does
 * not apply) or could not run: a message was printed.
 */
int task_run_patch(struct engine *e, size_t step, const char *patch,
		   const struct strvec *step_files);

#endif
