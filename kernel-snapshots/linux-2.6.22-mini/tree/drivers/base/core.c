/*
 * drivers/base/core.c - devices: registration, sysfs, uevents
 *
 * (Written for the mini tree in the shape of 2.6.22: a class device is a
 * struct device; one without a parent is put under a virtual one,
 * /sys/devices/virtual/<class>/; the class's dev_attrs, dev_uevent and
 * dev_release apply to it.)
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/kdev_t.h>
#include <linux/stat.h>

#include "base.h"

#define to_dev_attr(_attr) container_of(_attr, struct device_attribute, attr)

static ssize_t dev_attr_show(struct kobject *kobj, struct attribute *attr,
			     char *buf)
{
	struct device_attribute *dev_attr = to_dev_attr(attr);
	struct device *dev = to_dev(kobj);

	if (!dev_attr->show)
		return -EIO;
	return dev_attr->show(dev, dev_attr, buf);
}

static ssize_t dev_attr_store(struct kobject *kobj, struct attribute *attr,
			      const char *buf, size_t count)
{
	struct device_attribute *dev_attr = to_dev_attr(attr);
	struct device *dev = to_dev(kobj);

	if (!dev_attr->store)
		return -EIO;
	return dev_attr->store(dev, dev_attr, buf, count);
}

static struct sysfs_ops dev_sysfs_ops = {
	.show	= dev_attr_show,
	.store	= dev_attr_store,
};

/* the device's release, else its type's, else its class's */
static void device_release(struct kobject *kobj)
{
	struct device *dev = to_dev(kobj);

	if (dev->release)
		dev->release(dev);
	else if (dev->type && dev->type->release)
		dev->type->release(dev);
	else if (dev->class && dev->class->dev_release)
		dev->class->dev_release(dev);
	else
		printk(KERN_ERR "device %s has no release function\n",
		       dev->bus_id);
}

static struct kobj_type ktype_device = {
	.release	= device_release,
	.sysfs_ops	= &dev_sysfs_ops,
};

static int dev_uevent_filter(struct kset *kset, struct kobject *kobj)
{
	struct kobj_type *ktype = kobj->ktype;

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

	if (MAJOR(dev->devt)) {
		add_uevent_var(envp, num_envp, &i, buffer, buffer_size,
			       &length, "MAJOR=%u", MAJOR(dev->devt));
		add_uevent_var(envp, num_envp, &i, buffer, buffer_size,
			       &length, "MINOR=%u", MINOR(dev->devt));
	}
	if (dev->type && dev->type->name)
		add_uevent_var(envp, num_envp, &i, buffer, buffer_size,
			       &length, "DEVTYPE=%s", dev->type->name);

	envp[i] = NULL;
	envp = &envp[i];
	num_envp -= i;
	buffer = &buffer[length];
	buffer_size -= length;

	if (dev->bus && dev->bus->uevent)
		retval = dev->bus->uevent(dev, envp, num_envp, buffer,
					  buffer_size);
	if (!retval && dev->class && dev->class->dev_uevent)
		retval = dev->class->dev_uevent(dev, envp, num_envp, buffer,
						buffer_size);
	if (!retval && dev->type && dev->type->uevent)
		retval = dev->type->uevent(dev, envp, num_envp, buffer,
					   buffer_size);
	return retval;
}

static struct kset_uevent_ops device_uevent_ops = {
	.filter =	dev_uevent_filter,
	.name =		dev_uevent_name,
	.uevent =	dev_uevent,
};

decl_subsys(devices, &ktype_device, &device_uevent_ops);

int device_create_file(struct device *dev, struct device_attribute *attr)
{
	int error = 0;

	if (get_device(dev)) {
		error = sysfs_create_file(&dev->kobj, &attr->attr);
		put_device(dev);
	}
	return error;
}

void device_remove_file(struct device *dev, struct device_attribute *attr)
{
	if (get_device(dev)) {
		sysfs_remove_file(&dev->kobj, &attr->attr);
		put_device(dev);
	}
}

int device_create_bin_file(struct device *dev, struct bin_attribute *attr)
{
	return dev ? sysfs_create_bin_file(&dev->kobj, attr) : -EINVAL;
}

void device_remove_bin_file(struct device *dev, struct bin_attribute *attr)
{
	if (dev)
		sysfs_remove_bin_file(&dev->kobj, attr);
}

static ssize_t show_dev(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	return print_dev_t(buf, dev->devt);
}

static struct device_attribute devt_attr =
	__ATTR(dev, S_IRUGO, show_dev, NULL);

void device_initialize(struct device *dev)
{
	kobj_set_kset_s(dev, devices_subsys);
	kobject_init(&dev->kobj);
	klist_init(&dev->klist_children, NULL, NULL);
	INIT_LIST_HEAD(&dev->node);
	init_MUTEX(&dev->sem);
}

static struct kobject *virtual_dir;

/* /sys/devices/virtual/<class>/, made on first use */
static struct kobject *virtual_device_parent(struct device *dev)
{
	if (!virtual_dir) {
		virtual_dir = kzalloc(sizeof(*virtual_dir), GFP_KERNEL);
		if (!virtual_dir)
			return NULL;
		kobject_set_name(virtual_dir, "virtual");
		virtual_dir->parent = &devices_subsys.kset.kobj;
		kobject_register(virtual_dir);
	}
	if (!dev->class->virtual_dir) {
		struct kobject *k = kzalloc(sizeof(*k), GFP_KERNEL);

		if (!k)
			return NULL;
		kobject_set_name(k, "%s", dev->class->name);
		k->parent = virtual_dir;
		kobject_register(k);
		dev->class->virtual_dir = k;
	}
	return dev->class->virtual_dir;
}

static int device_add_attrs(struct device *dev)
{
	struct class *class = dev->class;
	int error = 0;
	int i;

	if (class && class->dev_attrs) {
		for (i = 0; class->dev_attrs[i].attr.name; i++) {
			error = device_create_file(dev, &class->dev_attrs[i]);
			if (error)
				break;
		}
	}
	if (!error && dev->groups)
		for (i = 0; dev->groups[i]; i++)
			sysfs_create_group(&dev->kobj, dev->groups[i]);
	return error;
}

int device_add(struct device *dev)
{
	struct device *parent = NULL;
	char *class_name = NULL;
	int error = -EINVAL;

	dev = get_device(dev);
	if (!dev || !strlen(dev->bus_id))
		goto Error;

	parent = get_device(dev->parent);

	kobject_set_name(&dev->kobj, "%s", dev->bus_id);
	if (parent)
		dev->kobj.parent = &parent->kobj;
	else if (dev->class)
		dev->kobj.parent = virtual_device_parent(dev);

	error = kobject_add(&dev->kobj);
	if (error)
		goto Error;

	if (MAJOR(dev->devt)) {
		error = device_create_file(dev, &devt_attr);
		if (error)
			goto PMError;
	}

	if (dev->class) {
		sysfs_create_link(&dev->kobj, &dev->class->subsys.kset.kobj,
				  "subsystem");
		sysfs_create_link(&dev->class->subsys.kset.kobj, &dev->kobj,
				  dev->bus_id);
		if (parent) {
			sysfs_create_link(&dev->kobj, &parent->kobj, "device");
			class_name = make_class_name(dev->class->name,
						     &dev->kobj);
			if (class_name)
				sysfs_create_link(&parent->kobj, &dev->kobj,
						  class_name);
		}
	}

	error = device_add_attrs(dev);
	if (error)
		goto AttrsError;
	error = bus_add_device(dev);
	if (error)
		goto AttrsError;
	kobject_uevent(&dev->kobj, KOBJ_ADD);
	if (parent)
		klist_add_tail(&dev->knode_parent, &parent->klist_children);

	if (dev->class) {
		struct class_interface *intf;

		down(&dev->class->sem);
		list_add_tail(&dev->node, &dev->class->devices);
		list_for_each_entry(intf, &dev->class->interfaces, node)
			if (intf->add_dev)
				intf->add_dev(dev, intf);
		up(&dev->class->sem);
	}
 Done:
	kfree(class_name);
	put_device(dev);
	return error;
 AttrsError:
	if (MAJOR(dev->devt))
		device_remove_file(dev, &devt_attr);
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

struct device *get_device(struct device *dev)
{
	return dev ? to_dev(kobject_get(&dev->kobj)) : NULL;
}

void put_device(struct device *dev)
{
	if (dev)
		kobject_put(&dev->kobj);
}

void device_del(struct device *dev)
{
	struct device *parent = dev->parent;
	struct class_interface *intf;
	char *class_name;

	if (parent)
		klist_del(&dev->knode_parent);
	if (MAJOR(dev->devt))
		device_remove_file(dev, &devt_attr);
	if (dev->class) {
		sysfs_remove_link(&dev->kobj, "subsystem");
		sysfs_remove_link(&dev->class->subsys.kset.kobj, dev->bus_id);
		if (parent) {
			class_name = make_class_name(dev->class->name,
						     &dev->kobj);
			if (class_name)
				sysfs_remove_link(&parent->kobj, class_name);
			kfree(class_name);
			sysfs_remove_link(&dev->kobj, "device");
		}
		down(&dev->class->sem);
		list_del_init(&dev->node);
		list_for_each_entry(intf, &dev->class->interfaces, node)
			if (intf->remove_dev)
				intf->remove_dev(dev, intf);
		up(&dev->class->sem);
	}
	bus_remove_device(dev);
	kobject_uevent(&dev->kobj, KOBJ_REMOVE);
	kobject_del(&dev->kobj);
	if (parent)
		put_device(parent);
}

void device_unregister(struct device *dev)
{
	device_del(dev);
	put_device(dev);
}

int device_rename(struct device *dev, char *new_name)
{
	int error;

	dev = get_device(dev);
	if (!dev)
		return -EINVAL;
	strlcpy(dev->bus_id, new_name, BUS_ID_SIZE);
	error = kobject_rename(&dev->kobj, new_name);
	put_device(dev);
	return error;
}

int __init devices_init(void)
{
	return subsystem_register(&devices_subsys);
}

EXPORT_SYMBOL_GPL(device_initialize);
EXPORT_SYMBOL_GPL(device_add);
EXPORT_SYMBOL_GPL(device_register);
EXPORT_SYMBOL_GPL(device_del);
EXPORT_SYMBOL_GPL(device_unregister);
EXPORT_SYMBOL_GPL(device_rename);
EXPORT_SYMBOL_GPL(get_device);
EXPORT_SYMBOL_GPL(put_device);
EXPORT_SYMBOL_GPL(device_create_file);
EXPORT_SYMBOL_GPL(device_remove_file);
EXPORT_SYMBOL_GPL(device_create_bin_file);
EXPORT_SYMBOL_GPL(device_remove_bin_file);

static void device_create_release(struct device *dev)
{
	kfree(dev);
}

/*
 * device_create - make a class device that is a struct device
 * @class: its class
 * @parent: the device it belongs to, or NULL for a virtual one
 * @devt: its dev_t, or 0 for no "dev" attribute
 * @fmt: printf-style name
 *
 * Returns the device or an ERR_PTR().
 */
struct device *device_create(struct class *class, struct device *parent,
			     dev_t devt, const char *fmt, ...)
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

/* device_destroy - unregister the device of @class with dev_t @devt */
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
