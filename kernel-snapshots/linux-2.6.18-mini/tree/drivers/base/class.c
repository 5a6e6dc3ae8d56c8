/*
 * drivers/base/class.c - classes, class devices and class interfaces
 *
 * (Written for the mini tree in the shape of 2.6.18.  Class devices are
 * still struct class_device here; a class also keeps the list of the
 * struct devices that belong to it, filled by drivers/base/core.c.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/kdev_t.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/stat.h>
#include "base.h"

static ssize_t class_attr_show(struct kobject *kobj, struct attribute *attr,
			       char *buf)
{
	struct class_attribute *class_attr = to_class_attr(attr);
	struct class *dc = to_class(kobj);

	return class_attr->show ? class_attr->show(dc, buf) : -EIO;
}

static struct sysfs_ops class_sysfs_ops = {
	.show	= class_attr_show,
};

static void class_release(struct kobject *kobj)
{
	struct class *class = to_class(kobj);

	if (class->class_release)
		class->class_release(class);
}

static struct kobj_type ktype_class = {
	.sysfs_ops	= &class_sysfs_ops,
	.release	= class_release,
};

/* the /sys/class directory */
static decl_subsys(class, &ktype_class, NULL);

int class_register(struct class *cls)
{
	int error;

	INIT_LIST_HEAD(&cls->children);
	INIT_LIST_HEAD(&cls->devices);
	INIT_LIST_HEAD(&cls->interfaces);
	init_MUTEX(&cls->sem);
	error = kobject_set_name(&cls->subsys.kset.kobj, "%s", cls->name);
	if (error)
		return error;

	subsys_set_kset(cls, class_subsys);
	return subsystem_register(&cls->subsys);
}

void class_unregister(struct class *cls)
{
	subsystem_unregister(&cls->subsys);
}

int class_create_file(struct class *cls, const struct class_attribute *attr)
{
	return cls ? sysfs_create_file(&cls->subsys.kset.kobj, &attr->attr)
		   : -EINVAL;
}

void class_remove_file(struct class *cls, const struct class_attribute *attr)
{
	if (cls)
		sysfs_remove_file(&cls->subsys.kset.kobj, &attr->attr);
}

static void class_create_release(struct class *cls)
{
	kfree(cls);
}

static void class_device_create_release(struct class_device *class_dev)
{
	kfree(class_dev);
}

/* class_create - a class with nothing but a name, freed with itself */
struct class *class_create(struct module *owner, char *name)
{
	struct class *cls;
	int retval;

	cls = kzalloc(sizeof(*cls), GFP_KERNEL);
	if (!cls)
		return ERR_PTR(-ENOMEM);

	cls->name = name;
	cls->owner = owner;
	cls->class_release = class_create_release;
	cls->release = class_device_create_release;

	retval = class_register(cls);
	if (retval) {
		kfree(cls);
		return ERR_PTR(retval);
	}
	return cls;
}

void class_destroy(struct class *cls)
{
	if (cls == NULL || IS_ERR(cls))
		return;
	class_unregister(cls);
}

/* ---- class devices ---- */

static ssize_t cdev_attr_show(struct kobject *kobj, struct attribute *attr,
			      char *buf)
{
	struct class_device_attribute *class_dev_attr = to_class_dev_attr(attr);
	struct class_device *cd = to_class_dev(kobj);

	return class_dev_attr->show ? class_dev_attr->show(cd, buf) : -EIO;
}

static struct sysfs_ops cdev_sysfs_ops = {
	.show	= cdev_attr_show,
};

static void cdev_release(struct kobject *kobj)
{
	struct class_device *cd = to_class_dev(kobj);
	struct class *cls = cd->class;

	if (cd->release)
		cd->release(cd);
	else if (cls->release)
		cls->release(cd);
	else
		printk(KERN_ERR "class device %s has no release function\n",
		       cd->class_id);
}

static struct kobj_type ktype_class_device = {
	.sysfs_ops	= &cdev_sysfs_ops,
	.release	= cdev_release,
};

static decl_subsys(class_obj, &ktype_class_device, NULL);

int class_device_create_file(struct class_device *cd,
			     const struct class_device_attribute *attr)
{
	return cd ? sysfs_create_file(&cd->kobj, &attr->attr) : -EINVAL;
}

void class_device_remove_file(struct class_device *cd,
			      const struct class_device_attribute *attr)
{
	if (cd)
		sysfs_remove_file(&cd->kobj, &attr->attr);
}

int class_device_create_bin_file(struct class_device *cd,
				 struct bin_attribute *attr)
{
	return cd ? sysfs_create_bin_file(&cd->kobj, attr) : -EINVAL;
}

void class_device_remove_bin_file(struct class_device *cd,
				  struct bin_attribute *attr)
{
	if (cd)
		sysfs_remove_bin_file(&cd->kobj, attr);
}

static ssize_t cdev_show_dev(struct class_device *cd, char *buf)
{
	return print_dev_t(buf, cd->devt);
}

void class_device_initialize(struct class_device *cd)
{
	kobj_set_kset_s(cd, class_obj_subsys);
	kobject_init(&cd->kobj);
	INIT_LIST_HEAD(&cd->node);
}

int class_device_add(struct class_device *cd)
{
	struct class *parent_class;
	struct class_device *parent_cd;
	struct class_interface *intf;
	int error = -EINVAL;
	int i;

	cd = class_device_get(cd);
	if (!cd || !strlen(cd->class_id))
		goto out;
	parent_class = cd->class;
	parent_cd = class_device_get(cd->parent);

	kobject_set_name(&cd->kobj, "%s", cd->class_id);
	if (parent_cd)
		cd->kobj.parent = &parent_cd->kobj;
	else
		cd->kobj.parent = &parent_class->subsys.kset.kobj;
	error = kobject_add(&cd->kobj);
	if (error)
		goto out;

	if (MAJOR(cd->devt)) {
		struct class_device_attribute *attr;

		attr = kzalloc(sizeof(*attr), GFP_KERNEL);
		if (!attr) {
			error = -ENOMEM;
			kobject_del(&cd->kobj);
			goto out;
		}
		attr->attr.name = "dev";
		attr->attr.mode = S_IRUGO;
		attr->attr.owner = parent_class->owner;
		attr->show = cdev_show_dev;
		class_device_create_file(cd, attr);
		cd->devt_attr = attr;
	}
	if (cd->dev)
		sysfs_create_link(&cd->kobj, &cd->dev->kobj, "device");
	if (cd->groups)
		for (i = 0; cd->groups[i]; i++)
			sysfs_create_group(&cd->kobj, cd->groups[i]);

	kobject_uevent(&cd->kobj, KOBJ_ADD);

	down(&parent_class->sem);
	list_add_tail(&cd->node, &parent_class->children);
	list_for_each_entry(intf, &parent_class->interfaces, node)
		if (intf->add)
			intf->add(cd, intf);
	up(&parent_class->sem);
 out:
	class_device_put(cd);
	return error;
}

int class_device_register(struct class_device *cd)
{
	class_device_initialize(cd);
	return class_device_add(cd);
}

/* class_device_create - a class device made and registered on the fly */
struct class_device *class_device_create(struct class *cls,
					 struct class_device *parent,
					 dev_t devt, struct device *device,
					 char *fmt, ...)
{
	va_list args;
	struct class_device *cd = NULL;
	int retval = -ENODEV;

	if (cls == NULL || IS_ERR(cls))
		goto error;

	cd = kzalloc(sizeof(*cd), GFP_KERNEL);
	if (!cd) {
		retval = -ENOMEM;
		goto error;
	}

	cd->devt = devt;
	cd->dev = device;
	cd->class = cls;
	cd->parent = parent;
	cd->release = class_device_create_release;

	va_start(args, fmt);
	vsnprintf(cd->class_id, BUS_ID_SIZE, fmt, args);
	va_end(args);
	retval = class_device_register(cd);
	if (retval)
		goto error;
	return cd;

error:
	kfree(cd);
	return ERR_PTR(retval);
}

void class_device_del(struct class_device *cd)
{
	struct class *parent_class = cd->class;
	struct class_interface *intf;
	int i;

	down(&parent_class->sem);
	list_del_init(&cd->node);
	list_for_each_entry(intf, &parent_class->interfaces, node)
		if (intf->remove)
			intf->remove(cd, intf);
	up(&parent_class->sem);

	if (cd->dev)
		sysfs_remove_link(&cd->kobj, "device");
	if (cd->devt_attr)
		class_device_remove_file(cd, cd->devt_attr);
	if (cd->groups)
		for (i = 0; cd->groups[i]; i++)
			sysfs_remove_group(&cd->kobj, cd->groups[i]);
	kobject_uevent(&cd->kobj, KOBJ_REMOVE);
	kobject_del(&cd->kobj);
	class_device_put(cd->parent);
}

void class_device_unregister(struct class_device *cd)
{
	class_device_del(cd);
	class_device_put(cd);
}

void class_device_destroy(struct class *cls, dev_t devt)
{
	struct class_device *cd = NULL;
	struct class_device *cd_tmp;

	down(&cls->sem);
	list_for_each_entry(cd_tmp, &cls->children, node) {
		if (cd_tmp->devt == devt) {
			cd = cd_tmp;
			break;
		}
	}
	up(&cls->sem);

	if (cd)
		class_device_unregister(cd);
}

int class_device_rename(struct class_device *cd, char *new_name)
{
	int error;

	cd = class_device_get(cd);
	if (!cd)
		return -EINVAL;
	strlcpy(cd->class_id, new_name, KOBJ_NAME_LEN);
	error = kobject_rename(&cd->kobj, new_name);
	class_device_put(cd);
	return error;
}

struct class_device *class_device_get(struct class_device *cd)
{
	return cd ? to_class_dev(kobject_get(&cd->kobj)) : NULL;
}

void class_device_put(struct class_device *cd)
{
	if (cd)
		kobject_put(&cd->kobj);
}

/* ---- class interfaces ---- */

int class_interface_register(struct class_interface *intf)
{
	struct class *parent;
	struct class_device *cd;

	if (!intf || !intf->class)
		return -ENODEV;
	parent = intf->class;

	down(&parent->sem);
	list_add_tail(&intf->node, &parent->interfaces);
	if (intf->add)
		list_for_each_entry(cd, &parent->children, node)
			intf->add(cd, intf);
	up(&parent->sem);
	return 0;
}

void class_interface_unregister(struct class_interface *intf)
{
	struct class *parent = intf->class;
	struct class_device *cd;

	down(&parent->sem);
	list_del_init(&intf->node);
	if (intf->remove)
		list_for_each_entry(cd, &parent->children, node)
			intf->remove(cd, intf);
	up(&parent->sem);
}

/* "<class>:<name>", the name of the link from a parent to its child */
char *make_class_name(const char *name, struct kobject *kobj)
{
	int size = strlen(name) + strlen(kobject_name(kobj)) + 2;
	char *class_name = kmalloc(size, GFP_KERNEL);

	if (class_name)
		snprintf(class_name, size, "%s:%s", name, kobject_name(kobj));
	return class_name;
}

int __init classes_init(void)
{
	int retval;

	retval = subsystem_register(&class_subsys);
	if (retval)
		return retval;
	class_obj_subsys.kset.kobj.parent = &class_subsys.kset.kobj;
	return subsystem_register(&class_obj_subsys);
}

EXPORT_SYMBOL_GPL(class_create_file);
EXPORT_SYMBOL_GPL(class_remove_file);
EXPORT_SYMBOL_GPL(class_register);
EXPORT_SYMBOL_GPL(class_unregister);
EXPORT_SYMBOL_GPL(class_create);
EXPORT_SYMBOL_GPL(class_destroy);

EXPORT_SYMBOL_GPL(class_device_register);
EXPORT_SYMBOL_GPL(class_device_unregister);
EXPORT_SYMBOL_GPL(class_device_initialize);
EXPORT_SYMBOL_GPL(class_device_add);
EXPORT_SYMBOL_GPL(class_device_del);
EXPORT_SYMBOL_GPL(class_device_get);
EXPORT_SYMBOL_GPL(class_device_put);
EXPORT_SYMBOL_GPL(class_device_create);
EXPORT_SYMBOL_GPL(class_device_destroy);
EXPORT_SYMBOL_GPL(class_device_create_file);
EXPORT_SYMBOL_GPL(class_device_remove_file);
EXPORT_SYMBOL_GPL(class_device_create_bin_file);
EXPORT_SYMBOL_GPL(class_device_remove_bin_file);
EXPORT_SYMBOL_GPL(class_device_rename);

EXPORT_SYMBOL_GPL(class_interface_register);
EXPORT_SYMBOL_GPL(class_interface_unregister);
