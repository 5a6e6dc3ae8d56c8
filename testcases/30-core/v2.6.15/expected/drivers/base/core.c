/*
 * drivers/base/core.c - device registration, in the shape of 2.6.15
 * (test input written for cdmigrate).
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/kdev_t.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <asm/semaphore.h>

#include "base.h"
#include "power/power.h"

int (*platform_notify)(struct device * dev) = NULL;
int (*platform_notify_remove)(struct device * dev) = NULL;

#define to_dev(obj) container_of(obj, struct device, kobj)
#define to_dev_attr(_attr) container_of(_attr, struct device_attribute, attr)

static ssize_t
dev_attr_show(struct kobject * kobj, struct attribute * attr, char * buf)
{
	struct device_attribute * dev_attr = to_dev_attr(attr);
	struct device * dev = to_dev(kobj);
	ssize_t ret = -EIO;

	if (dev_attr->show)
		ret = dev_attr->show(dev, dev_attr, buf);
	return ret;
}

static struct sysfs_ops dev_sysfs_ops = {
	.show	= dev_attr_show,
};

/*
 * The last reference to the device is gone: hand it to its owner.
 */
static void device_release(struct kobject * kobj)
{
	struct device * dev = to_dev(kobj);

	if (!dev->release && dev->class)
		dev->release = dev->class->dev_release;

	if (dev->release)
		dev->release(dev);
	else {
		printk(KERN_ERR "Device '%s' does not have a release() function, "
			"it is broken and must be fixed.\n",
			dev->bus_id);
		WARN_ON(1);
	}
}

static struct kobj_type ktype_device = {
	.release	= device_release,
	.sysfs_ops	= &dev_sysfs_ops,
};

static int dev_hotplug_filter(struct kset *kset, struct kobject *kobj)
{
	struct kobj_type *ktype = get_ktype(kobj);

	if (ktype == &ktype_device) {
		struct device *dev = to_dev(kobj);
		if (dev->bus)
			return 1;
		if (dev->class)
			return 1;
	}
	return 0;
}

static const char *dev_hotplug_name(struct kset *kset, struct kobject *kobj)
{
	struct device *dev = to_dev(kobj);

	if (dev->bus)
		return dev->bus->name;
	if (dev->class)
		return dev->class->name;
	return NULL;
}

static int dev_hotplug(struct kset *kset, struct kobject *kobj, char **envp,
			int num_envp, char *buffer, int buffer_size)
{
	struct device *dev = to_dev(kobj);
	int i = 0;
	int length = 0;
	int retval = 0;

	/* the bus and driver of the physical device */
	if (dev->bus)
		add_hotplug_env_var(envp, num_envp, &i,
				    buffer, buffer_size, &length,
				    "PHYSDEVBUS=%s", dev->bus->name);
	if (dev->driver)
		add_hotplug_env_var(envp, num_envp, &i,
				    buffer, buffer_size, &length,
				    "PHYSDEVDRIVER=%s", dev->driver->name);

	/* terminate, then hand the rest of the buffer on */
	/* the major and minor of a device with a dev_t */
	if (MAJOR(dev->devt)) {
		add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				    &length, "MAJOR=%u", MAJOR(dev->devt));
		add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				    &length, "MINOR=%u", MINOR(dev->devt));
	}

	envp[i] = NULL;
	envp = &envp[i];
	num_envp -= i;
	buffer = &buffer[length];
	buffer_size -= length;

	if (dev->bus && dev->bus->hotplug) {
		retval = dev->bus->hotplug(dev, envp, num_envp, buffer, buffer_size);
		if (retval)
			pr_debug("%s - hotplug() returned %d\n",
				 __FUNCTION__, retval);
	}

	/* have the class specific function add its stuff */
	if (dev->class && dev->class->dev_uevent) {
		retval = dev->class->dev_uevent(dev, envp, num_envp, buffer,
						buffer_size);
		if (retval)
			pr_debug("%s - dev_uevent() returned %d\n", __func__,
				 retval);
	}

	return retval;
}

static struct kset_hotplug_ops device_hotplug_ops = {
	.filter =	dev_hotplug_filter,
	.name =		dev_hotplug_name,
	.hotplug =	dev_hotplug,
};

decl_subsys(devices, &ktype_device, &device_hotplug_ops);

int device_create_file(struct device * dev, struct device_attribute * attr)
{
	int error = 0;
	if (get_device(dev)) {
		error = sysfs_create_file(&dev->kobj, &attr->attr);
		put_device(dev);
	}
	return error;
}

void device_remove_file(struct device * dev, struct device_attribute * attr)
{
	if (get_device(dev)) {
		sysfs_remove_file(&dev->kobj, &attr->attr);
		put_device(dev);
	}
}

static void klist_children_get(struct klist_node *n)
{
	get_device(container_of(n, struct device, knode_parent));
}

static void klist_children_put(struct klist_node *n)
{
	put_device(container_of(n, struct device, knode_parent));
}

void device_initialize(struct device *dev)
{
	kobj_set_kset_s(dev, devices_subsys);
	kobject_init(&dev->kobj);
	INIT_LIST_HEAD(&dev->node);
	klist_init(&dev->klist_children, klist_children_get,
		   klist_children_put);
	INIT_LIST_HEAD(&dev->dma_pools);
	init_MUTEX(&dev->sem);
}

/*
 * A class device without a parent lives in /sys/devices/virtual/<class>/:
 * the directories are bare kobjects, made on first use.
 */
static struct kobject *virtual_dir;

static void virtual_dir_release(struct kobject *kobj)
{
	kfree(kobj);
}

/* their kobj_type: nothing but the release */
static struct kobj_type virtual_dir_ktype = {
	.release	= virtual_dir_release,
};

static struct kobject *virtual_dir_add(struct kobject *parent,
				       const char *name)
{
	struct kobject *kobj;

	kobj = kzalloc(sizeof(*kobj), GFP_KERNEL);
	if (!kobj)
		return NULL;
	kobj->parent = parent;
	kobj->ktype = &virtual_dir_ktype;
	kobject_init(kobj);
	if (kobject_set_name(kobj, "%s", name) || kobject_add(kobj)) {
		kobject_put(kobj);
		return NULL;
	}
	return kobj;
}

static int virtual_device_parent(struct device *dev)
{
	struct class *class = dev->class;

	/* /sys/devices/virtual, then /sys/devices/virtual/<class> */
	if (!virtual_dir)
		virtual_dir = virtual_dir_add(&devices_subsys.kset.kobj,
					      "virtual");
	if (!virtual_dir)
		return -ENOMEM;
	if (!class->virtual_dir)
		class->virtual_dir = virtual_dir_add(virtual_dir, class->name);
	if (!class->virtual_dir)
		return -ENOMEM;
	dev->kobj.parent = class->virtual_dir;
	return 0;
}

static ssize_t show_dev(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	return print_dev_t(buf, dev->devt);
}

/* what every device with a dev_t shows */
static struct device_attribute devt_attr =
	__ATTR(dev, S_IRUGO, show_dev, NULL);

static char *class_link_name(struct device *dev)
{
	int size = strlen(dev->class->name) + strlen(dev->bus_id) + 2;
	char *name = kmalloc(size, GFP_KERNEL);

	/* the link from a class device's parent: "<class>:<name>" */
	if (name)
		snprintf(name, size, "%s:%s", dev->class->name, dev->bus_id);
	return name;
}

static int device_add_class_attrs(struct device *dev)
{
	struct device_attribute *attr = dev->class->dev_attrs;
	int error;

	if (!attr)
		return 0;
	while (attr->attr.name) {
		error = device_create_file(dev, attr);
		if (error) {
			while (attr != dev->class->dev_attrs)
				device_remove_file(dev, --attr);
			return error;
		}
		attr++;
	}
	return 0;
}

static void device_remove_class_attrs(struct device *dev)
{
	struct device_attribute *attr = dev->class->dev_attrs;

	if (!attr)
		return;
	while (attr->attr.name)
		device_remove_file(dev, attr++);
}

static int device_add_groups(struct device *dev)
{
	int i;
	int error;

	/* the attribute groups a device brings: all of them or none */
	if (!dev->groups)
		return 0;
	for (i = 0; dev->groups[i]; i++) {
		error = sysfs_create_group(&dev->kobj, dev->groups[i]);
		if (error) {
			while (--i >= 0)
				sysfs_remove_group(&dev->kobj, dev->groups[i]);
			return error;
		}
	}
	return 0;
}

static void device_remove_groups(struct device *dev)
{
	int i;

	if (!dev->groups)
		return;
	for (i = 0; dev->groups[i]; i++)
		sysfs_remove_group(&dev->kobj, dev->groups[i]);
}

/* the class's interfaces hear of a new device: the caller holds class->sem */
static void class_interfaces_add_dev(struct device *dev)
{
	struct class_interface *class_intf;

	list_for_each_entry(class_intf, &dev->class->interfaces, node)
		if (class_intf->add_dev)
			class_intf->add_dev(dev, class_intf);
}

/* ... and of its removal: the caller holds class->sem */
static void class_interfaces_remove_dev(struct device *dev)
{
	struct class_interface *class_intf;

	list_for_each_entry(class_intf, &dev->class->interfaces, node)
		if (class_intf->remove_dev)
			class_intf->remove_dev(dev, class_intf);
}

static int device_add_class(struct device *dev)
{
	struct class *class = dev->class;
	char *name;
	int error;

	/* the "dev" attribute, the class's attributes, the sysfs links */
	if (MAJOR(dev->devt)) {
		error = device_create_file(dev, &devt_attr);
		if (error)
			return error;
	}
	if (!class)
		return 0;
	error = device_add_class_attrs(dev);
	if (error) {
		if (MAJOR(dev->devt))
			device_remove_file(dev, &devt_attr);
		return error;
	}
	sysfs_create_link(&dev->kobj, &class->subsys.kset.kobj, "subsystem");
	sysfs_create_link(&class->subsys.kset.kobj, &dev->kobj, dev->bus_id);
	if (dev->parent) {
		sysfs_create_link(&dev->kobj, &dev->parent->kobj, "device");
		name = class_link_name(dev);
		if (name)
			sysfs_create_link(&dev->parent->kobj, &dev->kobj,
					  name);
		kfree(name);
	}

	/* its place in the class's list of devices, and the interfaces */
	down(&class->sem);
	list_add_tail(&dev->node, &class->devices);
	class_interfaces_add_dev(dev);
	up(&class->sem);
	return 0;
}

static void device_del_class(struct device *dev)
{
	struct class *class = dev->class;
	char *name;

	if (class) {
		down(&class->sem);
		class_interfaces_remove_dev(dev);
		list_del_init(&dev->node);
		up(&class->sem);
		if (dev->parent) {
			name = class_link_name(dev);
			if (name)
				sysfs_remove_link(&dev->parent->kobj, name);
			kfree(name);
			sysfs_remove_link(&dev->kobj, "device");
		}
		sysfs_remove_link(&class->subsys.kset.kobj, dev->bus_id);
		sysfs_remove_link(&dev->kobj, "subsystem");
		device_remove_class_attrs(dev);
	}
	if (MAJOR(dev->devt))
		device_remove_file(dev, &devt_attr);
}

static void device_create_release(struct device *dev)
{
	pr_debug("%s called for %s\n", __func__, dev->bus_id);
	kfree(dev);
}

int device_add(struct device *dev)
{
	struct device *parent = NULL;
	int error = -EINVAL;

	dev = get_device(dev);
	if (!dev || !strlen(dev->bus_id))
		goto Error;

	/* a class device without a parent goes under a virtual one */
	if (dev->class && !dev->parent) {
		error = virtual_device_parent(dev);
		if (error)
			goto Error;
	}

	parent = get_device(dev->parent);

	pr_debug("DEV: registering device: ID = '%s'\n", dev->bus_id);

	/* first, register with generic layer. */
	kobject_set_name(&dev->kobj, "%s", dev->bus_id);
	if (parent)
		dev->kobj.parent = &parent->kobj;

	if ((error = kobject_add(&dev->kobj)))
		goto Error;
	if ((error = device_pm_add(dev)))
		goto PMError;
	error = device_add_groups(dev);
	if (error)
		goto BusError;
	if ((error = bus_add_device(dev)))
		goto BusError;
	error = device_add_class(dev);
	if (error) {
		bus_remove_device(dev);
		goto BusError;
	}
	kobject_hotplug(&dev->kobj, KOBJ_ADD);
	if (parent)
		klist_add_tail(&parent->klist_children, &dev->knode_parent);

	/* notify platform of device entry */
	if (platform_notify)
		platform_notify(dev);
 Done:
	put_device(dev);
	return error;
 BusError:
	device_pm_remove(dev);
 PMError:
	kobject_del(&dev->kobj);
 Error:
	if (parent)
		put_device(parent);
	goto Done;
}

int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}

struct device * get_device(struct device * dev)
{
	return dev ? to_dev(kobject_get(&dev->kobj)) : NULL;
}

void put_device(struct device * dev)
{
	if (dev)
		kobject_put(&dev->kobj);
}

void device_del(struct device * dev)
{
	struct device * parent = dev->parent;

	if (parent)
		klist_del(&dev->knode_parent);

	/* let the platform know before the device goes away */
	if (platform_notify_remove)
		platform_notify_remove(dev);
	device_del_class(dev);
	bus_remove_device(dev);
	device_remove_groups(dev);
	device_pm_remove(dev);
	kobject_hotplug(&dev->kobj, KOBJ_REMOVE);
	kobject_del(&dev->kobj);
	if (parent)
		put_device(parent);
}

void device_unregister(struct device * dev)
{
	pr_debug("DEV: Unregistering device. ID = '%s'\n", dev->bus_id);
	device_del(dev);
	put_device(dev);
}

/**
 *	device_create - creates a device and registers it with sysfs
 *	@class:	the class the device belongs to
 *	@parent:	its parent device, or NULL
 *	@devt:	its dev_t, for the "dev" attribute, or 0
 *	@fmt:	format string for the device's name
 *
 *	Returns the &struct device, or an ERR_PTR() on error.  The device
 *	is freed when its last reference goes.
 */
struct device *device_create(struct class *class, struct device *parent,
			     dev_t devt, const char *fmt, ...)
{
	va_list args;
	struct device *dev;
	int retval = -ENODEV;

	if (class == NULL || IS_ERR(class))
		goto error;
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev) {
		retval = -ENOMEM;
		goto error;
	}

	dev->devt = devt;
	dev->class = class;
	dev->parent = parent;
	dev->release = device_create_release;

	va_start(args, fmt);
	vsnprintf(dev->bus_id, BUS_ID_SIZE, fmt, args);
	va_end(args);
	retval = device_register(dev);
	if (retval) {
		put_device(dev);
		goto error;
	}
	return dev;

error:
	return ERR_PTR(retval);
}
EXPORT_SYMBOL_GPL(device_create);

/**
 *	device_destroy - removes a device that was created with device_create()
 *	@class:	the class the device was registered with
 *	@devt:	the dev_t of the device
 */
void device_destroy(struct class *class, dev_t devt)
{
	struct device *dev = NULL;
	struct device *tmp;

	down(&class->sem);
	list_for_each_entry(tmp, &class->devices, node) {
		if (tmp->devt == devt) {
			dev = tmp;
			break;
		}
	}
	up(&class->sem);

	if (dev)
		device_unregister(dev);
}
EXPORT_SYMBOL_GPL(device_destroy);

/**
 *	device_rename - renames a device
 *	@dev:	the device to rename
 *	@new_name:	the new name of the device
 */
int device_rename(struct device *dev, char *new_name)
{
	char old_name[BUS_ID_SIZE];
	char *old_link = NULL;
	char *new_link;
	int error;

	dev = get_device(dev);
	if (!dev)
		return -EINVAL;
	pr_debug("DEVICE: renaming '%s' to '%s'\n", dev->bus_id, new_name);

	/* the link from the parent is named after the device too */
	if (dev->class && dev->parent)
		old_link = class_link_name(dev);
	strlcpy(old_name, dev->bus_id, BUS_ID_SIZE);
	strlcpy(dev->bus_id, new_name, BUS_ID_SIZE);

	error = kobject_rename(&dev->kobj, new_name);
	if (error) {
		strlcpy(dev->bus_id, old_name, BUS_ID_SIZE);
		goto out;
	}
	if (dev->class) {
		sysfs_remove_link(&dev->class->subsys.kset.kobj, old_name);
		sysfs_create_link(&dev->class->subsys.kset.kobj, &dev->kobj,
				  dev->bus_id);
	}
	if (old_link) {
		new_link = class_link_name(dev);
		if (new_link) {
			sysfs_remove_link(&dev->parent->kobj, old_link);
			sysfs_create_link(&dev->parent->kobj, &dev->kobj,
					  new_link);
		}
		kfree(new_link);
	}
out:
	kfree(old_link);
	put_device(dev);
	return error;
}
EXPORT_SYMBOL_GPL(device_rename);

/**
 *	device_create_bin_file - create sysfs binary attribute file for device.
 *	@dev:	device.
 *	@attr:	device binary attribute descriptor.
 */
int device_create_bin_file(struct device *dev, struct bin_attribute *attr)
{
	int error = -EINVAL;

	if (dev)
		error = sysfs_create_bin_file(&dev->kobj, attr);
	return error;
}
EXPORT_SYMBOL_GPL(device_create_bin_file);

/**
 *	device_remove_bin_file - remove sysfs binary attribute file
 *	@dev:	device.
 *	@attr:	device binary attribute descriptor.
 */
void device_remove_bin_file(struct device *dev, struct bin_attribute *attr)
{
	if (dev)
		sysfs_remove_bin_file(&dev->kobj, attr);
}
EXPORT_SYMBOL_GPL(device_remove_bin_file);

int __init devices_init(void)
{
	return subsystem_register(&devices_subsys);
}

EXPORT_SYMBOL_GPL(device_initialize);
EXPORT_SYMBOL_GPL(device_add);
EXPORT_SYMBOL_GPL(device_register);

EXPORT_SYMBOL_GPL(device_del);
EXPORT_SYMBOL_GPL(device_unregister);
EXPORT_SYMBOL_GPL(get_device);
EXPORT_SYMBOL_GPL(put_device);

EXPORT_SYMBOL_GPL(device_create_file);
EXPORT_SYMBOL_GPL(device_remove_file);
