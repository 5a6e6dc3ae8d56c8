/*
 * bisect.h: does every prefix of the series build?  (`git bisect` lands on
 * any of them; engine-private, like engine.h.)
 *
 * After each patch, in series order, the tree is the original with the
 * changes of that patch and of those before it.  What verify checks of
 * the end state is checked of each of these states, with verify's parse
 * (classify.h with type_errors: a struct device handed to what takes a
 * class device is an error): every .c file the series has changed so far,
 * and every unchanged .c file that reaches a header the series has
 * changed so far and names what that change altered (header-users.h:
 * the names of the header's change from its original text, a member
 * only with its struct's tag), must have no parse error its original
 * text lacked (header_users_new_errors()).  An unchanged user whose
 * original parse already misses a header (the set-up cannot build it) is
 * not judged, as in verify.
 *
 * A file is parsed again only at a prefix where its text or a header it
 * reaches (reach.h, through #include, in its final text) changed; the
 * parse memo (classify.h) answers the parses whose inputs an earlier
 * parse had, so a check after a migrate costs little more than the
 * prefixes' new states.
 */
#ifndef CDMIGRATE_BISECT_H
#define CDMIGRATE_BISECT_H

#include "engine/series-plan.h"

/* A prefix that does not build: its last patch, a file and the error. */
struct bisect_break {
	size_t patch;		/* index in the units (0-based) */
	char *file;		/* relative to the tree */
	char *error;		/* its first new error, "file:line:col: message" */
	size_t files;		/* how many files break at this prefix */
	struct strvec broken;	/* all of them, sorted */
};

struct bisect_result {
	size_t prefixes;		/* prefixes checked (the number of patches) */
	size_t parsed, cached;		/* parses after a patch; of them, the memo's */
	size_t judged;			/* distinct files judged over all prefixes */
	struct bisect_break *breaks;	/* each broken prefix, in series order */
	size_t nr_breaks, alloc_breaks;
};

void bisect_result_release(struct bisect_result *r);

struct bisect;

/*
 * A checker of the series whose changes' texts are in t: its libclang
 * classifier, the files judged so far and their original parses.  NULL
 * after error() (libclang could not start).  Free with bisect_free().
 */
struct bisect *bisect_new(struct engine *e, const struct series_texts *t);
void bisect_free(struct bisect *b);

/*
 * Check the prefixes of `units` that end with units->v[from] and after,
 * in order, adding each broken one to r; with stop set, up to the first
 * broken one.  The state before `from` is rebuilt from the units before
 * it (their parses are not repeated): after series_plan_mend() merged
 * into patch k, the check goes on from k.  r->prefixes is units->nr;
 * r->judged the files judged so far; r->parsed and r->cached add up.
 */
void bisect_run(struct bisect *b, const struct series_units *units, size_t from, int stop,
		struct bisect_result *r);

#endif
