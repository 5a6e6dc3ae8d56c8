/// Teach the driver core's drivers/base/core.c about class devices that
/// are plain struct devices (the 2.6.18/2.6.19 driver core):
/// device_add() gives a device with a class and no parent a virtual parent
/// (/sys/devices/virtual/<class>/), creates its "dev" attribute (MAJOR:MINOR
/// when devt is set) and its class's dev_attrs, links it to and from its
/// class in sysfs ("subsystem", /sys/class/<class>/<name>, and "device" and
/// <class>:<name> with its parent) and puts it on the class's list of
/// devices; device_del() undoes that; the release falls back to the
/// class's dev_release; hotplug events go to class devices, with MAJOR and
/// MINOR and the class's dev_uevent; device_add() creates the device's
/// attribute groups (struct device's groups) and device_del() removes
/// them; the class's interfaces hear of each device that joins or leaves
/// the class through their add_dev and remove_dev.  New exported functions:
/// device_create(), device_destroy(), device_rename(),
/// device_create_bin_file(), device_remove_bin_file().
//
// Order: 30 (core), second of three: device-h, core-c, class-c.
// Requires: device-h.cocci has run on include/linux/device.h in the same
//   run (its list link member name, node or class_node, is read back).
// Options: --include-headers; device.h and core.c in the same run.
// Leaves: nothing for a human on a 2.6.15 to 2.6.18 core.  Each piece is
//   added only where the core lacks it: the class side of device_add()
//   and device_del() when device_add() does not mention dev->class yet
//   (a 2.6.18 core has it: it only gets the class's dev_attrs, its parent
//   links wrapped in "if (dev->parent)" and device_create() stops refusing
//   a NULL parent), the class's dev_attrs when core.c never mentions
//   ->dev_attrs, the virtual parent when virtual_device_parent() does not
//   exist, each hotplug/uevent change when the function already does it.
//   A core without hotplug operations gets none (there is nothing to
//   extend).
//   The new functions and objects themselves are text in core.c.in, which
//   the step's core-text pass (src/rewrite/core-text.h) inserts after the
//   patches: each helper where this file added a call and the core does not
//   define it, each exported function where the core lacks it.  spatch
//   1.1.1 prints added functions its own way ("list_for_each_entry (",
//   wrapped lines, a lost tab in an initializer), cannot print a variadic
//   parameter list (device_create()'s "fmt, ...") and needs one rule per
//   added function.
//   What else spatch 1.1.1 could not do, and how this file works around it:
//   - add an "else if" branch without reprinting the original else branch:
//     the release instead inherits the class's dev_release into
//     dev->release just before the "if (dev->release) ... else ...";
//   - know which file it is in: the kdev_t.h include uses "file in".

// The link in the class's list: class_node when device-h.cocci had to
// give it that name (struct device already had a "node").
@has_class_node@
type T;
@@
struct device { ... T class_node; ... };

// ---------------------------------------------------------------------
// What the core has already.

@class_in_add@
identifier d;
@@
device_add(struct device *d) { <+... d->class ...+> }

@has_class_helpers@
@@
device_add_class(...) { ... }

@has_dev_attrs_use depends on file in "drivers/base/core.c"@
expression E;
@@
E->dev_attrs

@has_vparent@
@@
virtual_device_parent(...) { ... }

@has_create@
@@
device_create(...) { ... }

@has_init_node@
identifier d;
@@
device_initialize(struct device *d) { <+... INIT_LIST_HEAD(&d->node); ...+> }

@has_init_class_node@
identifier d;
@@
device_initialize(struct device *d) { <+... INIT_LIST_HEAD(&d->class_node); ...+> }

@rel_class@
identifier k, d;
@@
device_release(struct kobject *k) { <+... d->class->dev_release ...+> }

// ---------------------------------------------------------------------
// MAJOR(), MINOR() and print_dev_t() for the dev_t.  Whether a file
// includes something is a per-file question: "file in" keeps the answer
// to core.c (class.c usually includes kdev_t.h).

@has_kdev_t depends on file in "drivers/base/core.c"@
@@
#include <linux/kdev_t.h>

@include_kdev_t depends on !has_kdev_t && !has_create && file in "drivers/base/core.c"@
@@
#include <linux/device.h>
+#include <linux/kdev_t.h>

// ---------------------------------------------------------------------
// device_initialize(): the link in the class's list starts empty.

@init_node depends on !has_class_node && !has_init_node@
identifier d;
@@
device_initialize(struct device *d)
{
  ...
  kobject_init(&d->kobj);
+ INIT_LIST_HEAD(&d->node);
  ...
}

@init_class_node depends on has_class_node && !has_init_class_node@
identifier d;
@@
device_initialize(struct device *d)
{
  ...
  kobject_init(&d->kobj);
+ INIT_LIST_HEAD(&d->class_node);
  ...
}

// ---------------------------------------------------------------------
// The calls in device_add() and device_del().

@call_virtual_parent depends on !has_vparent@
identifier d, p, l;
@@
device_add(struct device *d)
{
  ...
  if (...)
	goto l;
+
+	/* a class device without a parent goes under a virtual one */
+	if (d->class && !d->parent) {
+		error = virtual_device_parent(d);
+		if (error)
+			goto l;
+	}
  p = get_device(d->parent);
  ...
}

// A 2.6.18 core links a class device to its parent unconditionally.
@parent_links_add depends on !has_vparent exists@
identifier d, x;
expression E;
@@
device_add(struct device *d)
{
  ...
- sysfs_create_link(&d->kobj, &d->parent->kobj, "device");
- x = E;
- sysfs_create_link(&d->parent->kobj, &d->kobj, x);
+ if (d->parent) {
+	sysfs_create_link(&d->kobj, &d->parent->kobj, "device");
+	x = E;
+	sysfs_create_link(&d->parent->kobj, &d->kobj, x);
+ }
  ...
}

@parent_links_del depends on !has_vparent exists@
identifier d, x;
@@
device_del(struct device *d)
{
  ...
- sysfs_remove_link(&d->kobj, "device");
- sysfs_remove_link(&d->parent->kobj, x);
+ if (d->parent) {
+	sysfs_remove_link(&d->kobj, "device");
+	sysfs_remove_link(&d->parent->kobj, x);
+ }
  ...
}

// ... and its device_create() refuses a NULL parent.
@accept_null_parent depends on !has_vparent@
identifier c, p;
statement S;
@@
device_create(struct class *c, struct device *p, ...)
{
  ...
- if (\(p == NULL\|!p\)) S
  ...
}

@call_add_class depends on !class_in_add && !has_class_helpers@
identifier d, error, l;
@@
device_add(struct device *d)
{
  ...
  if ((error = bus_add_device(d)))
	goto l;
+ error = device_add_class(d);
+ if (error) {
+	bus_remove_device(d);
+	goto l;
+ }
  ...
}

@call_del_class depends on !class_in_add && !has_class_helpers@
identifier d;
@@
device_del(struct device *d)
{
  ...
+ device_del_class(d);
  bus_remove_device(d);
  ...
}

// A core whose device_add() handles classes already (2.6.18) gets only
// the class's dev_attrs.
@call_add_attrs depends on class_in_add && !has_dev_attrs_use@
identifier d, error, l;
@@
device_add(struct device *d)
{
  ...
  if ((error = bus_add_device(d)))
	goto l;
+	if (d->class) {
+		error = device_add_class_attrs(d);
+		if (error) {
+			bus_remove_device(d);
+			goto l;
+		}
+	}
  ...
}

@call_add_attrs2 depends on class_in_add && !has_dev_attrs_use@
identifier d, error, l;
@@
device_add(struct device *d)
{
  ...
  error = bus_add_device(d);
  if (error)
	goto l;
+	if (d->class) {
+		error = device_add_class_attrs(d);
+		if (error) {
+			bus_remove_device(d);
+			goto l;
+		}
+	}
  ...
}

@call_del_attrs depends on class_in_add && !has_dev_attrs_use@
identifier d;
@@
device_del(struct device *d)
{
  ...
+ if (d->class)
+	device_remove_class_attrs(d);
  bus_remove_device(d);
  ...
}

// ---------------------------------------------------------------------
// The device's attribute groups (2.6.19), before the bus hears of it: a
// failure goes where bus_add_device()'s does, which undoes what came
// before.  Only in a core.c that never touches ->groups.

@has_groups_use depends on file in "drivers/base/core.c"@
expression E;
@@
E->groups

@call_add_groups depends on !has_groups_use@
identifier d, error, l;
@@
device_add(struct device *d)
{
  ...
+ error = device_add_groups(d);
+ if (error)
+	goto l;
  if ((error = bus_add_device(d)))
	goto l;
  ...
}

@call_add_groups2 depends on !has_groups_use@
identifier d, error, l;
@@
device_add(struct device *d)
{
  ...
+	error = device_add_groups(d);
+	if (error)
+		goto l;
  error = bus_add_device(d);
  if (error)
	goto l;
  ...
}

@call_del_groups depends on !has_groups_use@
identifier d;
@@
device_del(struct device *d)
{
  ...
  bus_remove_device(d);
+ device_remove_groups(d);
  ...
}

// ---------------------------------------------------------------------
// The class's interfaces hear of its devices through add_dev/remove_dev
// (2.6.19), under the class's semaphore, where the device joins and
// leaves the class's list.  A core that puts the device on the list in
// device_add() itself (2.6.18) gets the calls there; for an older core
// device_add_class() and device_del_class() of core.c.in make them.

@has_intf_calls depends on file in "drivers/base/core.c"@
expression E;
@@
\(E->add_dev\|class_interfaces_add_dev(...)\)

@intf_add_dev depends on class_in_add && !has_intf_calls exists@
identifier d, f;
@@
device_add(struct device *d)
{
  ...
  list_add_tail(&d->f, &d->class->devices);
+ class_interfaces_add_dev(d);
  up(&d->class->sem);
  ...
}

@intf_remove_dev depends on class_in_add && !has_intf_calls exists@
identifier d, f;
@@
device_del(struct device *d)
{
  ...
  down(&d->class->sem);
+ class_interfaces_remove_dev(d);
  list_del_init(&d->f);
  ...
}

// ---------------------------------------------------------------------
// Release: a device without a release of its own uses its class's.

@release_fallback depends on !rel_class@
identifier k, d;
expression E;
@@
device_release(struct kobject *k)
{
  struct device *d = E;
+
+ if (!d->release && d->class)
+	d->release = d->class->dev_release;
  ...
}

// ---------------------------------------------------------------------
// Hotplug events (only where the core has hotplug/uevent operations).

// core.c's own operations (class.c has some for class devices).
@ops depends on file in "drivers/base/core.c"@
identifier o, filt, nm, hp;
identifier f = {hotplug, uevent};
@@
struct \(kset_hotplug_ops\|kset_uevent_ops\) o = {
	.filter = filt,
	.name = nm,
	.f = hp,
};

@filt_class@
identifier ops.filt, d;
@@
filt(...) { <+... d->class ...+> }

@filter_class depends on !filt_class@
identifier ops.filt, d;
@@
filt(...)
{
  <...
  if (d->bus)
	return 1;
+ if (d->class)
+	return 1;
  ...>
}

@name_class@
identifier ops.nm, d;
@@
nm(...) { <+... d->class ...+> }

@name_class_name depends on !name_class@
identifier ops.nm, d;
@@
nm(...)
{
  ...
- return d->bus->name;
+ if (d->bus)
+	return d->bus->name;
+ if (d->class)
+	return d->class->name;
+ return NULL;
}

@hp_devt@
identifier ops.hp, d;
@@
hp(...) { <+... d->devt ...+> }

@hp_dev_uevent@
identifier ops.hp, d;
@@
hp(...) { <+... d->class->dev_uevent ...+> }

@av depends on !hp_devt@
identifier ops.hp, addvar, envp, num_envp, i, buffer, buffer_size, length;
expression list es;
@@
hp(...) { <+... addvar(envp, num_envp, &i, buffer, buffer_size, &length, es) ...+> }

@hotplug_devt depends on !hp_devt@
identifier ops.hp, d;
identifier av.addvar, av.envp, av.num_envp, av.i, av.buffer, av.buffer_size, av.length;
expression E;
@@
hp(...)
{
  struct device *d = E;
  ...
+	/* the major and minor of a device with a dev_t */
+	if (MAJOR(d->devt)) {
+		addvar(envp, num_envp, &i, buffer, buffer_size, &length,
+		       "MAJOR=%u", MAJOR(d->devt));
+		addvar(envp, num_envp, &i, buffer, buffer_size, &length,
+		       "MINOR=%u", MINOR(d->devt));
+	}
+
  envp[i] = NULL;
  ...
}

@hotplug_dev_uevent depends on !hp_dev_uevent@
identifier ops.hp, ops.f, d, retval, envp, num_envp, buffer, buffer_size;
@@
hp(...)
{
  ...
  if (d->bus && d->bus->f) {
  ...
  retval = d->bus->f(d, envp, num_envp, buffer, buffer_size);
  ...
  }
+
+	/* have the class specific function add its stuff */
+	if (d->class && d->class->dev_uevent) {
+		retval = d->class->dev_uevent(d, envp, num_envp, buffer,
+					      buffer_size);
+		if (retval)
+			pr_debug("%s - dev_uevent() returned %d\n",
+				 __func__, retval);
+	}
  return retval;
}
