/*
 * diffstat.h: a diffstat byte for byte as `git format-patch` prints it
 * (git's diff.c: show_stats() and print_stat_summary(), at format-patch's
 * width of 72): the name column shortened from the left with "...", the
 * +/- graph scaled to the largest change, the "N files changed" line.
 */
#ifndef CDMIGRATE_DIFFSTAT_H
#define CDMIGRATE_DIFFSTAT_H

#include "base/util.h"

/* format-patch's stat width (MAIL_DEFAULT_WRAP in git); the cover letter wraps at it too. */
#define DIFFSTAT_WIDTH 72

/* One file's line in a diffstat; name is borrowed. */
struct diffstat_entry {
	const char *name;
	unsigned added, deleted;
};

/* Append the diffstat of v (in the order given) and its summary line to out. */
void diffstat_add(struct strbuf *out, const struct diffstat_entry *v, size_t nr);

#endif
