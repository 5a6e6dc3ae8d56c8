/*
 * counter.c -- device_create() whose result is not kept: there is no
 * device to tell the bus of, so the class and its interface are left as
 * they are.
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

#define COUNTER_MAJOR	241

static struct class *counter_class;

static int counter_seen(struct device *dev, struct class_interface *intf)
{
	return 0;
}

static struct class_interface counter_interface = {
	.add	= counter_seen,
};

static int __init counter_init(void)
{
	int i;

	counter_class = class_create(THIS_MODULE, "counter");
	if (IS_ERR(counter_class))
		return PTR_ERR(counter_class);
	counter_interface.class = counter_class;
	if (class_interface_register(&counter_interface)) {
		class_destroy(counter_class);
		return -ENODEV;
	}
	for (i = 0; i < 4; i++)
		device_create(counter_class, NULL, MKDEV(COUNTER_MAJOR, i),
			      "counter%d", i);
	return 0;
}

module_init(counter_init);
MODULE_LICENSE("GPL");
