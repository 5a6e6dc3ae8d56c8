/*
 * gizmo.c -- the gizmo core: every gizmo is a device of gizmo_class.  The
 * gizmo monitor, which counts the gizmos, hears of them through a class
 * interface defined in this file too.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has made its class devices struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/device.h>

struct gizmo {
	int		id;
	struct device	dev;
};

static struct class *gizmo_class;

static int gizmo_count;

static int gizmo_monitor_add(struct device *dev, struct class_interface *intf)
{
	gizmo_count++;
	printk(KERN_INFO "gizmo: %s arrived, %d now\n", dev->bus_id,
	       gizmo_count);
	return 0;
}

static void gizmo_monitor_remove(struct device *dev,
				 struct class_interface *intf)
{
	gizmo_count--;
}

static struct class_interface gizmo_monitor_interface = {
	.add	= gizmo_monitor_add,
	.remove	= gizmo_monitor_remove,
};

static void gizmo_release(struct device *dev)
{
	kfree(container_of(dev, struct gizmo, dev));
}

struct gizmo *gizmo_register(struct device *parent, int id)
{
	struct gizmo *g;
	int err;

	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return ERR_PTR(-ENOMEM);
	g->id = id;
	g->dev.parent = parent;
	g->dev.class = gizmo_class;
	g->dev.release = gizmo_release;
	snprintf(g->dev.bus_id, BUS_ID_SIZE, "gizmo%d", id);
	err = device_register(&g->dev);
	if (err) {
		put_device(&g->dev);
		return ERR_PTR(err);
	}
	return g;
}
EXPORT_SYMBOL_GPL(gizmo_register);

void gizmo_unregister(struct gizmo *g)
{
	device_unregister(&g->dev);
}
EXPORT_SYMBOL_GPL(gizmo_unregister);

static int __init gizmo_init(void)
{
	gizmo_class = class_create(THIS_MODULE, "gizmo");
	if (IS_ERR(gizmo_class))
		goto fail;
	gizmo_monitor_interface.class = gizmo_class;
	if (class_interface_register(&gizmo_monitor_interface))
		goto fail_class;
	return 0;

fail_class:
	class_destroy(gizmo_class);
fail:
	printk(KERN_ERR "gizmo: no class\n");
	return -ENODEV;
}

static void __exit gizmo_exit(void)
{
	class_interface_unregister(&gizmo_monitor_interface);
	class_destroy(gizmo_class);
}

module_init(gizmo_init);
module_exit(gizmo_exit);
MODULE_LICENSE("GPL");
