/*
 * drivers/base/core.c - device registration, in the shape of 2.6.18: a
 * device can be a class device with a dev_t, device_create() makes one,
 * but a class device still needs a parent (test input for cdmigrate).
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/kdev_t.h>

#include <asm/semaphore.h>

#include "base.h"
#include "power/power.h"

#define to_dev(obj) container_of(obj, struct device, kobj)

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
};

static int dev_uevent_filter(struct kset *kset, struct kobject *kobj)
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

static const char *dev_uevent_name(struct kset *kset, struct kobject *kobj)
{
	struct device *dev = to_dev(kobj);

	if (dev->bus)
		return dev->bus->name;
	if (dev->class)
		return dev->class->name;
	return NULL;
}

static int dev_uevent(struct kset *kset, struct kobject *kobj, char **envp,
			int num_envp, char *buffer, int buffer_size)
{
	struct device *dev = to_dev(kobj);
	int i = 0;
	int length = 0;
	int retval = 0;

	/* the dev_t, for udev to make the node */
	if (MAJOR(dev->devt)) {
		add_uevent_var(envp, num_envp, &i,
			       buffer, buffer_size, &length,
			       "MAJOR=%u", MAJOR(dev->devt));
		add_uevent_var(envp, num_envp, &i,
			       buffer, buffer_size, &length,
			       "MINOR=%u", MINOR(dev->devt));
	}
	if (dev->driver)
		add_uevent_var(envp, num_envp, &i,
			       buffer, buffer_size, &length,
			       "PHYSDEVDRIVER=%s", dev->driver->name);

	envp[i] = NULL;
	envp = &envp[i];
	num_envp -= i;
	buffer = &buffer[length];
	buffer_size -= length;

	if (dev->bus && dev->bus->uevent) {
		retval = dev->bus->uevent(dev, envp, num_envp, buffer, buffer_size);
		if (retval)
			pr_debug("%s - uevent() returned %d\n",
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

static struct kset_uevent_ops device_uevent_ops = {
	.filter =	dev_uevent_filter,
	.name =		dev_uevent_name,
	.uevent =	dev_uevent,
};

decl_subsys(devices, &ktype_device, &device_uevent_ops);

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

static ssize_t show_dev(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	return print_dev_t(buf, dev->devt);
}

void device_initialize(struct device *dev)
{
	kobj_set_kset_s(dev, devices_subsys);
	kobject_init(&dev->kobj);
	klist_init(&dev->klist_children, NULL, NULL);
	INIT_LIST_HEAD(&dev->dma_pools);
	INIT_LIST_HEAD(&dev->node);
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

int device_add(struct device *dev)
{
	struct device *parent = NULL;
	char *class_name = NULL;
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

	if (MAJOR(dev->devt)) {
		struct device_attribute *attr;

		attr = kzalloc(sizeof(*attr), GFP_KERNEL);
		if (!attr) {
			error = -ENOMEM;
			goto PMError;
		}
		attr->attr.name = "dev";
		attr->attr.mode = S_IRUGO;
		attr->show = show_dev;
		error = device_create_file(dev, attr);
		if (error) {
			kfree(attr);
			goto attrError;
		}

		dev->devt_attr = attr;
	}

	if (dev->class) {
		sysfs_create_link(&dev->kobj, &dev->class->subsys.kset.kobj,
				  "subsystem");
		sysfs_create_link(&dev->class->subsys.kset.kobj, &dev->kobj,
				  dev->bus_id);

		if (dev->parent) {
			sysfs_create_link(&dev->kobj, &dev->parent->kobj,
					  "device");
			class_name = make_class_name(dev->class->name,
						     &dev->kobj);
			sysfs_create_link(&dev->parent->kobj, &dev->kobj,
					  class_name);
		}
	}

	if ((error = device_pm_add(dev)))
		goto PMError;
	error = device_add_groups(dev);
	if (error)
		goto BusError;
	if ((error = bus_add_device(dev)))
		goto BusError;
	if (dev->class) {
		error = device_add_class_attrs(dev);
		if (error) {
			bus_remove_device(dev);
			goto BusError;
		}
	}
	kobject_uevent(&dev->kobj, KOBJ_ADD);
	if (parent)
		klist_add_tail(&parent->klist_children, &dev->knode_parent);

	if (dev->class) {
		down(&dev->class->sem);
		list_add_tail(&dev->node, &dev->class->devices);
		class_interfaces_add_dev(dev);
		up(&dev->class->sem);
	}
 Done:
	kfree(class_name);
	put_device(dev);
	return error;
 BusError:
	device_pm_remove(dev);
 PMError:
	if (dev->devt_attr) {
		device_remove_file(dev, dev->devt_attr);
		kfree(dev->devt_attr);
		dev->devt_attr = NULL;
	}
 attrError:
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
	char *class_name = NULL;

	if (parent)
		klist_del(&dev->knode_parent);
	if (dev->devt_attr)
		device_remove_file(dev, dev->devt_attr);
	if (dev->class) {
		sysfs_remove_link(&dev->kobj, "subsystem");
		sysfs_remove_link(&dev->class->subsys.kset.kobj, dev->bus_id);
		class_name = make_class_name(dev->class->name, &dev->kobj);
		if (dev->parent) {
			sysfs_remove_link(&dev->kobj, "device");
			sysfs_remove_link(&dev->parent->kobj, class_name);
		}
		kfree(class_name);
		down(&dev->class->sem);
		class_interfaces_remove_dev(dev);
		list_del_init(&dev->node);
		up(&dev->class->sem);
	}
	if (dev->class)
		device_remove_class_attrs(dev);
	bus_remove_device(dev);
	device_remove_groups(dev);
	device_pm_remove(dev);
	kobject_uevent(&dev->kobj, KOBJ_REMOVE);
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

static void device_create_release(struct device *dev)
{
	pr_debug("%s called for %s\n", __FUNCTION__, dev->bus_id);
	kfree(dev);
}

struct device *device_create(struct class *class, struct device *parent,
			     dev_t devt, char *fmt, ...)
{
	va_list args;
	struct device *dev = NULL;
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
	if (retval)
		goto error;

	return dev;

error:
	kfree(dev);
	return ERR_PTR(retval);
}
EXPORT_SYMBOL_GPL(device_create);

void device_destroy(struct class *class, dev_t devt)
{
	struct device *dev = NULL;
	struct device *dev_tmp;

	down(&class->sem);
	list_for_each_entry(dev_tmp, &class->devices, node) {
		if (dev_tmp->devt == devt) {
			dev = dev_tmp;
			break;
		}
	}
	up(&class->sem);

	if (dev)
		device_unregister(dev);
}
EXPORT_SYMBOL_GPL(device_destroy);

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
