/*
 * drivers/misc/beacon.c - a static class whose devices were converted to
 * struct device, but whose initializer still sets .release (the class
 * device release of 2.6.15) instead of .dev_release.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.15 driver:
 * struct class loses its release member with class_device, so this
 * holds the deletion back.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

static void beacon_release(struct device *dev)
{
	kfree(dev);
}

static struct class beacon_class = {
	.name		= "beacon",
	.release	= beacon_release,
};

static int __init beacon_init(void)
{
	return class_register(&beacon_class);
}

static void __exit beacon_exit(void)
{
	class_unregister(&beacon_class);
}

module_init(beacon_init);
module_exit(beacon_exit);
