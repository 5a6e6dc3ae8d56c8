/// Give the driver core's include/linux/device.h what class devices need
/// once they are plain struct devices (the 2.6.18/2.6.19 driver core):
/// struct device gains a class, a dev_t and a link in its class's list of
/// devices; struct class gains that list (devices), the per-class
/// directory under /sys/devices/virtual (virtual_dir), and dev_attrs,
/// dev_uevent and dev_release for its devices; device_create(),
/// device_destroy(), device_rename(), device_create_bin_file() and
/// device_remove_bin_file() are declared.  Every addition is made only
/// where the member or declaration is missing.
//
// Order: 30 (core), first of three: device-h, core-c, class-c.
// Requires: nothing; runs in-tree only, on the tree's own driver core.
// Options: --include-headers; all three files of the step in one run.
// Leaves: nothing for a human.  The list link is called "node" as in
//   2.6.18; a struct device that already has a member "node" (a sibling
//   list, as before klists) gets "class_node" instead, and core-c follows.
//   Members are anchored on release, class_release, class_dev_attrs,
//   hotplug/uevent, children and class_attrs, present in every 2.6.1x tree.
//   spatch 1.1.1 prints an added function-pointer member as "int(*f)(...)"
//   and cannot print a variadic prototype (it writes "......") nor parse
//   an __attribute__ there: those lines are emitted through identifiers
//   made by a Python rule that carry their exact text.

@initialize:python@
@@
import re

cdm_link = ["node"]

def cdm_declares(path, name):
    with open(path, errors="replace") as fp:
        return re.search(r"\b%s\s*\(" % name, fp.read()) is not None

@script:python text@
rel;
uev;
create;
@@
coccinelle.rel = cocci.make_ident("(*dev_release)(struct device *dev)")
coccinelle.uev = cocci.make_ident(
    "(*dev_uevent)(struct device *dev, char **envp, int num_envp,\n"
    "\t\t\t  char *buffer, int buffer_size)")
coccinelle.create = cocci.make_ident(
    "fmt, ...)\n"
    "\t\t\t\t    __attribute__((format(printf,4,5))")

// ---------------------------------------------------------------------
// struct device

@has_class@
type T;
@@
struct device { ... T class; ... };

@has_devt@
type T;
@@
struct device { ... T devt; ... };

@has_node@
type T;
@@
struct device { ... T node; ... };

@script:python depends on has_node@
@@
cdm_link[0] = "class_node"

@script:python link@
L;
@@
coccinelle.L = cocci.make_ident(cdm_link[0])

@device_class depends on !has_class@
identifier link.L;
type T;
identifier d;
@@
struct device {
  ...
+	/* class_device migration path */
+	struct list_head L;
+	struct class *class;
  void (*release)(T d);
  ...
};

@device_devt depends on !has_devt@
typedef dev_t;
type T;
identifier d;
@@
struct device {
  ...
+	/* dev_t, creates the sysfs "dev" */
+	dev_t devt;
+
  void (*release)(T d);
  ...
};

// ---------------------------------------------------------------------
// struct class

@has_devices@
type T;
@@
struct class { ... T devices; ... };

@class_devices depends on !has_devices@
type T;
@@
struct class {
  ...
  T children;
+	struct list_head devices;
  ...
};

@has_virtual_dir@
type T;
@@
struct class { ... T virtual_dir; ... };

@class_virtual_dir depends on !has_virtual_dir@
type T;
@@
struct class {
  ...
+	/* parent of its parentless devices: /sys/devices/virtual/<name> */
+	struct kobject *virtual_dir;
+
  T class_attrs;
  ...
};

@has_dev_attrs@
type T;
@@
struct class { ... T dev_attrs; ... };

@class_dev_attrs depends on !has_dev_attrs@
type T;
@@
struct class {
  ...
  T class_dev_attrs;
+	struct device_attribute *dev_attrs;
  ...
};

@has_dev_uevent@
type T;
@@
struct class { ... T (*dev_uevent)(...); ... };

@class_dev_uevent depends on !has_dev_uevent@
identifier text.uev;
identifier hp = {hotplug, uevent};
type T;
@@
struct class {
  ...
  T (*hp)(...);
+	int uev;
  ...
};

@has_dev_release@
type T;
@@
struct class { ... T (*dev_release)(...); ... };

@class_dev_release depends on !has_dev_release@
identifier text.rel;
type T;
@@
struct class {
  ...
  T (*class_release)(...);
+	void rel;
  ...
};

// ---------------------------------------------------------------------
// Declarations, after dev_set_drvdata() (the high level routines follow).
// Prototypes with an __attribute__ do not parse, so presence is judged on
// the text of the file; each Python rule names the anchor function only
// when its declarations are missing (an unset identifier would still be
// printed, as a placeholder, in added code).

@anchor@
identifier d, p;
position pos;
@@
void dev_set_drvdata@pos(struct device *d, void *p) { ... }

@script:python want_bin@
pos << anchor.pos;
w;
@@
if not cdm_declares(pos[0].file, "device_create_bin_file"):
    coccinelle.w = cocci.make_ident("dev_set_drvdata")

@script:python want_rename@
pos << anchor.pos;
w;
@@
if not cdm_declares(pos[0].file, "device_rename"):
    coccinelle.w = cocci.make_ident("dev_set_drvdata")

@script:python want_create@
pos << anchor.pos;
w;
@@
if not cdm_declares(pos[0].file, "device_create"):
    coccinelle.w = cocci.make_ident("dev_set_drvdata")

@decl_bin_file@
identifier d, p;
identifier want_bin.w;
@@
void w(struct device *d, void *p) { ... }
+extern int device_create_bin_file(struct device *dev, struct bin_attribute *attr);
+extern void device_remove_bin_file(struct device *dev,
+				   struct bin_attribute *attr);

@decl_rename@
identifier d, p;
identifier want_rename.w;
@@
void w(struct device *d, void *p) { ... }
+
+extern int device_rename(struct device *dev, char *new_name);

@decl_create@
identifier d, p;
identifier want_create.w;
identifier text.create;
typedef dev_t;
@@
void w(struct device *d, void *p) { ... }
+
+/*
+ * Easy functions for dynamically creating devices on the fly
+ */
+extern struct device *device_create(struct class *cls, struct device *parent,
+				    dev_t devt, const char *create);
+extern void device_destroy(struct class *cls, dev_t devt);
