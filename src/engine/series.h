/*
 * series.h: write the converted tree as a patch series ready for `git am`.
 *
 * One mbox message per patch, in the shape `git format-patch` gives:
 *
 *   OUT/0000-cover-letter.patch
 *   OUT/0001-<subsystem>-<step_name>.patch   (a split's part: -partK- before the step)
 *   OUT/0002-...
 *
 * Each numbered patch is:
 *
 *   From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
 *   From: <author>                 (series_meta; cdmigrate <cdmigrate@localhost>
 *                                   without one)
 *   Date: Thu, 1 Jan 1970 00:00:00 +0000
 *   Subject: [PATCH n/N] <summary>         (series_subject())
 *   (MIME headers for UTF-8 when anything below is not ASCII)
 *
 *   <Step_title> in <subsystem>[, part k of n (<drivers>)]: S sites in F
 *   files (step <order>, <step_name>; the cover letter explains the
 *   step).
 *   (a patch holding files of other subsystems says which, and that
 *   they build only together with the rest; a patch over the size limit
 *   says why it cannot be split: series_patch.tie)
 *
 *   Sites converted, per file (kind: definitions and functions, first line):
 *     <path>                       (each file of the patch, in path order)
 *       <kind>: <symbol> (<line>), <symbol> (<line>), ...
 *     <path>
 *       no site of its own: it follows what the patch changes elsewhere
 *   (without any site: "S sites in" is left out, and the list is
 *   "Files changed:" and the paths)
 *
 *   Cc: <address>                  (series_patch.cc, each)
 *   Signed-off-by: <signoff>       (series_meta.signoff, as format-patch -s)
 *   ---
 *    <path> | 12 ++++----          (git's diffstat, 72 columns as in
 *    3 files changed, ...           format-patch)
 *
 *   diff --git a/<path> b/<path>   (each file, in strcmp order of paths)
 *   --- a/<path>
 *   ...
 *   --
 *   cdmigrate <version>
 *   (blank line)
 *
 * (the kind without its "class-device-" prefix; each symbol once, with the
 * line it first appears on; lines wrapped at 72 columns), and the cover
 * letter ("[PATCH 0/N] class_device retirement: N patches") carries
 * cover_body, then each step once, in patch order ("Step <order>,
 * <step_name> (patches a-b): <step_title>." and the step's body: the long
 * explanation is said there only), a table of the patches (number,
 * subsystem, step, files, insertions, deletions), the diffstat of the
 * whole series (per path, the sum over the patches that touch it), the
 * splits (each subsystem's step that was split by driver, its patches
 * and their drivers) and the patches over the size limit with the reason,
 * and, when series_meta has one, "base-commit: <sha>" as format-patch
 * --base writes it.  Apply the series with
 * `git am OUT/0*.patch` less the cover letter, which has no diff (`git am`
 * stops on it, as on any format-patch cover letter).
 *
 * The date, the From line and the order are fixed: the same input gives
 * byte-identical files.  The body of a step is not wrapped or reflowed.
 */
#ifndef CDMIGRATE_SERIES_H
#define CDMIGRATE_SERIES_H

#include <stddef.h>

#include "base/util.h"

/* One file of a patch.  Owns both strings (series_file_release()). */
struct series_file {
	char *path;	/* relative to the tree, '/'-separated */
	char *diff;	/* its unified diff, as diff_make() gives it */
};

/* Free path and diff; the struct holds NULLs afterwards. */
void series_file_release(struct series_file *f);

/*
 * One patch: one step applied to one subsystem.  The strings are borrowed
 * (series_write() only reads them); files and sites belong to the caller.
 */
struct series_patch {
	unsigned step_order;		/* the step's order in the manifest (10, 20...) */
	const char *step_name;		/* "class-device-to-device" */
	const char *step_title;		/* "convert struct class_device users to struct device" */
	const char *body;		/* paragraph(s) from the semantic patch header; may be NULL */
	const char *subsystem;		/* "hwmon", "driver-core"... */
	struct series_file *files;
	size_t nr_files;
	struct strvec sites;		/* "file:line:col: kind: symbol", one per converted site */
	const char *part;		/* a split's drivers ("lpfc, qla2xxx"), or NULL */
	unsigned part_nr, parts;	/* 1..parts for a split, 0 otherwise */
	const char *tie;		/* larger than the limit: what holds it together, or NULL */
	const struct strvec *foreign;	/* files of other subsystems in it, or NULL */
	const struct strvec *cc;	/* "Cc:" addresses (maintainers.h), or NULL */
	const struct strvec *notes;	/* sentences on what else it holds and why, or NULL */
};

/* The kernel's longest summary phrase (SubmittingPatches: "70-75 characters"). */
#define SERIES_SUMMARY_MAX 75

/*
 * The summary of a patch, the subject after "[PATCH n/N] ", in the
 * kernel's form "subsystem: what": "<subsystem>: <step_title>"; a split
 * "<subsystem>: <drivers>: <step_title>" when that is at most
 * SERIES_SUMMARY_MAX characters, else "<subsystem>: <step_title> (k/n)".
 * Caller frees.
 */
char *series_subject(const struct series_patch *p);

/*
 * What the series says about the tree and who sends it.  All owned
 * (series_meta_release()); NULL when unknown.
 */
struct series_meta {
	char *tree_name;	/* "Linux 2.6.16", never a local path */
	char *base_commit;	/* the tree's HEAD, in a git checkout */
	char *author;		/* "Name <email>", the user's git identity in a git checkout */
	char *signoff;		/* "Name <email>" for Signed-off-by:, or NULL (no sign-off) */
	size_t size_limit;	/* the largest patch the series aims at (bytes), 0: none */
};

/*
 * Fill meta for tree (kernel: the --kernel tree of an out-of-tree run, or
 * NULL).  tree_name: "Linux V.P.S" from the top Makefile
 * (kernel-version.h); out of tree "<dir> (out of tree, against Linux
 * V.P.S)"; without a version, the last component of tree.  When tree is
 * the top of a git work tree: base_commit is its HEAD commit and author
 * "user.name <user.email>" from git config (both set, else NULL), read by
 * running git (child.h), never through a shell.  Elsewhere both stay NULL,
 * so the output is the same on every machine.
 */
void series_meta_read(const char *tree, const char *kernel, struct series_meta *meta);

/*
 * The identity `git format-patch -s` signs with: git config user.name
 * and user.email as git reads them in tree (its repository's, else the
 * user's global configuration), "Name <email>"; NULL when either is
 * unset.  Caller frees.
 */
char *series_signoff_identity(const char *tree);
void series_meta_release(struct series_meta *meta);

/*
 * Write the nr patches, numbered 0001.. in the given order, and the cover
 * letter, into outdir.  The patches of one step are next to each other.
 * meta may be NULL (no base-commit, the fixed author).
 *
 * outdir is created (with its parents) when missing.  An existing outdir
 * may hold only regular files named *.patch and report.json: anything else
 * (a subdirectory, a symbolic link, another file) makes series_write()
 * refuse before touching anything.  The *.patch files already there are
 * removed first (so a rerun gives the same directory); report.json is
 * left alone.
 *
 * Each file is written under a temporary name (".tmp-*.patch", which a
 * later run removes with the other stale patches), flushed to disk and
 * renamed into place, so no reader ever sees half a patch; the cover
 * letter is written last, so its presence says the series is complete.
 *
 * In the body, a line that `git am` would take for the start of the diff
 * ("---...", "diff -", "Index: ") is indented by one space.  A file's diff
 * is written from its first "--- " line on, after a "diff --git" line of
 * our own (a leading "diff ..." line in series_file.diff is dropped).
 *
 * Returns 0, or -1 after error() (a diff that does not parse, the same
 * path twice in one patch, an empty or unusable outdir, an I/O error).
 */
int series_write(const char *outdir, const struct series_patch *patches, size_t nr,
		 const char *cover_body, const struct series_meta *meta);

/*
 * The file name of patch p, number n (from 1), in the series:
 * "NNNN-<subsystem>-<step_name>.patch", a split's part
 * "NNNN-<subsystem>-partK-<step_name>.patch".  Caller frees.
 */
char *series_patch_name(const struct series_patch *p, size_t n);

/*
 * The size in bytes of patch p as series_write() would write it in a
 * series of `total` patches (numbered as the last of them, so the size
 * is an upper bound for any place), or 0 when it would be refused.
 */
size_t series_patch_bytes(const struct series_patch *p, size_t total,
			  const struct series_meta *meta);

#endif
