/*
 * drivers/char/tinycdev.c - a 2.6.15 character driver that only makes and
 * destroys class devices of its own class.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.15 driver.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kdev_t.h>
#include <linux/module.h>

static struct class *tiny_class;

static int __init tiny_init(void)
{
	struct class_device *cdev;

	tiny_class = class_create(THIS_MODULE, "tiny");
	if (IS_ERR(tiny_class))
		return PTR_ERR(tiny_class);
	cdev = class_device_create(tiny_class, NULL, MKDEV(251, 0), NULL, "tiny0");
	if (IS_ERR(cdev)) {
		class_destroy(tiny_class);
		return PTR_ERR(cdev);
	}
	return 0;
}

static void __exit tiny_exit(void)
{
	class_device_destroy(tiny_class, MKDEV(251, 0));
	class_destroy(tiny_class);
}

module_init(tiny_init);
module_exit(tiny_exit);
