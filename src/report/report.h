/*
 * report.h: what is left before struct class_device can be deleted.
 *
 * report_make() scans the tree as it is now (scan_tree()), and turns every
 * site still using class_device, a static struct class or class_interface
 * into a residual item with the step that converts it and the reason it is
 * still there; it adds every class_device / CLASS_DEVICE / class_interface
 * token of a candidate file that no site covers (kind "token"), the parse
 * failures, the driver core's unused exported class functions (exports.h)
 * and the sysfs layout of every class before and after (sysfs.h); with
 * --userspace, the udev rules and scripts that layout change breaks
 * (userspace.h).
 *
 * Steps and groups of an item:
 *   class_device core file (kernel_is_class_device_core)   -> 70 delete
 *   kind inactive                                           -> inactive group
 *   static-class                                            -> 10 class-create
 *   class-interface, or a class_interface token             -> 50 class-interface-to-virtual-bus
 *   class-device-*, or any other token                      -> 40 class-device-to-device
 * Groups print in the order 10, 40, 50, inactive, 70.  An item outside
 * the class_device core (the rest of drivers/base/ is a user) "blocks" the deletion when deletion_blocks()
 * (delete-class-device.h) says so, on the driver core of the tree (or of
 * --kernel): the very rule step 70 refuses by.  Static classes and
 * class_interface objects that use nothing step 70 deletes are residual
 * (steps 10 and 50 convert them) but do not block.
 *
 * Reasons (the vocabulary of doc/design.md §2.6; `reason` is the word, `detail`
 * says more and may be empty), first match wins:
 *   driver-core      the item is in the driver core: step 70 deletes it
 *                    (a class_interface one: it stays, step 70 keeps it)
 *   inactive-#if     in an #if branch the parser did not see
 *   parse-failure    the last migration reported a parse failure for the
 *                    file (spatch could not parse part of it)
 *   timeout          the last migration timed out on the file
 *   needs-human      the last migration crashed on the file, held its
 *                    change back (verify) or found conflicting edits; or
 *                    the classifier's own "needs-human: <why>"
 *   no-rule          the classifier says no rule exists ("no-rule: ...")
 *   macro-generated  the site is spelled inside a macro expansion
 *   parse-failure    libclang reported errors in the file now
 *   name             (does not block) a token, or the symbol of a macro
 *                    body, whose shape says it is not the API: a Kconfig
 *                    option (CONFIG_...), a variable, parameter or member
 *                    named class_device (not after struct), an upper-case
 *                    constant containing CLASS_DEVICE and no name of the api
 *                    map (kernel_renames: CLASS_DEVICE_ATTR), a name that
 *                    contains class_device or class_interface without
 *                    starting with it and holds no api map name
 *   kept             (does not block) a class_interface name (class_interface,
 *                    class_interface_register...) outside the driver core:
 *                    a token of a file that names no class_interface object
 *                    step 50 converts (a class_interface with no site is
 *                    already on add_dev/remove_dev), or a macro body's
 *   stays-static     (does not block) a static class step 10 leaves: it sets
 *                    a member class_create() cannot take nor step 10 set
 *                    after it (class_initializer_can_move()), sets no .name,
 *                    or step 10 ran and left it; an extern declaration
 *                    follows its definition (its stays-static or
 *                    needs-human, with the definition's place)
 *   no-rule          everything else: the step has no rule yet, its rule
 *                    ran and left the site, or it has not run on this tree
 *                    (the detail says which); a token that blocks: no rule
 *                    knows it
 *
 * Identity: every item has an "id" that survives line moves: the xxHash64
 * of (file, function, kind, symbol) in hex, with "#2", "#3"... appended to
 * the second and later items of equal key in file order.
 *
 * JSON (writer_json_report(), writer.h; keys in this order, an interface
 * baselines read):
 *   tree, path
 *   summary: sites, files, blocking, deletion {possible, text},
 *            converted {sites, files, source} or null, failures,
 *            unused_exports (null out of tree),
 *            steps [{step (null: inactive), name, sites, files}],
 *            subsystems [{name, sites, files}], reasons [{name, sites, files}]
 *   sites: [{id, file, line, column, kind, symbol, function, subsystem,
 *            step (null: inactive), step_name, blocks, reason, detail}]
 *   failures: [{file, source, status, errors, detail}]
 *   unused_exports: [{symbol, macro, definition {file, line, column, start,
 *            end}, export {...}}] or null
 *   sysfs: see writer_json_sysfs()
 *   migration: {source, tree, steps [{order, name, action, files_changed,
 *            sites_converted}]} or null
 *   mentions: {comments, strings, files, words [{file, line, column, word,
 *            in ("comment" or "string")}]}
 *   series: [{patch, subject, subsystem}] (with --series)
 *   userspace: see writer_json_userspace() (with --userspace)
 *   baseline: {file, new_sites [ids], new_parse_failures, gone} (with --baseline)
 */
#ifndef CDMIGRATE_REPORT_H
#define CDMIGRATE_REPORT_H

#include "analyze/exports.h"
#include "base/util.h"
#include "report/report-migration.h"
#include "report/sysfs.h"
#include "report/userspace.h"

/* Group order of inactive items (between step 50 and step 70). */
#define REPORT_GROUP_INACTIVE 65

struct report_options {
	const char *tree;
	const char *kernel;		/* --kernel DIR, NULL in-tree */
	const char *arch;
	int jobs;
	const struct strvec *paths;	/* restrict the scan, or NULL */
	const char *series;		/* --series OUT, or NULL */
	const struct strvec *userspace;	/* --userspace PATHs (userspace.h), or NULL */
};

struct report_item {
	char *id;
	char *file;
	unsigned line, column;
	const char *kind;		/* a site kind (site.h) or "token" */
	char *symbol;
	char *function;			/* may be NULL */
	char *subsystem;
	unsigned group;			/* 10, 40, 50, REPORT_GROUP_INACTIVE, 70 */
	int blocks;			/* keeps step 70 from running (deletion_blocks()) */
	const char *reason;		/* a static vocabulary word */
	char *detail;			/* never NULL, may be "" */
};

/*
 * A file that does not parse now (libclang, source "scan"), or that the
 * last migration did not convert (source "migrate": parse-failure, timeout,
 * crashed, held-back, conflict).  A baseline compares only parse-failure
 * and held-back ones (a held-back change added a parse error).
 */
struct report_failure {
	char *file;
	const char *source;		/* "scan" or "migrate" */
	char *status;			/* migrate status, or "parse-failure" */
	char *detail;
	unsigned errors;		/* libclang errors (scan), else 0 */
};

/*
 * A word of a comment or a string literal that names the API (it holds
 * class_device, CLASS_DEVICE or class_interface), in a candidate file
 * outside the class_device core.  Not a use, so never an item and never
 * blocking: rewording a comment or a message is left to the maintainer
 * (the kernel reworded some and kept others).  Listed so that what is
 * left of the API's words is all accounted for.
 */
struct report_mention {
	char *file;
	unsigned line, column;
	char *word;
	int in_string;			/* 1: a string or character literal; 0: a comment */
};

/* One count line of the summary. */
struct report_count {
	unsigned order;			/* group order, or 0 */
	char *name;
	size_t sites, files;
};

struct report_baseline {
	char *file;
	size_t *new_items;		/* indexes into report.items */
	size_t nr_new_items;
	char **new_failures;		/* "file (source)" strings */
	size_t nr_new_failures;
	size_t gone;			/* baseline items no longer present */
};

struct report {
	char *tree_name;		/* basename of TREE */
	char *tree_path;		/* TREE as given */
	int out_of_tree;
	struct report_item *items;	/* sorted: group, subsystem, file, line, column, kind, symbol */
	size_t nr;
	struct report_failure *failures;	/* sorted by file, source */
	size_t nr_failures;
	struct report_mention *mentions;	/* in file and line order */
	size_t nr_mentions, mention_files;
	struct report_migration *migration;	/* NULL when there is none */
	struct report_patch *patches;		/* the .patch files of --series OUT, sorted */
	size_t nr_patches;
	int exports_done;		/* 0 out of tree: not computed */
	struct export_list exports;
	struct sysfs_report sysfs;
	struct userspace_report userspace;	/* checked only with --userspace */
	/* Summary, computed by report_make(). */
	struct report_count *steps;	/* the groups that have items, in group order */
	size_t nr_steps;
	struct report_count *subsystems;	/* by name */
	size_t nr_subsystems;
	struct report_count *reasons;	/* by name */
	size_t nr_reasons;
	size_t files;			/* distinct files with items */
	size_t blocking;		/* items that block step 70 */
	struct report_baseline *baseline;	/* after report_compare_baseline() */
};

/*
 * Build the report of opts->tree.  Returns 0, or -1 after printing an
 * error (the tree cannot be scanned, a migration record or series that
 * cannot be read).  Release with report_release() in either case.
 */
int report_make(const struct report_options *opts, struct report *r);
void report_release(struct report *r);

/* Nonzero when step 70 can run now: no item blocks it. */
int report_deletion_possible(const struct report *r);

/*
 * Compare with an earlier `report --format json` in `path`: sets
 * r->baseline (the items whose id, and the failures whose file and source,
 * the baseline does not have).  Returns 0, or -1 after printing an error
 * (unreadable or not a report).
 */
int report_compare_baseline(struct report *r, const char *path);

/*
 * The one-line deletion verdict, e.g. "possible: only the driver core is
 * left" (caller frees).
 */
char *report_deletion_text(const struct report *r);

/* "class-create" for 10...; "inactive" for REPORT_GROUP_INACTIVE. */
const char *report_group_name(unsigned group);

#endif
