/*
 * vendor_sensor.h - shared declarations of the vendor sensor driver
 *
 * Copyright (C) 2006 Example Sensors Inc.
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2.
 */
#ifndef _VENDOR_SENSOR_H
#define _VENDOR_SENSOR_H

#include <linux/device.h>

#define VENDOR_SENSOR_CHANNELS	4
#define VENDOR_SENSOR_MAX	8	/* boards */
#define VENDOR_SENSOR_MAJOR	240	/* local/experimental use */
#define VENDOR_SENSOR_CTL_MINOR	255

/* one board: a device on the platform bus with four channels */
struct vendor_sensor {
	struct device		*dev;		/* the board */
	int			id;
	struct class_device	*chan[VENDOR_SENSOR_CHANNELS];
	int			reading[VENDOR_SENSOR_CHANNELS];
	struct semaphore	lock;
};

#define VENDOR_SENSOR_DEVT(id, ch) \
	MKDEV(VENDOR_SENSOR_MAJOR, (id) * VENDOR_SENSOR_CHANNELS + (ch))

extern struct class *vendor_sensor_class;

/* vendor_sensor_mon.c: watches every node of the class */
extern struct class_interface vendor_sensor_monitor;

/* vendor_sensor.c: shared with the monitor */
extern ssize_t vendor_sensor_show_reading(struct class_device *cd, char *buf);

#endif /* _VENDOR_SENSOR_H */
