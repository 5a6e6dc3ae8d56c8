/*
 * checkpatch.h: each patch of a series checked with the kernel's own
 * scripts/checkpatch.pl, and what the series adds to what it replaces.
 *
 * SubmittingPatches: "Check your patches with the patch style checker
 * prior to submission (scripts/checkpatch.pl).  You should be able to
 * justify all violations that remain in your patch."  A conversion
 * rewrites lines that already broke the rules (an old `__ATTR(a,b,c,d)`,
 * a long line it only renames in): what counts is what it adds.
 *
 * Each patch is checked twice, as `perl SCRIPT --no-tree --no-signoff
 * FILE` (child processes, never a shell; -j at a time): as written, and
 * reversed (each hunk's '-' and '+' lines swapped, the old lines become
 * the ones checked).  A finding is the message line before a "#N: FILE:
 * path:line:" line (2.6.22 prints the bare message, 2.6.25 "ERROR: msg"
 * or "WARNING: msg"); it belongs to the hunk whose new lines (the
 * reversed run: whose old lines) hold its line.  Per patch, hunk and
 * message, what the patch has beyond its reverse is added, the reverse's
 * surplus removed.  Findings outside any file's lines (the patch's own
 * form) are not counted.
 *
 * A script that does not run (Perl refuses it: a 2.6.22-2.6.25
 * checkpatch.pl stops at an unescaped '{' in a regex with Perl 5.26 and
 * later; runner/checkpatch-for-perl writes a copy that runs) ends with
 * an exit status other than 0 and 1: the result says so.
 */
#ifndef CDMIGRATE_CHECKPATCH_H
#define CDMIGRATE_CHECKPATCH_H

#include "base/util.h"

struct checkpatch_result {
	int failed;		/* the script did not run: why is in error */
	char *error;		/* its first line of stderr, when failed */
	size_t added, removed;	/* findings, over the whole series */
	/*
	 * Each added finding once per (patch, hunk, message):
	 * "PATCH: path:line: message" (and " (xN)" when N are added).
	 */
	struct strvec added_lines;
	size_t *patch_added;	/* per patch given, in order */
};

void checkpatch_result_release(struct checkpatch_result *r);

/*
 * Check each of patches (paths of files in the shape series.h writes)
 * with script, jobs at a time.  Returns 0 with r filled (r->failed set
 * when the script did not run on some patch), -1 after error() when a
 * temporary file cannot be written.
 */
int checkpatch_series(const char *script, const struct strvec *patches, int jobs,
		      struct checkpatch_result *r);

/*
 * Run script on a two-line patch: 0 when it runs (exit status 0 or 1),
 * -1 with *why (allocated: its first line of stderr) when it does not.
 */
int checkpatch_probe(const char *script, char **why);

/*
 * The findings of one checkpatch output: "path\tline\tmessage" each,
 * appended to out in order (exposed for tests).
 */
void checkpatch_parse(const char *output, struct strvec *out);

/*
 * The patch text with every hunk reversed ('-' and '+' lines swapped,
 * the hunk headers' ranges too), only its diffs (exposed for tests).
 * Returns 0, or -1 when the text holds no diff that parses.
 */
int checkpatch_reverse(const char *patch, size_t len, struct strbuf *out);

#endif
