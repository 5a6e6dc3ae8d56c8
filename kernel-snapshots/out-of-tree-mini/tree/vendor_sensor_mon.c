/*
 * vendor_sensor_mon.c - logs every sensor node that comes and goes
 *
 * Copyright (C) 2006 Example Sensors Inc.
 *
 * A class interface on the vendor_sensor class: the vendor's daemon
 * reads these lines from the kernel log.
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#include "vendor_sensor.h"

static int vendor_mon_add(struct class_device *cd, struct class_interface *intf)
{
	printk(KERN_INFO "vendor_sensor: node %s (%u:%u) on %s\n",
	       cd->class_id, MAJOR(cd->devt), MINOR(cd->devt),
	       cd->dev ? cd->dev->bus_id : "no device");
	return 0;
}

static void vendor_mon_remove(struct class_device *cd,
			      struct class_interface *intf)
{
	printk(KERN_INFO "vendor_sensor: node %s gone\n", cd->class_id);
}

/* .class is set by vendor_sensor_init() once the class exists */
struct class_interface vendor_sensor_monitor = {
	.add	= vendor_mon_add,
	.remove	= vendor_mon_remove,
};
