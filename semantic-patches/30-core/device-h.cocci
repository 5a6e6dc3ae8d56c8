/// Give the driver core's include/linux/device.h what class devices need
/// once they are plain struct devices (the 2.6.18/2.6.19 driver core):
/// struct device gains a class, a dev_t and a link in its class's list of
/// devices; struct class gains that list (devices), the per-class
/// directory under /sys/devices/virtual (virtual_dir), and dev_attrs,
/// dev_uevent and dev_release for its devices; device_create(),
/// device_destroy(), device_rename(), device_create_bin_file() and
/// device_remove_bin_file() are declared; struct device gains its
/// attribute groups (groups) and struct class_interface the add_dev and
/// remove_dev callbacks that take a struct device (2.6.19).  Every
/// addition is made only where the member or declaration is missing.
//
// Order: 30 (core), first of three: device-h, core-c, class-c.
// Requires: nothing; runs in-tree only, on the tree's own driver core.
// Options: --include-headers; all three files of the step in one run.
// Leaves: nothing for a human.  The list link is called "node" as in
//   2.6.18; a struct device that already has a member "node" (a sibling
//   list, as before klists) gets "class_node" instead, and core-c and the
//   core-text pass follow.  Members are anchored on release, class_dev_attrs,
//   children and class_attrs, present in every 2.6.1x tree.  What spatch
//   1.1.1 cannot print is not here: it prints an added function-pointer
//   member as "int(*f)(...)", cannot print a variadic prototype (it writes
//   "......") and cannot parse one with an __attribute__ to see that it is
//   there.  The dev_uevent and dev_release members, struct device's groups,
//   class_interface's add_dev and remove_dev, and the device_create() and
//   device_destroy() prototypes are text in device.h.in, which the step's
//   core-text pass (src/rewrite/core-text.h) inserts afterwards.

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

@device_class depends on !has_class && !has_node@
type T;
identifier d;
@@
struct device {
  ...
+	/* class_device migration path */
+	struct list_head node;
+	struct class *class;
  void (*release)(T d);
  ...
};

// A struct device whose "node" is a sibling list (before klists).
@device_class_node depends on !has_class && has_node@
type T;
identifier d;
@@
struct device {
  ...
+	/* class_device migration path */
+	struct list_head class_node;
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

// ---------------------------------------------------------------------
// Declarations, after dev_set_drvdata() (the high level routines follow),
// each where it is missing.  device_create() and device_destroy() are
// device.h.in's.

@has_rename@
@@
int device_rename(...);

@has_bin@
@@
int device_create_bin_file(...);

@decl_bin_file depends on !has_bin@
identifier d, p;
@@
void dev_set_drvdata(struct device *d, void *p) { ... }
+extern int device_create_bin_file(struct device *dev, struct bin_attribute *attr);
+extern void device_remove_bin_file(struct device *dev,
+				   struct bin_attribute *attr);

@decl_rename depends on !has_rename@
identifier d, p;
@@
void dev_set_drvdata(struct device *d, void *p) { ... }
+
+extern int device_rename(struct device *dev, char *new_name);
