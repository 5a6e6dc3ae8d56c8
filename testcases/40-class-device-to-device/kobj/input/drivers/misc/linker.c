#include <linux/device.h>
#include <linux/sysfs.h>
#include <linux/kobject.h>

static int linker_link(struct class_device *cd, struct device *dev)
{
	int err = sysfs_create_link(&cd->kobj, &dev->kobj, "device");

	if (!err)
		kobject_hotplug(&cd->kobj, KOBJ_ADD);
	return err;
}

static void linker_unlink(struct class_device *cd)
{
	sysfs_remove_link(&cd->kobj, "device");
	kobject_put(&cd->kobj);
}
