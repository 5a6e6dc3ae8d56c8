/*
 * drivers/char/widget.c - a character driver already converted to
 * struct device: class_create(), device_create() and a DEVICE_ATTR.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.19 driver:
 * users of the new API do not hold the deletion back.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/module.h>

#define WIDGET_MAJOR	240

static struct class *widget_class;
static struct device *widget_dev;

static ssize_t show_level(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	return sprintf(buf, "%d\n", 3);
}

static DEVICE_ATTR(level, S_IRUGO, show_level, NULL);

static int __init widget_init(void)
{
	int err;

	widget_class = class_create(THIS_MODULE, "widget");
	if (IS_ERR(widget_class))
		return PTR_ERR(widget_class);
	widget_dev = device_create(widget_class, NULL,
				   MKDEV(WIDGET_MAJOR, 0), "widget%d", 0);
	if (IS_ERR(widget_dev)) {
		class_destroy(widget_class);
		return PTR_ERR(widget_dev);
	}
	err = device_create_file(widget_dev, &dev_attr_level);
	if (err) {
		device_destroy(widget_class, MKDEV(WIDGET_MAJOR, 0));
		class_destroy(widget_class);
	}
	return err;
}

static void __exit widget_exit(void)
{
	device_remove_file(widget_dev, &dev_attr_level);
	device_destroy(widget_class, MKDEV(WIDGET_MAJOR, 0));
	class_destroy(widget_class);
}

module_init(widget_init);
module_exit(widget_exit);
