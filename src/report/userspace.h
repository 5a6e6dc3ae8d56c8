/*
 * userspace.h: which udev rules and scripts of a system change meaning
 * when its classes' devices become struct devices (`report --userspace`).
 *
 * The kernel side is what sysfs.h predicts per device kind: the path
 * before (/sys/class/<c>/<name>/, or nested under a class-device parent),
 * the path after (under the parent device, or /sys/devices/virtual/<c>/),
 * the attributes and the clashing ones.  This module reads the user side
 * and says where the two meet.
 *
 * Reading (userspace_read(): every PATH is a file or a directory walked
 * recursively in strcmp order; names starting with '.' are skipped, a
 * symlink to a file is read, one to a directory is not followed):
 *   - a file whose name ends in ".rules" is a udev rules file of the
 *     2.6.15-2.6.22 era: one rule a line, a line ending in '\' continues on
 *     the next, '#' starts a comment line; a rule is comma-separated
 *     KEY<op>"value" pairs, op one of == != = += :=, KEY in upper case with
 *     an optional {attribute} (SYSFS{x}, ATTR{x}, ATTRS{x}, ENV{x},
 *     IMPORT{program}...).  A line that does not parse (no closing quote,
 *     no operator, an unknown key, a key without a value) gets a warning()
 *     naming file:line and is skipped; the rest of the file is read.
 *   - any other file starting with "#!" is a script: its lines (not those
 *     starting with '#') are searched for literal sysfs paths and PHYSDEV*
 *     variables.  Other files are ignored.
 *
 * Which device kinds a rule is about: SUBSYSTEM=="<class>", KERNEL=="<glob>"
 * against the device's name and DEVPATH=="<glob>" against its path before
 * (as /class/...), all that are given must hold.  A name not predicted
 * ("<led_cdev->name>") meets any KERNEL glob, but only when SUBSYSTEM or
 * DEVPATH names the class.  A rule with none of the three keys is about
 * every device kind.  A user glob meets a kernel name when it matches the
 * name with <N> written 0, or when the name as a glob (<N> is [0-9]*, any
 * other <x> is *) matches the user glob with each wildcard written as one
 * character: fnmatch() both ways; a shell or udev substitution ($x, ${x},
 * %k, $kernel) in a path is a wildcard.
 *
 * What changes (`enum userspace_change`, its name in parentheses), and
 * the step that causes it:
 *   devpath (class-device-to-device): a DEVPATH key, or a "/class/..."
 *       literal of a script (a $DEVPATH comparison), that matches the
 *       device's old path: its DEVPATH is now the path under its parent,
 *       /sys/class/<c>/<name> only a symlink to it.  Rewrite: SUBSYSTEM and
 *       KERNEL keys instead (a script: a glob of any path ending in the
 *       name).
 *   virtual (the step running the virtual-parent pass): the same for a
 *       device with no parent: it is now under /devices/virtual/<c>/.
 *   symlink (class-device-to-device): a script line that looks at
 *       /sys/class/<c>[/<name>] itself, not through it: `find` (does not
 *       descend into a symlink given or met), `test -h`/`-L`, `readlink`
 *       without -f.  Readers through the path keep working and are not
 *       reported.  Rewrite: find -L, test -d, readlink -f.
 *   attribute-renamed (the step running the attr-names pass): SYSFS{a},
 *       ATTR{a}, ATTRS{a}, %s{a} / $sysfs{a} / $attr{a} in a value, or a
 *       path /sys/class/<c>/<name>/a (also /sys%p/a in a value), where a
 *       is an attribute of the device that clashes with an entry every
 *       device has: it becomes <stem>_a, the stem (attr_names_stem()) of
 *       the file sysfs.h found it listed in, as the attr-names pass names
 *       it where it is defined.
 *   parent (class-device-to-device): SYSFS{a}, ATTRS{a} or %s{a} of a
 *       device nested under a class-device parent, where the device has no
 *       attribute a and its parent has: the lookup walks the parents, and
 *       the first parent is now that class device, no longer the physical
 *       device (not reported when a BUS, ID, DRIVER, KERNELS, SUBSYSTEMS or
 *       DRIVERS key pins the parent that must match).  In a script, a path through the nested device's
 *       `device` link: it points at the class-device parent now.
 *   physdev (class-device-to-device): an ENV{PHYSDEVPATH|PHYSDEVBUS|
 *       PHYSDEVDRIVER} key, or $PHYSDEV... / ${PHYSDEV...} in a script
 *       that a rule runs (its RUN or PROGRAM names the script's file
 *       name: the rule's devices) or that is named <class>.agent (the
 *       hotplug agent of a class), for a device with a parent: a struct
 *       device's uevent does not carry them (only CONFIG_SYSFS_DEPRECATED
 *       kernels do).  A script no rule runs is not tied to any device: its
 *       PHYSDEV* uses are not reported.  Rewrite: BUS==, DRIVER==, a
 *       DEVPATH glob of the old value followed by a component (the
 *       device's DEVPATH now starts with its parent's); in a script, the
 *       same read from $DEVPATH and its device link.  $env{PHYSDEV...} in
 *       a value is not looked for.
 * A finding is one (line, what changes, device kind, key).  Findings are
 * sorted by file, line, change, class, device, key.
 */
#ifndef CDMIGRATE_USERSPACE_H
#define CDMIGRATE_USERSPACE_H

#include "base/util.h"
#include "report/sysfs.h"

enum userspace_change {
	USERSPACE_DEVPATH,
	USERSPACE_VIRTUAL,
	USERSPACE_SYMLINK,
	USERSPACE_ATTR_RENAMED,
	USERSPACE_PARENT,
	USERSPACE_PHYSDEV,
};

/* "devpath", "virtual", "symlink", "attribute-renamed", "parent", "physdev". */
const char *userspace_change_name(enum userspace_change c);

/* One KEY{attr}<op>"value" of a rule. */
struct userspace_key {
	char *name;			/* "SYSFS" */
	char *attr;			/* "power", NULL without {...} */
	char op[3];			/* "==", "!=", "=", "+=", ":=" */
	char *value;			/* without the quotes */
};

struct userspace_rule {
	char *file;
	unsigned line;			/* of its first physical line */
	char *text;			/* continuations joined, trimmed */
	struct userspace_key *keys;
	size_t nr_keys;
};

struct userspace_script {
	char *file;
	char *text;
};

struct userspace_finding {
	char *file;
	unsigned line;
	int script;			/* a script line, not a rule */
	char *text;			/* the rule or the line, trimmed */
	enum userspace_change change;
	char *key;			/* what in it changes meaning: DEVPATH=="...", SYSFS{power}, a path */
	char *class_name;
	char *device;			/* the device kind's name, "event<N>" */
	unsigned step;
	const char *step_name;
	char *what;			/* what changes, one sentence */
	char *rewrite;			/* the rule or line rewritten */
};

struct userspace_report {
	int checked;			/* userspace_read() ran: the section is printed */
	struct strvec paths;		/* as given */
	struct userspace_rule *rules;	/* in file and line order */
	size_t nr_rules, alloc_rules;
	struct userspace_script *scripts;	/* in file order */
	size_t nr_scripts, alloc_scripts;
	size_t rules_files;
	struct userspace_finding *findings;
	size_t nr, alloc;
	struct strvec warnings;		/* "file:line: ...", in file and line order */
};
#define USERSPACE_REPORT_INIT { 0, STRVEC_INIT, NULL, 0, 0, NULL, 0, 0, 0, NULL, 0, 0, STRVEC_INIT }

/*
 * Read every rules file and script under `paths` into r (see above).
 * Returns 0, or -1 after printing an error (a path that does not exist or
 * cannot be read); an unreadable file below a directory is skipped with a
 * warning.
 */
int userspace_read(const struct strvec *paths, struct userspace_report *r);

/*
 * Parse the rules of one file's text, appending them to r->rules; a line
 * that does not parse is skipped with a warning, also pushed to
 * r->warnings.
 */
void userspace_parse_rules(const char *file, const char *text, size_t len, struct userspace_report *r);

/* Match what was read against the prediction: fills r->findings. */
void userspace_match(struct userspace_report *r, const struct sysfs_report *sysfs);

void userspace_report_release(struct userspace_report *r);

#endif
