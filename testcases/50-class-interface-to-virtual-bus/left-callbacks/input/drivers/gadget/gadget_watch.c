/*
 * gadget_watch.c -- an interface of gadget_class whose callbacks step 40
 * made take a struct device; its class stays (gadget_core.c), so .add and
 * .remove become .add_dev and .remove_dev.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/device.h>
#include "gadget.h"

#ifndef __devexit_p
#define __devexit_p(x) x
#endif

static int gadget_watch_add(struct device *, struct class_interface *);
static void gadget_watch_remove(struct device *, struct class_interface *);

static struct class_interface gadget_watch_interface = {
	.add		= gadget_watch_add,
	.remove		= __devexit_p(&gadget_watch_remove),
};

static int gadget_watch_add(struct device *dev, struct class_interface *intf)
{
	printk(KERN_INFO "gadget_watch: %s\n", dev->bus_id);
	return 0;
}

static void gadget_watch_remove(struct device *dev, struct class_interface *intf)
{
	printk(KERN_INFO "gadget_watch: %s gone\n", dev->bus_id);
}

static int __init gadget_watch_init(void)
{
	return gadget_register_interface(&gadget_watch_interface);
}

static void __exit gadget_watch_exit(void)
{
	gadget_unregister_interface(&gadget_watch_interface);
}

module_init(gadget_watch_init);
module_exit(gadget_watch_exit);
