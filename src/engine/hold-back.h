/*
 * hold-back.h: verify's policy of what goes back together.  Verify
 * (verify.h) finds what a change breaks; once it holds a file back, this
 * decides what else goes with it:
 *  - a changed file held back takes back its whole change (status
 *    "held-back", excluded) and, to a fixed point, every changed file
 *    whose change names a file-scope name the other's change declares
 *    anew (a class object retyped in one file and declared extern in
 *    another), either way round (hold_back_unit());
 *  - a header several steps changed goes back one step at a time, its
 *    last step first, with the same step's changes of the files that
 *    removed a name it removed (hold_back_last_step()).
 * What a header declares reaches its users through their parse: a file
 * that only breaks once a header went back is verify's next round's to find.
 *
 * Lifecycle: hold_back_init() before the first round, hold_back_release()
 * after the last.  Per broken file: a struct held_unit with cause and
 * error set, hold_back_last_step() or else hold_back_file(), then
 * hold_back_unit(), which hands the unit to the engine.
 */
#ifndef CDMIGRATE_HOLD_BACK_H
#define CDMIGRATE_HOLD_BACK_H

#include "engine/engine.h"

/*
 * Changed files that went back together, for report.json's
 * held_back_units: cause is the file whose new error held them back,
 * error that error as shown, files the files held back (or given back a
 * step), in order.  Owned by the engine's held_units once handed over.
 */
struct held_unit {
	char *cause, *error;
	struct strvec files;
};

struct hold_back {
	struct engine *e;
	struct migrate_stats *stats;	/* held_back counts each file held back */
	/* headers held back (whole or a step) so far, in order; each as the
	 * messages name it; each one's names that went back (header_users_names) */
	struct strvec held_headers, held_shown;
	struct strvec *held_names;
	size_t held_names_alloc;
	/* files given back a step since the caller last cleared it: their
	 * text changed, so their parse after the change is stale */
	struct strvec stepped_back;
	/* per working file, on first need: the identifiers of its change, the
	 * file-scope names its change declares anew */
	struct strvec *change_ids, *change_globals;
	char *have_change_names;
};

void hold_back_init(struct hold_back *hb, struct engine *e, struct migrate_stats *stats);
void hold_back_release(struct hold_back *hb);

/*
 * Hold back f's whole change (unless f is already excluded): prints
 * "held back: detail", marks f, adds it to u->files; a header's names
 * that went back are kept for later messages.
 */
void hold_back_file(struct hold_back *hb, struct held_unit *u, struct work_file *f, const char *detail);

/*
 * A header that several steps changed goes back one step at a time: the
 * last step's change first, so that one step's change (a prototype a
 * later step removed) does not take the earlier steps' with it (the
 * driver core every user of the new API needs).  The same step's changes
 * of other files that removed a name this one removed (the definition of
 * that prototype) go back with it: a declaration kept with its definition
 * gone would compile and never link.  Those changes are marked held_back
 * and leave the series; the files' texts are rebuilt from their originals
 * and earlier steps' diffs and listed in stepped_back.  Returns 1 when it
 * gave a step back, 0 when h is a .c file or has only one step (hold it
 * back whole with hold_back_file()).
 */
int hold_back_last_step(struct hold_back *hb, struct held_unit *u, struct work_file *h, const char *detail);

/*
 * Hold back, to a fixed point, every changed file whose change depends on
 * one of u's files (see above), then move u into e->held_units (u's
 * fields belong to the engine after; u itself may go).
 */
void hold_back_unit(struct hold_back *hb, struct held_unit *u);

/* Free e's held units and empty the list. */
void hold_back_units_clear(struct engine *e);

#endif
