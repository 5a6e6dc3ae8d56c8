/*
 * journal.h: atomic, resumable, undoable in-place edits of a tree.
 *
 * cdmigrate rewrites files of a user's kernel tree; this module is the only
 * writer.  A run is a list of edits (path, old content, new content).
 * journal_apply() first checks every edit without writing anything, then
 * records the whole run in a journal under TREE/.cdmigrate/, then replaces
 * each file atomically.  If the process dies at any point, every file holds
 * either its old or its new content, and the journal says which run was
 * under way: journal_resume() finishes it, journal_undo() reverts it.
 *
 * On-disk layout (nothing else is ever created under TREE):
 *
 *   TREE/.cdmigrate/journal/index     the unfinished run (its presence is
 *                                     the only meaning of "pending")
 *   TREE/.cdmigrate/journal/<i>.old   old content of entry i of the index
 *   TREE/.cdmigrate/journal/<i>.new   new content of entry i
 *   TREE/.cdmigrate/last/             the last completed run, same layout
 *   TREE/.cdmigrate/lock              flock()ed while a cdmigrate works on
 *                                     the tree (empty)
 *   TREE/<dir>/.<name>.cdmigrate-tmp  a file's new content, briefly, before
 *                                     it is renamed over <name>
 *
 * The index is text: a "cdmigrate-journal 1" line, "label <label>",
 * "entries <n>", then per entry "<i> <xxh64 old> <xxh64 new> <mode> <path>"
 * (hashes as 16 hex digits, mode in octal), then "end".  Every journal file
 * is written under a temporary name, fsync'd and renamed, then the
 * directory is fsync'd; the index comes last, so its rename is the commit
 * point.  A crash before it leaves no journal, only leftovers that the next
 * apply, resume or undo removes.  When a run completes, journal/ is renamed
 * to last/ (replacing the previous last/), so undo can revert it later.
 *
 * Safety rules every function here keeps:
 *   - A path is relative, '/'-separated, has no empty, "." or ".."
 *     component, does not start with ".cdmigrate/", and contains no
 *     newline.  Every component is opened with O_NOFOLLOW from the tree
 *     root, so a symbolic link (a directory on the way, or the file itself)
 *     is never followed: nothing is read or written outside TREE.  Only
 *     regular files are edited; no file is created or deleted.
 *   - A file is replaced only after its current content was found to be
 *     exactly the content the caller (or the journal) expects; a file that
 *     holds anything else is refused and left alone.  (Someone writing the
 *     same file in the microseconds between that check and the rename can
 *     still lose their write; nothing short of mandatory locks prevents it.)
 *   - The replacement gets the permission bits the file has when it is
 *     replaced; owner, ACLs and extended attributes are not copied.  A hard
 *     link is broken by the rename: the other names keep the old content.
 *   - One cdmigrate at a time per tree: apply, resume and undo (and a
 *     whole migrate --in-place, through journal_lock()) hold an flock()
 *     on TREE/.cdmigrate/lock and refuse if it is taken.  The lock dies
 *     with the process; the empty file stays.
 *
 * Errors are reported with error() (one line naming the file and what to
 * do) before a function returns -1.
 *
 * Test hook: if the environment variable CDMIGRATE_TEST_APPLY_DELAY_MS is
 * set to a number, apply, resume and undo sleep that many milliseconds
 * after each file is renamed into place, so a test can kill the process in
 * the middle of a run.  It is read by those three functions only.
 */
#ifndef CDMIGRATE_JOURNAL_H
#define CDMIGRATE_JOURNAL_H

#include <stddef.h>

#include "base/util.h"

/* One file to rewrite.  Owns path and both buffers. */
struct journal_edit {
	char *path;			/* relative to the tree, '/' separated */
	struct strbuf old_content;	/* what the file holds now */
	struct strbuf new_content;	/* what it will hold */
};
#define JOURNAL_EDIT_INIT { NULL, STRBUF_INIT, STRBUF_INIT }

/* Free what the edit owns; it is reusable (empty) afterwards. */
void journal_edit_release(struct journal_edit *edit);

/* A growable array of edits; owns every edit. */
struct journal_edit_list {
	struct journal_edit *v;
	size_t nr, alloc;
};
#define JOURNAL_EDIT_LIST_INIT { NULL, 0, 0 }

/*
 * Append an edit, copying path and both contents.  Returns the new element,
 * owned by the list (valid until the next add or clear).
 */
struct journal_edit *journal_edit_list_add(struct journal_edit_list *list,
					   const char *path,
					   const void *old_content, size_t old_len,
					   const void *new_content, size_t new_len);
/* Release every edit and the array; the list is reusable afterwards. */
void journal_edit_list_clear(struct journal_edit_list *list);

/*
 * Rewrite the nr files of edits in TREE; label (may be NULL) is recorded
 * in the index for humans.  The edits are only read.
 *
 * Refuses, writing nothing at all, when a path breaks the rules above, the
 * same path appears twice, a file's current content differs from its
 * old_content (the tree changed since planning), or a journal is pending.
 * Otherwise commits the journal, replaces the files in the given order and
 * moves the journal to .cdmigrate/last/.
 *
 * Returns 0 when every file holds its new content, -1 on error.  After a
 * -1, journal_pending() says whether the journal was committed (then a
 * file was refused or an I/O error struck mid-run, and resume or undo
 * finishes the job) or not (then no tree file was touched).  nr == 0
 * returns 0 and writes nothing.
 */
int journal_apply(const char *tree, const struct journal_edit *edits,
		  size_t nr, const char *label);

/*
 * Returns 1 if TREE holds an unfinished run (TREE/.cdmigrate/journal/index
 * exists), 0 if not, -1 (after error()) if it cannot tell, for instance
 * because TREE/.cdmigrate is a symbolic link.  Writes nothing.
 */
int journal_pending(const char *tree);

/*
 * Finish the pending run.  Per entry: a file holding the new content is
 * done; one holding the old content is replaced with the new; anything else
 * (someone edited it) is refused with an error and left alone, and the
 * other entries are still processed.  When every entry is done the journal
 * moves to .cdmigrate/last/.
 *
 * A damaged journal (an index that does not parse, a content file that
 * does not match its hash in the index) is refused before anything is
 * written: undo restores what it can.
 *
 * Returns 0 when the run is complete, 1 when nothing was pending (nothing
 * written), -1 on error (the journal stays pending; fix the refused files
 * and resume again, or undo).
 */
int journal_resume(const char *tree);

/*
 * Revert the pending run if there is one, else the last completed run
 * (.cdmigrate/last/).  Per entry: a file holding the new content gets its
 * old content back atomically; one holding the old content is left alone;
 * anything else is refused with an error (naming the journal's copy of the
 * old content) and left alone, and the other entries are still processed.
 * When every entry holds its old content the reverted journal is removed
 * (index first); after a pending run is undone, a further undo reverts the
 * last completed run before it.
 *
 * A damaged journal is salvaged: an index cut short or garbled after its
 * header gives the entries before the damage (the rest are named as lost);
 * an entry whose <i>.old or <i>.new is damaged is recognised by the hash
 * the index records, and reverted when its old copy is intact; a file
 * whose old copy is damaged is named and left alone.  The journal is kept.
 *
 * Resume and undo are both idempotent: after a crash in either, run it (or
 * the other one) again.
 *
 * Returns 0 when the run is reverted, 1 when there was nothing to undo
 * (nothing written), -1 on error (the journal is kept).
 */
int journal_undo(const char *tree);

/*
 * Take the tree's lock (creating TREE/.cdmigrate) and keep it until the
 * process exits; apply, resume and undo in this process then use it.
 * Returns 0, or -1 after error() when another cdmigrate holds it or the
 * tree is not writable.
 */
int journal_lock(const char *tree);

#endif
