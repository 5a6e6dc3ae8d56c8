/*
 * dial.c -- shows each knob on the front panel.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has made the callbacks of its class interface take a struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/knob.h>

static int dial_show(struct device *dev, struct class_interface *iface)
{
	printk(KERN_INFO "dial: %s\n", dev->bus_id);
	return 0;
}

static struct class_interface dial_interface = {
	.class	= &knob_class,
	.add	= dial_show,
};

static int __init dial_init(void)
{
	return class_interface_register(&dial_interface);
}

static void __exit dial_exit(void)
{
	class_interface_unregister(&dial_interface);
}

module_init(dial_init);
module_exit(dial_exit);
MODULE_LICENSE("GPL");
