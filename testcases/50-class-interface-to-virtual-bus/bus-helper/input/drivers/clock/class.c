/*
 * class.c -- the clock class: clock devices and the register function of
 * the interfaces that follow them.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/clock.h>

static struct class *clock_class;
static int clock_next;

static void clock_device_release(struct device *dev)
{
	kfree(to_clock_device(dev));
}

struct clock_device *clock_device_register(struct device *parent,
					   unsigned long hz)
{
	struct clock_device *clock;
	int err;

	clock = kzalloc(sizeof(*clock), GFP_KERNEL);
	if (!clock)
		return ERR_PTR(-ENOMEM);
	clock->id = clock_next++;
	clock->hz = hz;
	clock->dev.parent = parent;
	clock->dev.class = clock_class;
	clock->dev.release = clock_device_release;
	snprintf(clock->dev.bus_id, BUS_ID_SIZE, "clock%d", clock->id);

	err = device_register(&clock->dev);
	if (err) {
		put_device(&clock->dev);
		return ERR_PTR(err);
	}
	return clock;
}
EXPORT_SYMBOL_GPL(clock_device_register);

void clock_device_unregister(struct clock_device *clock)
{
	device_unregister(&clock->dev);
}
EXPORT_SYMBOL_GPL(clock_device_unregister);

int clock_interface_register(struct class_interface *intf)
{
	intf->class = clock_class;
	return class_interface_register(intf);
}
EXPORT_SYMBOL_GPL(clock_interface_register);

static int __init clock_init(void)
{
	clock_class = class_create(THIS_MODULE, "clock");
	if (IS_ERR(clock_class)) {
		printk(KERN_ERR "clock: no class\n");
		return PTR_ERR(clock_class);
	}
	return 0;
}

static void __exit clock_exit(void)
{
	class_destroy(clock_class);
}

subsys_initcall(clock_init);
module_exit(clock_exit);
MODULE_LICENSE("GPL");
