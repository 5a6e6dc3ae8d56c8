/*
 * knob-core.c -- the knob class and its devices.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver; step 10 left
 * the class static because of its class_release.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/knob.h>

static void knob_class_release(struct class *cls)
{
	printk(KERN_DEBUG "knob: class gone\n");
}

struct class knob_class = {
	.name		= "knob",
	.class_release	= knob_class_release,
};

static int knob_count;

int knob_add(struct knob *k)
{
	int rc;

	k->dev.class = &knob_class;
	snprintf(k->dev.bus_id, BUS_ID_SIZE, "knob%d", knob_count++);
	rc = device_register(&k->dev);
	if (rc)
		return rc;
	return 0;
}

void knob_remove(struct knob *k)
{
	device_unregister(&k->dev);
}

static int __init knob_init(void)
{
	int rc;

	rc = class_register(&knob_class);
	if (rc) {
		printk(KERN_ERR "knob: no class (%d)\n", rc);
		return rc;
	}
	return 0;
}

static void __exit knob_exit(void)
{
	class_unregister(&knob_class);
}

subsys_initcall(knob_init);
module_exit(knob_exit);
MODULE_LICENSE("GPL");
