/*
 * verify.h: every changed file re-parsed against the converted headers,
 * and the unchanged users of changed headers that name what changed
 * (header-users.h); a change that adds a parse error is held back with
 * the changes it goes back together with (doc/design.md, "verify").
 * Rounds repeat until one holds nothing back; what goes back together
 * with a broken change is hold-back.h's policy.
 */
#ifndef CDMIGRATE_VERIFY_H
#define CDMIGRATE_VERIFY_H

#include "engine/engine.h"

/*
 * Verify e's changes, or replay the verify of the same state from the
 * cache.  Held-back files get status "held-back" and excluded; their
 * changes held_back; e->held_units gains one unit each time.  The sites
 * of the changed files before and after are appended to before_sites and
 * after_sites (the caller releases them); stats gets the counts.
 * Returns 0, or -1 when a parse could not run (a message was printed).
 */
int verify_changes(struct engine *e, struct site_list *before_sites,
		   struct site_list *after_sites, struct migrate_stats *stats);

#endif
