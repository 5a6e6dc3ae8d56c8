/*
 * bus.c - bus driver management
 *
 * Copyright (c) 2002-3 Patrick Mochel
 * Copyright (c) 2002-3 Open Source Development Labs
 *
 * This file is released under the GPLv2
 *
 * (A minimal version for the mini tree: buses register as subsystems,
 * devices and drivers join them; matching is the bus's business.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/string.h>
#include "base.h"

#define to_bus(obj) container_of(obj, struct bus_type, subsys.kset.kobj)

static struct kobj_type ktype_bus = {
	.sysfs_ops	= NULL,
};

decl_subsys(bus, &ktype_bus, NULL);

/**
 *	bus_add_device - add device to bus
 *	@dev:	device being added
 *
 *	- Add the device to its bus's list of devices.
 *	- Try to attach to driver.
 *	- Create link to device's physical location.
 */
int bus_add_device(struct device * dev)
{
	struct bus_type * bus = dev->bus;
	int error = 0;

	if (bus) {
		pr_debug("bus %s: add device %s\n", bus->name, dev->bus_id);
		list_add_tail(&dev->bus_list, &bus->devices.list);
		error = sysfs_create_link(&bus->devices.kobj, &dev->kobj,
					  dev->bus_id);
	}
	return error;
}

/**
 *	bus_remove_device - remove device from bus
 *	@dev:	device to be removed
 */
void bus_remove_device(struct device * dev)
{
	if (dev->bus) {
		sysfs_remove_link(&dev->bus->devices.kobj, dev->bus_id);
		list_del_init(&dev->bus_list);
	}
}

int driver_register(struct device_driver * drv)
{
	INIT_LIST_HEAD(&drv->devices);
	kobject_set_name(&drv->kobj, "%s", drv->name);
	if (drv->bus)
		drv->kobj.kset = &drv->bus->drivers;
	return kobject_register(&drv->kobj);
}

void driver_unregister(struct device_driver * drv)
{
	kobject_unregister(&drv->kobj);
}

/**
 *	bus_register - register a bus with the system.
 *	@bus:	bus.
 *
 *	Once we have that, we registered the bus with the kobject
 *	infrastructure, then register the children subsystems it has:
 *	the devices and drivers that belong to the bus.
 */
int bus_register(struct bus_type * bus)
{
	int retval;

	retval = kobject_set_name(&bus->subsys.kset.kobj, "%s", bus->name);
	if (retval)
		goto out;

	subsys_set_kset(bus, bus_subsys);
	retval = subsystem_register(&bus->subsys);
	if (retval)
		goto out;

	kobject_set_name(&bus->devices.kobj, "devices");
	bus->devices.subsys = &bus->subsys;
	retval = kset_register(&bus->devices);
	if (retval)
		goto bus_devices_fail;

	kobject_set_name(&bus->drivers.kobj, "drivers");
	bus->drivers.subsys = &bus->subsys;
	bus->drivers.ktype = &ktype_bus;
	retval = kset_register(&bus->drivers);
	if (retval)
		goto bus_drivers_fail;

	pr_debug("bus type '%s' registered\n", bus->name);
	return 0;

bus_drivers_fail:
	kset_unregister(&bus->devices);
bus_devices_fail:
	subsystem_unregister(&bus->subsys);
out:
	return retval;
}

void bus_unregister(struct bus_type * bus)
{
	pr_debug("bus %s: unregistering\n", bus->name);
	kset_unregister(&bus->drivers);
	kset_unregister(&bus->devices);
	subsystem_unregister(&bus->subsys);
}

/* the platform bus: everything that is not on a bus that can be probed */
struct device platform_bus = {
	.bus_id		= "platform",
};

struct bus_type platform_bus_type = {
	.name		= "platform",
};

int __init buses_init(void)
{
	int error;

	error = subsystem_register(&bus_subsys);
	if (!error)
		error = device_register(&platform_bus);
	if (!error)
		error = bus_register(&platform_bus_type);
	return error;
}

EXPORT_SYMBOL_GPL(bus_register);
EXPORT_SYMBOL_GPL(bus_unregister);
EXPORT_SYMBOL_GPL(driver_register);
EXPORT_SYMBOL_GPL(driver_unregister);
EXPORT_SYMBOL_GPL(platform_bus);
EXPORT_SYMBOL_GPL(platform_bus_type);
