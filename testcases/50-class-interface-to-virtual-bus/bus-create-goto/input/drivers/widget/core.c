/*
 * core.c -- the widget core: the class and its devices.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have made its class dynamic and its class devices struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/widget.h>

struct class *widget_class;
EXPORT_SYMBOL_GPL(widget_class);

static int widget_next;

int widget_register(struct widget *w, struct device *parent)
{
	int ret;

	w->index = widget_next++;
	device_initialize(&w->cdev);
	w->cdev.class = widget_class;
	w->cdev.parent = parent;
	snprintf(w->cdev.bus_id, BUS_ID_SIZE, "widget%d", w->index);
	ret = device_add(&w->cdev);
	if (ret)
		goto out_put;
	return 0;

out_put:
	put_device(&w->cdev);
	return ret;
}
EXPORT_SYMBOL_GPL(widget_register);

void widget_unregister(struct widget *w)
{
	device_del(&w->cdev);
	put_device(&w->cdev);
}
EXPORT_SYMBOL_GPL(widget_unregister);

static int __init widget_init(void)
{
	int err = 0;

	widget_class = class_create(THIS_MODULE, "widget");
	if (IS_ERR(widget_class)) {
		err = PTR_ERR(widget_class);
		goto out;
	}
	printk(KERN_INFO "widget: core ready\n");
out:
	return err;
}

static void __exit widget_exit(void)
{
	class_destroy(widget_class);
}

subsys_initcall(widget_init);
module_exit(widget_exit);
MODULE_LICENSE("GPL");
