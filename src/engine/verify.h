/*
 * verify.h: every changed file re-parsed against the converted headers,
 * and the unchanged users of changed headers that name what changed
 * (header-users.h); a change that adds a parse error is held back with
 * the changes it goes back together with (doc/design.md, "verify").
 * Rounds repeat until one holds nothing back.
 */
#ifndef CDMIGRATE_VERIFY_H
#define CDMIGRATE_VERIFY_H

#include "engine/engine.h"

/*
 * Changed files that went back together, for report.json's
 * held_back_units: cause is the file whose new error held them back,
 * error that error as shown, files the files held back (cause among
 * them when it was changed).  Owned by the engine's held_units.
 */
struct held_unit {
	char *cause, *error;
	struct strvec files;
};

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

/* Does f's current text differ from its original, and f is not excluded? */
int verify_is_changed(const struct work_file *f);

/* Free e's held units and empty the list. */
void verify_held_units_clear(struct engine *e);

#endif
