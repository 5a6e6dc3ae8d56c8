/*
 * dial.c -- a class with devices and no class interface: step 50 has
 * nothing to do here although the file registers a class.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

struct dial {
	int		value;
	struct device	dev;
};

static struct class *dial_class;

int dial_register(struct dial *d)
{
	int ret;

	d->dev.class = dial_class;
	snprintf(d->dev.bus_id, BUS_ID_SIZE, "dial%d", d->value);
	ret = device_register(&d->dev);
	if (ret)
		return ret;
	return 0;
}

void dial_unregister(struct dial *d)
{
	device_unregister(&d->dev);
}

static int __init dial_init(void)
{
	dial_class = class_create(THIS_MODULE, "dial");
	if (IS_ERR(dial_class))
		return PTR_ERR(dial_class);
	return 0;
}

static void __exit dial_exit(void)
{
	class_destroy(dial_class);
}

module_init(dial_init);
module_exit(dial_exit);
MODULE_LICENSE("GPL");
