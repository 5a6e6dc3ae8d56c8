/*
 * vendor_sensor.c - Example Sensors multi-channel sensor board
 *
 * Copyright (C) 2006 Example Sensors Inc.
 *
 * Every channel of every board is a class device of the "vendor_sensor"
 * class, named vsensorB.C, below the board's device; one control node,
 * vsensor-ctl, has no parent at all.
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2.
 */

#include <linux/config.h>
#include <linux/version.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#include "vendor_sensor.h"

#define DRV_NAME	"vendor_sensor"
#define DRV_VERSION	"1.4.2"

struct class *vendor_sensor_class;

static struct vendor_sensor *boards[VENDOR_SENSOR_MAX];
static struct class_device *vendor_ctl_cdev;

/* the board registers are read by the vendor's firmware glue */
extern int vendor_fw_read_channel(struct vendor_sensor *vs, int ch);
extern void vendor_fw_reset(void);

ssize_t vendor_sensor_show_reading(struct class_device *cd, char *buf)
{
	struct vendor_sensor *vs = class_get_devdata(cd);
	int ch = MINOR(cd->devt) % VENDOR_SENSOR_CHANNELS;

	down(&vs->lock);
	vs->reading[ch] = vendor_fw_read_channel(vs, ch);
	up(&vs->lock);

	return sprintf(buf, "%d\n", vs->reading[ch]);
}
EXPORT_SYMBOL_GPL(vendor_sensor_show_reading);

static CLASS_DEVICE_ATTR(reading, S_IRUGO, vendor_sensor_show_reading, NULL);

static ssize_t vendor_sensor_store_reset(struct class_device *cd,
					 const char *buf, size_t count)
{
	if (simple_strtoul(buf, NULL, 0) != 1)
		return -EINVAL;
	vendor_fw_reset();
	return count;
}

static CLASS_DEVICE_ATTR(reset, S_IWUSR, NULL, vendor_sensor_store_reset);

static ssize_t vendor_sensor_show_driver(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%s %s\n", DRV_NAME, DRV_VERSION);
}

/* the vendor's tools read the driver version from here */
static CLASS_DEVICE_ATTR(driver, S_IRUGO, vendor_sensor_show_driver, NULL);

static int vendor_sensor_add_channel(struct vendor_sensor *vs, int ch)
{
	struct class_device *cd;
	int err;

#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,15)
	/* before 2.6.15 the create call took no parent argument */
	cd = class_device_create(vendor_sensor_class,
				 VENDOR_SENSOR_DEVT(vs->id, ch), vs->dev,
				 "vsensor%d.%d", vs->id, ch);
#else
	cd = class_device_create(vendor_sensor_class, NULL,
				 VENDOR_SENSOR_DEVT(vs->id, ch), vs->dev,
				 "vsensor%d.%d", vs->id, ch);
#endif
	if (IS_ERR(cd))
		return PTR_ERR(cd);

	class_set_devdata(cd, vs);
	err = class_device_create_file(cd, &class_device_attr_reading);
	if (err) {
		class_device_destroy(vendor_sensor_class,
				     VENDOR_SENSOR_DEVT(vs->id, ch));
		return err;
	}
	vs->chan[ch] = cd;
	return 0;
}

static void vendor_sensor_del_channel(struct vendor_sensor *vs, int ch)
{
	if (!vs->chan[ch])
		return;
	class_device_remove_file(vs->chan[ch], &class_device_attr_reading);
	class_device_destroy(vendor_sensor_class,
			     VENDOR_SENSOR_DEVT(vs->id, ch));
	vs->chan[ch] = NULL;
}

static int vendor_sensor_probe(struct device *dev)
{
	struct vendor_sensor *vs;
	int id, ch, err;

	for (id = 0; id < VENDOR_SENSOR_MAX && boards[id]; id++)
		;
	if (id == VENDOR_SENSOR_MAX)
		return -ENOSPC;

	vs = kzalloc(sizeof(*vs), GFP_KERNEL);
	if (!vs)
		return -ENOMEM;
	vs->dev = dev;
	vs->id = id;
	init_MUTEX(&vs->lock);

	for (ch = 0; ch < VENDOR_SENSOR_CHANNELS; ch++) {
		err = vendor_sensor_add_channel(vs, ch);
		if (err)
			goto out_channels;
	}

	boards[id] = vs;
	dev_set_drvdata(dev, vs);
	return 0;

out_channels:
	while (--ch >= 0)
		vendor_sensor_del_channel(vs, ch);
	kfree(vs);
	return err;
}

static int vendor_sensor_remove(struct device *dev)
{
	struct vendor_sensor *vs = dev_get_drvdata(dev);
	int ch;

	for (ch = 0; ch < VENDOR_SENSOR_CHANNELS; ch++)
		vendor_sensor_del_channel(vs, ch);
	boards[vs->id] = NULL;
	kfree(vs);
	return 0;
}

static struct device_driver vendor_sensor_driver = {
	.name	= DRV_NAME,
	.bus	= &platform_bus_type,
	.probe	= vendor_sensor_probe,
	.remove	= vendor_sensor_remove,
};

static int __init vendor_sensor_init(void)
{
	int err;

	vendor_sensor_class = class_create(THIS_MODULE, "vendor_sensor");
	if (IS_ERR(vendor_sensor_class))
		return PTR_ERR(vendor_sensor_class);

	/* the control node: no board, no parent */
	vendor_ctl_cdev = class_device_create(vendor_sensor_class, NULL,
			MKDEV(VENDOR_SENSOR_MAJOR, VENDOR_SENSOR_CTL_MINOR),
			NULL, "vsensor-ctl");
	if (IS_ERR(vendor_ctl_cdev)) {
		err = PTR_ERR(vendor_ctl_cdev);
		goto out_class;
	}
	err = class_device_create_file(vendor_ctl_cdev,
				       &class_device_attr_reset);
	if (!err)
		err = class_device_create_file(vendor_ctl_cdev,
					       &class_device_attr_driver);
	if (err)
		goto out_ctl;

	vendor_sensor_monitor.class = vendor_sensor_class;
	err = class_interface_register(&vendor_sensor_monitor);
	if (err)
		goto out_ctl;

	err = driver_register(&vendor_sensor_driver);
	if (err)
		goto out_monitor;

	printk(KERN_INFO DRV_NAME ": version " DRV_VERSION "\n");
	return 0;

out_monitor:
	class_interface_unregister(&vendor_sensor_monitor);
out_ctl:
	class_device_unregister(vendor_ctl_cdev);
out_class:
	class_destroy(vendor_sensor_class);
	return err;
}

static void __exit vendor_sensor_exit(void)
{
	driver_unregister(&vendor_sensor_driver);
	class_interface_unregister(&vendor_sensor_monitor);
	class_device_unregister(vendor_ctl_cdev);
	class_destroy(vendor_sensor_class);
}

module_init(vendor_sensor_init);
module_exit(vendor_sensor_exit);

MODULE_AUTHOR("Example Sensors Inc.");
MODULE_DESCRIPTION("Example Sensors multi-channel sensor board");
MODULE_LICENSE("GPL");
MODULE_VERSION(DRV_VERSION);
