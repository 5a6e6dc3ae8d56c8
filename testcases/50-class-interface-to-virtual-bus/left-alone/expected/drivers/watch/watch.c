/*
 * watch.c -- an interface on a class that this tree does not define (an
 * out-of-tree driver watching input_class): the bus would have to live
 * with the class, so the interface is left as it is.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has made the callbacks of its class interface take a struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/device.h>

extern struct class input_class;

static int watch_add(struct device *dev, struct class_interface *intf)
{
	printk(KERN_INFO "watch: %s\n", dev->bus_id);
	return 0;
}

static struct class_interface watch_interface = {
	.class	= &input_class,
	.add	= watch_add,
};

static int __init watch_init(void)
{
	return class_interface_register(&watch_interface);
}

static void __exit watch_exit(void)
{
	class_interface_unregister(&watch_interface);
}

module_init(watch_init);
module_exit(watch_exit);
MODULE_LICENSE("GPL");
