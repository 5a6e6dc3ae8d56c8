/*
 * maintainers.h: who a patch goes to, from the tree's own MAINTAINERS.
 *
 * MAINTAINERS is a list of sections: a title line ("SCSI SUBSYSTEM"),
 * then "X:<tab>value" lines up to a blank line (or one of blanks only):
 * P: a person, M: their mail (paired with the P: before it), L: a
 * mailing list, T: a tree, F: file patterns (2.6.25 has three; all of
 * them later).  The paragraphs
 * before the list (the legend "P: Person ...", the notes) are no section:
 * a section's first line is not an "X:" line.  A line that is not UTF-8
 * is read as Latin-1 (v2.6.16's has "J\xf6rn Engel"): what it returns is
 * UTF-8, as the messages that carry it say.
 *
 * A file is matched, most precise first:
 *  1. by F: patterns: "dir/" and "dir" match everything below dir, a
 *     pattern with * ? [ is a glob that does not cross '/' (fnmatch with
 *     FNM_PATHNAME), anything else the file itself; every section with a
 *     pattern that matches;
 *  2. otherwise by the words of section titles: the file's name without
 *     its extension, the first word of it, its driver (the directory
 *     below the subsystem's folder, or the file's own name for a file
 *     directly in it), the first word of that; the first of these keys
 *     (3 characters or more) that the title of exactly one section
 *     without F: holds as consecutive words (words split at what is
 *     neither a letter nor a digit, and between letters and digits, case
 *     aside: "3w-xxxx" is the driver of "3W-XXXX ATA-RAID CONTROLLER
 *     DRIVER", "lm83" of "LM83 HARDWARE MONITOR DRIVER") picks that
 *     section; a key several titles hold ("core", "scsi") says nothing of
 *     the file.  The first word of a name in a driver's folder can be any
 *     word (drivers/infiniband/core/user_mad.c is not USER-MODE LINUX): it
 *     picks only a title that names a driver ("WISTRON LAPTOP BUTTON
 *     DRIVER").  The class_device implementation (kernel.h: base.h,
 *     class.c, core.c, device.h) has no key: its names are words of
 *     other titles ("DELL SYSTEMS MANAGEMENT BASE DRIVER", "BACKLIGHT
 *     CLASS/SUBSYSTEM"), and it is the driver core's, step 3;
 *  3. otherwise the file's subsystem ("scsi", "driver-core"): among the
 *     titles that hold it, those with the fewest words ("SCSI
 *     SUBSYSTEM", not "SCSI TAPE DRIVER"); when no title holds it, the
 *     sections whose T: lines do ("hwmon" in HARDWARE MONITORING's quilt
 *     tree; a line's host names do not count: "ericsson.net" is not
 *     "net"), fewest title words first;
 *  4. otherwise nothing: the file has no entry (the caller says so).
 * "THE REST" (Linus, no address in the 2.6 trees) is never a match.
 */
#ifndef CDMIGRATE_MAINTAINERS_H
#define CDMIGRATE_MAINTAINERS_H

#include "base/util.h"

struct maintainers;

/*
 * Read TREE/MAINTAINERS.  NULL when the tree has none (or it cannot be
 * read: a warning() names it).  Free with maintainers_free().
 */
struct maintainers *maintainers_read(const char *tree);
struct maintainers *maintainers_parse(const char *text, size_t len);
void maintainers_free(struct maintainers *m);

/*
 * The addresses for `path` (relative to the tree), whose subsystem is
 * `subsystem` (the patch's, for a header under include/): each matching
 * section's people ("Name <mail>", or the mail alone) then its lists, in
 * the sections' order, appended to out unless out already holds them.
 * The titles of the sections that matched are appended to titles (may be
 * NULL) the same way.  Returns how many sections matched.
 */
size_t maintainers_for(const struct maintainers *m, const char *path, const char *subsystem,
		       struct strvec *out, struct strvec *titles);

#endif
