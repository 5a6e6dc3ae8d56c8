/*
 * drivers/char/oldwidget.c - a character driver nobody converted yet:
 * it still makes a class_device and a CLASS_DEVICE_ATTR.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.15 driver:
 * while it is left, struct class_device cannot be deleted.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/module.h>

#define OLDWIDGET_MAJOR	241

static struct class *oldwidget_class;
static struct class_device *oldwidget_cdev;

static ssize_t show_mode(struct class_device *cdev, char *buf)
{
	return sprintf(buf, "%d\n", 1);
}

static CLASS_DEVICE_ATTR(mode, S_IRUGO, show_mode, NULL);

static int __init oldwidget_init(void)
{
	oldwidget_class = class_create(THIS_MODULE, "oldwidget");
	if (IS_ERR(oldwidget_class))
		return PTR_ERR(oldwidget_class);
	oldwidget_cdev = class_device_create(oldwidget_class, NULL,
					     MKDEV(OLDWIDGET_MAJOR, 0), NULL,
					     "oldwidget0");
	if (IS_ERR(oldwidget_cdev)) {
		class_destroy(oldwidget_class);
		return PTR_ERR(oldwidget_cdev);
	}
	return class_device_create_file(oldwidget_cdev, &class_device_attr_mode);
}

static void __exit oldwidget_exit(void)
{
	class_device_remove_file(oldwidget_cdev, &class_device_attr_mode);
	class_device_destroy(oldwidget_class, MKDEV(OLDWIDGET_MAJOR, 0));
	class_destroy(oldwidget_class);
}

module_init(oldwidget_init);
module_exit(oldwidget_exit);
