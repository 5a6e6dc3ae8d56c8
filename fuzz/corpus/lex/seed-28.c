/*
 * tally.c -- a class whose devices are made by device_create() and taken
 * away by device_destroy(), with its interface in the same file.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define TALLY_MAJOR	240

static struct class *tally_class;
static int tally_seen;

static int tally_add(struct device *dev, struct class_interface *intf)
{
	tally_seen++;
	return 0;
}

static struct class_interface tally_interface = {
	.add	= tally_add,
};

static int __init tally_init(void)
{
	struct device *dev;
	int err;

	tally_class = class_create(THIS_MODULE, "tally");
	if (IS_ERR(tally_class))
		return PTR_ERR(tally_class);
	tally_interface.class = tally_class;
	err = class_interface_register(&tally_interface);
	if (err)
		goto out_class;
	dev = device_create(tally_class, NULL, MKDEV(TALLY_MAJOR, 0), "tally");
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out_intf;
	}
	return 0;

out_intf:
	class_interface_unregister(&tally_interface);
out_class:
	class_destroy(tally_class);
	return err;
}

static void __exit tally_exit(void)
{
	device_destroy(tally_class, MKDEV(TALLY_MAJOR, 0));
	class_interface_unregister(&tally_interface);
	class_destroy(tally_class);
}

module_init(tally_init);
module_exit(tally_exit);
MODULE_LICENSE("GPL");
