/*
 * group.h: a step's files split into spatch file groups (manifest.h's
 * `group`), the groups packed into tasks (engine_add_task()).
 */
#ifndef CDMIGRATE_GROUP_H
#define CDMIGRATE_GROUP_H

#include "engine/engine.h"

/* What running spatch on files costs: the bytes of their working texts. */
size_t group_cost(struct engine *e, const struct strvec *files);
/* Does the task of cost_a, index a, start before that of cost_b, index b? (largest first) */
int group_cost_before(size_t cost_a, size_t a, size_t cost_b, size_t b);
/*
 * Append to e->tasks the tasks of step (e->patch being run) on
 * step_files: one per file group the step's `needs` leave, or, for a
 * patch without script rules, the groups packed into at most 8 batches
 * (groups separated by "" in a task's files).
 */
void group_build_tasks(struct engine *e, size_t step, const struct strvec *step_files);

/*
 * The names the rules of a `group: file` patch carry from one file to
 * another (group.c: show/store callbacks, structs with a struct class
 * member), declared anywhere in files: appended to names, sorted, once.
 */
void group_carried_names(struct engine *e, const struct strvec *files, const char *const *triggers,
			 struct strvec *names);

#endif
