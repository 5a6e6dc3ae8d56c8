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

static int dial_show(struct device *dev, struct knob_bus_driver *iface)
{
	printk(KERN_INFO "dial: %s\n", dev->bus_id);
	return 0;
}

static struct knob_bus_driver dial_driver = {
	.add	= dial_show,
	.driver = {
		.name = "dial",
	},
};

static int __init dial_init(void)
{
	return knob_bus_register_driver(&dial_driver);
}

static void __exit dial_exit(void)
{
	knob_bus_unregister_driver(&dial_driver);
}

module_init(dial_init);
module_exit(dial_exit);
MODULE_LICENSE("GPL");
