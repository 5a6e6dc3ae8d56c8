/*
 * result.h: what a migration leaves: the patch series (series-plan.h,
 * series.h, checkpatch.h, bisect.h) or the in-place edit (journal.h), and
 * report.json / migrate.json.
 */
#ifndef CDMIGRATE_RESULT_H
#define CDMIGRATE_RESULT_H

#include "engine/engine.h"

/*
 * Write the result of e's steps as e->opts asks; the sites verify found
 * before and after give each step's converted count.  Returns 0, or -1
 * when something could not be written (a message was printed).
 */
int result_write(struct engine *e, struct migrate_stats *stats,
		 const struct site_list *before_sites, const struct site_list *after_sites);

#endif
