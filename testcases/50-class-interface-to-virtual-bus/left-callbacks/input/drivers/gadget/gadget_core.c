/*
 * gadget_core.c -- owns gadget_class, whose registration undoes the bus
 * registration in an if without a block (the shape of SCSI's
 * scsi_sysfs_register()): the virtual bus does not know that shape and
 * leaves the class and its interfaces; step 50's last pass gives them the
 * 2.6.19 callbacks instead.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/device.h>
#include "gadget.h"

static struct bus_type gadget_core_bus = {
	.name		= "gadget",
};

static struct class gadget_class = {
	.name		= "gadget",
};

int gadget_register_interface(struct class_interface *intf)
{
	intf->class = &gadget_class;

	return class_interface_register(intf);
}
EXPORT_SYMBOL(gadget_register_interface);

void gadget_unregister_interface(struct class_interface *intf)
{
	class_interface_unregister(intf);
}
EXPORT_SYMBOL(gadget_unregister_interface);

int gadget_add(struct gadget *g, struct device *parent)
{
	int error;

	device_initialize(&g->gadget_dev);
	g->gadget_dev.parent = parent;
	g->gadget_dev.class = &gadget_class;
	error = device_add(&g->gadget_dev);
	if (error)
		return error;
	return 0;
}

void gadget_del(struct gadget *g)
{
	device_del(&g->gadget_dev);
}

static int __init gadget_init(void)
{
	int error;

	error = bus_register(&gadget_core_bus);
	if (!error) {
		error = class_register(&gadget_class);
		if (error)
			bus_unregister(&gadget_core_bus);
	}

	return error;
}

static void __exit gadget_exit(void)
{
	class_unregister(&gadget_class);
	bus_unregister(&gadget_core_bus);
}

module_init(gadget_init);
module_exit(gadget_exit);
