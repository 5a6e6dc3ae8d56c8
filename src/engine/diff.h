/*
 * diff.h: unified diffs of one file at a time: parse, merge, make, apply.
 *
 * Making and applying diffs is done by GNU diff and GNU patch, run as
 * child processes (child.h) on temporary files; no diff algorithm lives
 * here.  Parsing the unified format and merging the hunks that several
 * spatch tasks produced for one shared file is ours.
 *
 * Line numbers are 1-based, as in the "@@ -a,b +c,d @@" header.  A hunk
 * that covers no old line (b == 0) has old_start == the line after which
 * it inserts (0: at the top), the unified-diff convention; likewise for
 * new_start when new_count == 0.
 *
 * Every child runs with LC_ALL=C so that what diff and patch print (the
 * "\ No newline at end of file" marker among it) is never translated.
 */
#ifndef CDMIGRATE_DIFF_H
#define CDMIGRATE_DIFF_H

#include <stddef.h>

#include "base/util.h"

/* One hunk.  Owns lines. */
struct diff_hunk {
	unsigned old_start, old_count, new_start, new_count;
	/*
	 * The hunk body after the @@ line: every line with its ' ', '-', '+'
	 * or '\\' prefix and its newline.  '\\' lines ("\ No newline at end
	 * of file") follow the line they apply to and are not counted.
	 */
	char *lines;
};

/* The hunks of one file, in order.  Owns path and every hunk. */
struct file_diff {
	char *path;		/* relative, without the a/ or b/ prefix */
	struct diff_hunk *hunks;
	size_t nr, alloc;
};
#define FILE_DIFF_INIT { NULL, NULL, 0, 0 }

/* Same as FILE_DIFF_INIT, for a struct that is already there. */
void file_diff_init(struct file_diff *d);

/*
 * Append a hunk, copying lines (a NUL-terminated body as described in
 * struct diff_hunk).  The counts are taken as given: diff_merge(),
 * diff_apply() and diff_to_text() trust them only after checking.
 */
void file_diff_add_hunk(struct file_diff *d, unsigned old_start, unsigned old_count,
			unsigned new_start, unsigned new_count, const char *lines);

/* Free path and the hunks; d is as after file_diff_init() afterwards. */
void file_diff_release(struct file_diff *d);

/* Release each of the nr diffs of files, then free the array itself. */
void file_diff_list_free(struct file_diff *files, size_t nr);

/*
 * Parse unified diff text (len bytes; need not be NUL-terminated) into
 * *files (a newly allocated array of *nr diffs, one per "--- / +++" pair,
 * in the order they appear; the caller frees it with
 * file_diff_list_free()).  A path that appears twice (spatch -j prints a
 * shared header once per worker) gives two entries: diff_merge() them.
 *
 * Accepted: spatch's "diff -u -p a/P b/P" output, plain "diff -u" output,
 * git's "diff --git" with its extended header lines (index, mode), and
 * what diff_to_text() prints.  Lines before a file's "---" line are
 * skipped (spatch and mail put text there).  The a/ and b/ prefixes are
 * stripped, a tab and what follows it (a timestamp) are cut; when one side
 * is /dev/null the path is taken from the other.  "@@ -a +c @@" means a
 * count of 1; text after the closing "@@" (diff -p's function name) is
 * dropped.  An empty line inside a hunk is taken as an empty context line
 * (mailers strip the trailing space).  "\ No newline at end of file" is
 * kept.  A "---" with no "+++" after it yields no file.
 *
 * Malformed input (a hunk header that does not parse, a hunk shorter or
 * longer than its header says, a hunk before any file header, a "+++"
 * path that names another file than "---", no path at all, a NUL byte
 * anywhere) returns -1
 * after error() naming the line; *files and *nr are then NULL and 0.
 * Returns 0 otherwise, also for text with no diff in it (*nr == 0).
 */
int diff_parse(const char *text, size_t len, struct file_diff **files, size_t *nr);

/*
 * Merge nr (>= 1) diffs of the SAME path against the SAME original into
 * one, in out (overwritten: pass a struct that owns nothing).
 *
 * The unit is the change, not the hunk: a run of '-' and '+' lines
 * between context lines, at its place in the original.  A change that
 * several diffs make identically is kept once.  Changes at different
 * places are combined, each keeping up to 3 lines of context that some
 * input shows (so changes from different diffs that come within 6 lines of
 * each other share one hunk, as diff -u would print them), and every
 * new_start is recomputed from the changes before it.  Two different
 * changes conflict when they replace overlapping original lines, or when
 * one only inserts lines at a place the other also inserts at or
 * replaces the lines next to (the order of the result would be a guess).
 *
 * Returns 0 when merged; 1 on conflict, with one line per conflicting pair
 * added to why (lines separated by '\n', no final newline), such as
 * "include/linux/foo.h: lines 10-14 edited differently by two tasks (diffs
 * 1 and 3)" (diffs numbered from 1); -1 after error() when the input is
 * not what this function needs (no diff, different paths, counts that do
 * not match a hunk body, two diffs that disagree on the text of an
 * original line: they were not made against the same original).  Except
 * on 0, out owns nothing.
 */
int diff_merge(const struct file_diff *diffs, size_t nr, struct file_diff *out,
	       struct strbuf *why);

/*
 * Run `diff -u --label a/PATH --label b/PATH OLD NEW` on temporary files
 * holding old and new (created and removed here) and append exactly what
 * diff prints to out.  path must not contain a newline or a tab.
 *
 * Returns 1 when the contents differ (out gets the diff), 0 when they are
 * the same (out untouched), -1 after error() when diff failed (its exit
 * status 2, its message quoted), could not be run, or printed something
 * other than a unified diff (as "Binary files ... differ").
 */
int diff_make(const char *path, const char *old, size_t old_len,
	      const char *new, size_t new_len, struct strbuf *out);

/*
 * Apply d to old (old_len bytes, the content of d->path) with `patch
 * --force --quiet --no-backup-if-mismatch --fuzz=0 --reject-file=- -o NEW
 * OLD` on temporary files, the text of diff_to_text(d) on its stdin.
 * Hunks may apply at an offset (patch always allows that), never with
 * fuzz; a patch that looks reversed is still applied forwards.
 *
 * Returns 0 with the result appended to new_content, or -1 when a hunk
 * does not apply or patch fails: patch's messages (stdout, then stderr)
 * are appended to err and new_content is untouched.  Errors that are not
 * patch's (a temporary file, no patch program) are reported with error()
 * and their text also appended to err.  A diff with no hunk gives old.
 */
/*
 * Apply d to old in memory when every hunk applies where its line numbers
 * say, its context and removed lines exactly as in old (what patch does
 * first, at offset 0): returns 1 with the result appended to new_content,
 * or 0 with new_content untouched when a hunk is elsewhere or does not
 * match.  diff_apply() tries it before it runs patch.
 */
int diff_apply_exact(const char *old, size_t old_len, const struct file_diff *d,
		     struct strbuf *new_content);

int diff_apply(const char *path, const char *old, size_t old_len,
	       const struct file_diff *d, struct strbuf *new_content,
	       struct strbuf *err);

/*
 * Append d as text: "diff --git a/P b/P", "--- a/P", "+++ b/P", then each
 * hunk as "@@ -a,b +c,d @@" (",b" and ",d" left out when 1, as GNU diff
 * does) and its lines.  A diff with no hunk appends nothing.
 */
void diff_to_text(const struct file_diff *d, struct strbuf *out);

/* Count the '+' and '-' lines of every hunk of d. */
void diff_stat(const struct file_diff *d, unsigned *added, unsigned *removed);

#endif
