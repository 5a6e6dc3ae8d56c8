/*
 * probe.c -- an interface whose address goes elsewhere than to
 * class_interface_register() (a table of the interfaces this driver
 * offers): the rules do not know what that use needs, so the class and
 * its interface are left as they are.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

struct probe {
	int		pin;
	struct device	dev;
};

static struct class *probe_class;

static int probe_watch(struct device *dev, struct class_interface *intf)
{
	return 0;
}

static struct class_interface probe_interface = {
	.add	= probe_watch,
};

static struct class_interface *probe_interfaces[] = {
	&probe_interface,
	NULL,
};

int probe_register(struct probe *p)
{
	int ret;

	p->dev.class = probe_class;
	ret = device_register(&p->dev);
	if (ret)
		return ret;
	return 0;
}

void probe_unregister(struct probe *p)
{
	device_unregister(&p->dev);
}

static int __init probe_init(void)
{
	probe_class = class_create(THIS_MODULE, "probe");
	if (IS_ERR(probe_class))
		return PTR_ERR(probe_class);
	probe_interface.class = probe_class;
	return class_interface_register(probe_interfaces[0]);
}

module_init(probe_init);
MODULE_LICENSE("GPL");
