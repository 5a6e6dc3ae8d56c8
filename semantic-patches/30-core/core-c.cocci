/// Teach the driver core's drivers/base/core.c about class devices that
/// are plain struct devices (the 2.6.18/2.6.19 driver core):
/// device_add() gives a device with a class and no parent a virtual parent
/// (/sys/devices/virtual/<class>/), creates its "dev" attribute (MAJOR:MINOR
/// when devt is set) and its class's dev_attrs, links it to and from its
/// class in sysfs ("subsystem", /sys/class/<class>/<name>, and "device" and
/// <class>:<name> with its parent) and puts it on the class's list of
/// devices; device_del() undoes that; the release falls back to the
/// class's dev_release; hotplug events go to class devices, with MAJOR and
/// MINOR and the class's dev_uevent.  New exported functions:
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
//   exist, each function when it is not defined, each hotplug/uevent
//   change when the function already does it.  A core without hotplug
//   operations gets none (there is nothing to extend).
//   What spatch 1.1.1 could not do, and how this file works around it:
//   - add an "else if" branch without reprinting the original else branch:
//     the release instead inherits the class's dev_release into
//     dev->release just before the "if (dev->release) ... else ...";
//   - print a variadic parameter list: device_create()'s last parameter is
//     an identifier carrying the text "fmt, ...";
//   - print an added function well next to other added code: one function
//     per rule, no comment right before it (else the "{" lands on the
//     signature line or the blank line after it is lost), no blank line
//     right after an unbraced if (it prints as a line holding a tab), no
//     for loop (printed "for(i = 0;i < n;i++)": while loops instead);
//   - device_destroy() prints "list_for_each_entry (" with a space, the
//     way spatch spells an added iterator;
//   - know which file it is in: the kdev_t.h include uses "file in".

@initialize:python@
@@
cdm_link = ["node"]

@has_class_node@
type T;
@@
struct device { ... T class_node; ... };

@script:python depends on has_class_node@
@@
cdm_link[0] = "class_node"

@script:python link@
L;
fmt_va;
@@
coccinelle.L = cocci.make_ident(cdm_link[0])
coccinelle.fmt_va = cocci.make_ident("fmt, ...")

// ---------------------------------------------------------------------
// What the core has already.

@class_in_add@
identifier d;
@@
device_add(struct device *d) { <+... d->class ...+> }

@has_class_helpers@
@@
device_add_class(...) { ... }

@has_class_link_name@
@@
class_link_name(...) { ... }

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

@has_destroy@
@@
device_destroy(...) { ... }

@has_rename@
@@
device_rename(...) { ... }

@has_bin@
@@
device_create_bin_file(...) { ... }

@has_init_link@
identifier d;
identifier link.L;
@@
device_initialize(struct device *d) { <+... INIT_LIST_HEAD(&d->L); ...+> }

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

@init_link depends on !has_init_link@
identifier d;
identifier link.L;
@@
device_initialize(struct device *d)
{
  ...
  kobject_init(&d->kobj);
+ INIT_LIST_HEAD(&d->L);
  ...
}

// ---------------------------------------------------------------------
// Helpers, before device_add().  spatch 1.1.1 prints an added function
// well only alone in its rule and without a comment right before it:
// one rule each, the last rule's function first; their comments are
// inside them.

// ---------------------------------------------------------------------
// Helpers, before device_add(), in this order.  spatch 1.1.1 prints an
// added function well only alone in its rule and without a comment right
// before it: one rule each, their comments inside them; rules adding
// before the same function keep their order.

@add_virtual_dir depends on !has_vparent@
@@
+/*
+ * A class device without a parent lives in /sys/devices/virtual/<class>/:
+ * the directories are bare kobjects, made on first use.
+ */
+static struct kobject *virtual_dir;
+
 device_add(...) { ... }

@add_virtual_dir_release depends on !has_vparent@
@@
+static void virtual_dir_release(struct kobject *kobj)
+{
+	kfree(kobj);
+}
+
 device_add(...) { ... }

@add_virtual_dir_ktype depends on !has_vparent@
@@
+/* their kobj_type: nothing but the release */
+static struct kobj_type virtual_dir_ktype = {
+	.release	= virtual_dir_release,
+};
+
 device_add(...) { ... }

@add_virtual_dir_add depends on !has_vparent@
@@
+static struct kobject *virtual_dir_add(struct kobject *parent, const char *name)
+{
+	struct kobject *kobj;
+
+	kobj = kzalloc(sizeof(*kobj), GFP_KERNEL);
+	if (!kobj)
+		return NULL;
+	kobj->parent = parent;
+	kobj->ktype = &virtual_dir_ktype;
+	kobject_init(kobj);
+	if (kobject_set_name(kobj, "%s", name) || kobject_add(kobj)) {
+		kobject_put(kobj);
+		return NULL;
+	}
+	return kobj;
+}
+
 device_add(...) { ... }

@add_virtual_device_parent depends on !has_vparent@
@@
+static int virtual_device_parent(struct device *dev)
+{
+	struct class *class = dev->class;
+
+	/* /sys/devices/virtual, then /sys/devices/virtual/<class> */
+	if (!virtual_dir)
+		virtual_dir = virtual_dir_add(&devices_subsys.kset.kobj, "virtual");
+	if (!virtual_dir)
+		return -ENOMEM;
+	if (!class->virtual_dir)
+		class->virtual_dir = virtual_dir_add(virtual_dir, class->name);
+	if (!class->virtual_dir)
+		return -ENOMEM;
+	dev->kobj.parent = class->virtual_dir;
+	return 0;
+}
+
 device_add(...) { ... }

@add_show_dev depends on !class_in_add && !has_class_helpers@
@@
+static ssize_t show_dev(struct device *dev, struct device_attribute *attr,
+			char *buf)
+{
+	return print_dev_t(buf, dev->devt);
+}
+
 device_add(...) { ... }

@add_devt_attr depends on !class_in_add && !has_class_helpers@
@@
+/* what every device with a dev_t shows */
+static struct device_attribute devt_attr =
+	__ATTR(dev, S_IRUGO, show_dev, NULL);
+
 device_add(...) { ... }

@add_class_link_name depends on !has_class_link_name && (!has_rename || (!class_in_add && !has_class_helpers))@
@@
+static char *class_link_name(struct device *dev)
+{
+	int size = strlen(dev->class->name) + strlen(dev->bus_id) + 2;
+	char *name = kmalloc(size, GFP_KERNEL);
+
+	/* the link from a class device's parent: "<class>:<name>" */
+	if (name)
+		snprintf(name, size, "%s:%s", dev->class->name, dev->bus_id);
+	return name;
+}
+
 device_add(...) { ... }

@add_add_class_attrs depends on !has_dev_attrs_use@
@@
+static int device_add_class_attrs(struct device *dev)
+{
+	struct device_attribute *attr = dev->class->dev_attrs;
+	int error;
+
+	if (!attr)
+		return 0;
+	while (attr->attr.name) {
+		error = device_create_file(dev, attr);
+		if (error) {
+			while (attr != dev->class->dev_attrs)
+				device_remove_file(dev, --attr);
+			return error;
+		}
+		attr++;
+	}
+	return 0;
+}
+
 device_add(...) { ... }

@add_remove_class_attrs depends on !has_dev_attrs_use@
@@
+static void device_remove_class_attrs(struct device *dev)
+{
+	struct device_attribute *attr = dev->class->dev_attrs;
+
+	if (!attr)
+		return;
+	while (attr->attr.name)
+		device_remove_file(dev, attr++);
+}
+
 device_add(...) { ... }

@add_device_add_class depends on !class_in_add && !has_class_helpers@
identifier link.L;
@@
+static int device_add_class(struct device *dev)
+{
+	struct class *class = dev->class;
+	char *name;
+	int error;
+
+	/* the "dev" attribute, the class's attributes, the sysfs links */
+	if (MAJOR(dev->devt)) {
+		error = device_create_file(dev, &devt_attr);
+		if (error)
+			return error;
+	}
+	if (!class)
+		return 0;
+	error = device_add_class_attrs(dev);
+	if (error) {
+		if (MAJOR(dev->devt))
+			device_remove_file(dev, &devt_attr);
+		return error;
+	}
+	sysfs_create_link(&dev->kobj, &class->subsys.kset.kobj, "subsystem");
+	sysfs_create_link(&class->subsys.kset.kobj, &dev->kobj, dev->bus_id);
+	if (dev->parent) {
+		sysfs_create_link(&dev->kobj, &dev->parent->kobj, "device");
+		name = class_link_name(dev);
+		if (name)
+			sysfs_create_link(&dev->parent->kobj, &dev->kobj, name);
+		kfree(name);
+	}
+
+	/* and its place in the class's list of devices */
+	down(&class->sem);
+	list_add_tail(&dev->L, &class->devices);
+	up(&class->sem);
+	return 0;
+}
+
 device_add(...) { ... }

@add_device_del_class depends on !class_in_add && !has_class_helpers@
identifier link.L;
@@
+static void device_del_class(struct device *dev)
+{
+	struct class *class = dev->class;
+	char *name;
+
+	if (class) {
+		down(&class->sem);
+		list_del_init(&dev->L);
+		up(&class->sem);
+		if (dev->parent) {
+			name = class_link_name(dev);
+			if (name)
+				sysfs_remove_link(&dev->parent->kobj, name);
+			kfree(name);
+			sysfs_remove_link(&dev->kobj, "device");
+		}
+		sysfs_remove_link(&class->subsys.kset.kobj, dev->bus_id);
+		sysfs_remove_link(&dev->kobj, "subsystem");
+		device_remove_class_attrs(dev);
+	}
+	if (MAJOR(dev->devt))
+		device_remove_file(dev, &devt_attr);
+}
+
 device_add(...) { ... }

@add_create_release depends on !has_create@
@@
+static void device_create_release(struct device *dev)
+{
+	pr_debug("%s called for %s\n", __FUNCTION__, dev->bus_id);
+	kfree(dev);
+}
+
 device_add(...) { ... }

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
+ if ((error = device_add_class(d))) {
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
+				 __FUNCTION__, retval);
+	}
  return retval;
}

// ---------------------------------------------------------------------
// New exported functions, after device_unregister().

@add_bin_file depends on !has_bin@
declarer name EXPORT_SYMBOL_GPL;
@@
 device_unregister(...) { ... }
+/**
+ *	device_create_bin_file - create sysfs binary attribute file for device.
+ *	@dev:	device.
+ *	@attr:	device binary attribute descriptor.
+ */
+int device_create_bin_file(struct device *dev, struct bin_attribute *attr)
+{
+	int error = -EINVAL;
+
+	if (dev)
+		error = sysfs_create_bin_file(&dev->kobj, attr);
+	return error;
+}
+EXPORT_SYMBOL_GPL(device_create_bin_file);
+
+/**
+ *	device_remove_bin_file - remove sysfs binary attribute file
+ *	@dev:	device.
+ *	@attr:	device binary attribute descriptor.
+ */
+void device_remove_bin_file(struct device *dev, struct bin_attribute *attr)
+{
+	if (dev)
+		sysfs_remove_bin_file(&dev->kobj, attr);
+}
+EXPORT_SYMBOL_GPL(device_remove_bin_file);

@add_rename depends on !has_rename@
declarer name EXPORT_SYMBOL_GPL;
@@
 device_unregister(...) { ... }
+/**
+ *	device_rename - renames a device
+ *	@dev:	the device to rename
+ *	@new_name:	the new name of the device
+ */
+int device_rename(struct device *dev, char *new_name)
+{
+	char old_name[BUS_ID_SIZE];
+	char *old_link = NULL;
+	char *new_link;
+	int error;
+
+	dev = get_device(dev);
+	if (!dev)
+		return -EINVAL;
+	pr_debug("DEVICE: renaming '%s' to '%s'\n", dev->bus_id, new_name);
+
+	/* the link from the parent is named after the device too */
+	if (dev->class && dev->parent)
+		old_link = class_link_name(dev);
+	strlcpy(old_name, dev->bus_id, BUS_ID_SIZE);
+	strlcpy(dev->bus_id, new_name, BUS_ID_SIZE);
+
+	error = kobject_rename(&dev->kobj, new_name);
+	if (error) {
+		strlcpy(dev->bus_id, old_name, BUS_ID_SIZE);
+		goto out;
+	}
+	if (dev->class) {
+		sysfs_remove_link(&dev->class->subsys.kset.kobj, old_name);
+		sysfs_create_link(&dev->class->subsys.kset.kobj, &dev->kobj,
+				  dev->bus_id);
+	}
+	if (old_link) {
+		new_link = class_link_name(dev);
+		if (new_link) {
+			sysfs_remove_link(&dev->parent->kobj, old_link);
+			sysfs_create_link(&dev->parent->kobj, &dev->kobj,
+					  new_link);
+		}
+		kfree(new_link);
+	}
+out:
+	kfree(old_link);
+	put_device(dev);
+	return error;
+}
+EXPORT_SYMBOL_GPL(device_rename);

@add_destroy depends on !has_destroy@
identifier link.L;
declarer name EXPORT_SYMBOL_GPL;
iterator name list_for_each_entry;
typedef dev_t;
@@
 device_unregister(...) { ... }
+/**
+ *	device_destroy - removes a device that was created with device_create()
+ *	@class:	the class the device was registered with
+ *	@devt:	the dev_t of the device
+ */
+void device_destroy(struct class *class, dev_t devt)
+{
+	struct device *dev = NULL;
+	struct device *tmp;
+
+	down(&class->sem);
+	list_for_each_entry(tmp, &class->devices, L) {
+		if (tmp->devt == devt) {
+			dev = tmp;
+			break;
+		}
+	}
+	up(&class->sem);
+
+	if (dev)
+		device_unregister(dev);
+}
+EXPORT_SYMBOL_GPL(device_destroy);

@add_create depends on !has_create@
identifier link.fmt_va;
declarer name EXPORT_SYMBOL_GPL;
typedef dev_t, va_list;
@@
 device_unregister(...) { ... }
+/**
+ *	device_create - creates a device and registers it with sysfs
+ *	@class:	the class the device belongs to
+ *	@parent:	its parent device, or NULL
+ *	@devt:	its dev_t, for the "dev" attribute, or 0
+ *	@fmt:	format string for the device's name
+ *
+ *	Returns the &struct device, or an ERR_PTR() on error.  The device
+ *	is freed when its last reference goes.
+ */
+struct device *device_create(struct class *class, struct device *parent,
+			     dev_t devt, const char *fmt_va)
+{
+	va_list args;
+	struct device *dev;
+	int retval = -ENODEV;
+
+	if (class == NULL || IS_ERR(class))
+		goto error;
+	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
+	if (!dev) {
+		retval = -ENOMEM;
+		goto error;
+	}
+
+	dev->devt = devt;
+	dev->class = class;
+	dev->parent = parent;
+	dev->release = device_create_release;
+
+	va_start(args, fmt);
+	vsnprintf(dev->bus_id, BUS_ID_SIZE, fmt, args);
+	va_end(args);
+	retval = device_register(dev);
+	if (retval) {
+		put_device(dev);
+		goto error;
+	}
+	return dev;
+
+error:
+	return ERR_PTR(retval);
+}
+EXPORT_SYMBOL_GPL(device_create);
