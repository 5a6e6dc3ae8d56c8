/*
 * sysfs.h: what /sys/class/<c>/ looks like before and after the migration.
 *
 * Before, every class device is a directory /sys/class/<c>/<name>/ holding
 * its attributes (or, with a class-device parent, a directory below the
 * parent's).  After, the device lives under its parent device,
 * /sys/devices/<parent path>/<name>, or /sys/devices/virtual/<c>/<name>
 * without a parent, and /sys/class/<c>/<name> is a symlink to it.  An
 * attribute named like an entry every struct device has (power, uevent,
 * dev, subsystem, device, driver) clashes and must be renamed.
 *
 * Lexical analysis of the text (lex_tokenize(); no libclang):
 *
 * Classes: `X = class_create(owner, "name")`, and file-scope
 *   `struct class X = { .name = "name", ... }` outside the driver core.
 *   A class is referred to by its variable (X or &X): same file first,
 *   then the only class of that name in the tree.
 * Device kinds (one per place that makes devices):
 *   - class_device_create(cls, cd_parent, devt, dev, fmt, ...) and
 *     device_create(cls, parent, devt, fmt, ...): the name from the format
 *     ("event%d" -> "event<N>"; object-like macros of the file expanded;
 *     a non-literal name is followed to a sprintf/snprintf/strcpy/strlcpy
 *     into it in the same function); the parent from cd_parent (a class
 *     device: nested) or dev/parent (a physical device; NULL: virtual);
 *   - class_device_register/class_device_add (and device_register/
 *     device_add) of an object whose `.class` is assigned a class: its name
 *     from a sprintf/snprintf/strcpy/strlcpy into its class_id, its parent
 *     from assignments to its `.dev` / `.parent`; none assigned: virtual
 *     for a file-scope object (static storage is zero), unknown otherwise.
 *   Objects are matched across files by a key: "struct tag.member" when
 *   the types of the expression can be followed through the declarations
 *   of the function, the file and the struct definitions of the files
 *   analysed; else the variable, else the text of the expression.
 *   A function returning what class_device_create() made is followed
 *   once (`x = hwmon_device_register(dev)` makes x a hwmon device).
 * Attributes: class_device_create_file(obj, attr) / device_create_file,
 *   sysfs_create_group(&obj.kobj, &group) (its .attrs array), a class's
 *   .class_dev_attrs / .dev_attrs array (in a static initializer or
 *   assigned as cls->dev_attrs = array), and those added by the
 *   add callback of a class_interface (every device of its class; the
 *   interface's class from its initializer, an assignment, or a function
 *   that sets its parameter's ->class and is called with the interface).  An
 *   attribute is &class_device_attr_x / &dev_attr_x (after expanding the
 *   file's function-like macros, ## included), an element of an array of
 *   them (also through a pointer set to the array, or a struct field set
 *   to an array in some initializer, e.g. a host template's shost_attrs),
 *   or __ATTR(x, ...) in an array of attribute structs.
 * Code in #if 0, and in branches of LINUX_VERSION_CODE comparisons that the
 * kernel's version makes false, is ignored; both branches of other
 * conditionals are read.
 * What cannot be followed is said, with the reason, never guessed.
 */
#ifndef CDMIGRATE_SYSFS_H
#define CDMIGRATE_SYSFS_H

#include "base/util.h"

enum sysfs_parent {
	SYSFS_PARENT_NONE,		/* NULL: /sys/devices/virtual/<c>/<name> */
	SYSFS_PARENT_DEVICE,		/* a physical device: parent holds the expression */
	SYSFS_PARENT_CLASS_DEVICE,	/* another class device: parent_device */
	SYSFS_PARENT_UNKNOWN,		/* not predicted: a note says why */
};

struct sysfs_attr {
	char *name;
	char *file;			/* where it is attached or listed */
	unsigned line;
	int clash;			/* named like an entry every device has */
};

struct sysfs_device {
	size_t class_index;		/* into sysfs_report.classes */
	char *file;
	unsigned line, column;		/* the call that makes or registers it */
	char *how;			/* "class_device_create()", "class_device_register(&x)" */
	char *name;			/* "event<N>", "<led_cdev->name>" */
	int name_predicted;
	enum sysfs_parent parent_kind;
	char *parent;			/* the expression, SYSFS_PARENT_DEVICE */
	size_t parent_device;		/* SYSFS_PARENT_CLASS_DEVICE */
	struct sysfs_attr *attrs;	/* by name, its own and its class's */
	size_t nr_attrs, alloc_attrs;
	char *before;			/* "/sys/class/input/input<N>/event<N>/" */
	char *after;			/* "/sys/devices/<path of dev->dev>/input<N>/event<N>" */
	char *link;			/* "/sys/class/input/event<N>" */
	struct strvec notes;		/* "name: ...", "parent: ...": not predicted, and why */
};

struct sysfs_class {
	char *name;
	char *var;			/* the variable (or lvalue) holding it */
	char *file;
	unsigned line, column;
	const char *how;		/* "class_create()" or "static struct class" */
	int is_static;
	struct sysfs_attr *attrs;	/* for every device of the class */
	size_t nr_attrs, alloc_attrs;
	size_t *devices;		/* indexes into sysfs_report.devices, sorted */
	size_t nr_devices;
};

struct sysfs_report {
	struct sysfs_class *classes;	/* sorted by name, then file */
	size_t nr_classes;
	struct sysfs_device *devices;	/* sorted by class, file, line */
	size_t nr_devices;
	struct strvec notes;		/* "file:line:col: what: why", not tied to a device */
	size_t predicted;		/* devices with name and parent predicted */
	size_t clashes;			/* (device, attribute) pairs that clash */
};
#define SYSFS_REPORT_INIT { NULL, 0, NULL, 0, STRVEC_INIT, 0, 0 }

/*
 * Analyse `files` (relative to `tree`, e.g. everything walk_tree()
 * listed: only those mentioning the class API are read) and fill `out`.
 * Files in the driver core are read for struct definitions only.  The
 * version in the Makefile of `kernel` (NULL: of tree) decides
 * LINUX_VERSION_CODE conditionals.  An unreadable file is skipped with a
 * warning.
 */
void sysfs_analyze(const char *tree, const char *kernel, const struct strvec *files, int jobs,
		   struct sysfs_report *out);

/* The bytes a file sysfs_analyze() reads has (prefilter.h). */
extern const char *const sysfs_prefilter_tokens[];

/*
 * sysfs_analyze() of `candidates`: the files (relative, sorted) that
 * contain sysfs_prefilter_tokens, picked by the caller's own pass over
 * the tree.
 */
void sysfs_analyze_candidates(const char *tree, const char *kernel, const struct strvec *candidates,
			      struct sysfs_report *out);

void sysfs_report_release(struct sysfs_report *r);

#endif
