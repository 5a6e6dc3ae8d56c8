/*
 * meter.c -- a class whose devices are marked through one expression and
 * removed through another (m->dev here, gauge->dev there): the
 * hooks could miss a removal, so the class and its interface are left as
 * they are.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

struct meter {
	int		reading;
	struct device	dev;
};

static struct class *meter_class;

static int meter_add(struct device *dev, struct class_interface *intf)
{
	return 0;
}

static struct class_interface meter_interface = {
	.add	= meter_add,
};

int meter_register(struct meter *m)
{
	int ret;

	m->dev.class = meter_class;
	ret = device_register(&m->dev);
	if (ret)
		return ret;
	return 0;
}

void meter_unregister(struct meter *gauge)
{
	device_unregister(&gauge->dev);
}

static int __init meter_init(void)
{
	meter_class = class_create(THIS_MODULE, "meter");
	if (IS_ERR(meter_class))
		return PTR_ERR(meter_class);
	meter_interface.class = meter_class;
	return class_interface_register(&meter_interface);
}

module_init(meter_init);
MODULE_LICENSE("GPL");
