/*
 * msw_led.c - the message-waiting lamp of an office phone base station
 *
 * This file was contributed with DOS line ends and is kept that way.
 *
 * Written for the mini tree.  This program is free software; you can
 * redistribute it and/or modify it under the terms of the GNU General
 * Public License version 2.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/kdev_t.h>
#include <linux/err.h>
#include <linux/device.h>

static struct class *msw_class;
static struct class_device *msw_led_cdev;
static int msw_lamp_on;

/* the lamp is a bit in the base station's latch */
extern void msw_set_lamp(int on);

static ssize_t msw_show_lamp(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", msw_lamp_on);
}

static ssize_t msw_store_lamp(struct class_device *cd, const char *buf,
			      size_t count)
{
	msw_lamp_on = simple_strtoul(buf, NULL, 10) ? 1 : 0;
	msw_set_lamp(msw_lamp_on);
	return count;
}

static CLASS_DEVICE_ATTR(lamp, S_IRUGO | S_IWUSR, msw_show_lamp,
			 msw_store_lamp);

static int __init msw_led_init(void)
{
	int err;

	msw_class = class_create(THIS_MODULE, "msw");
	if (IS_ERR(msw_class))
		return PTR_ERR(msw_class);

	msw_led_cdev = class_device_create(msw_class, NULL, MKDEV(0, 0),
					   &platform_bus, "msw_led0");
	if (IS_ERR(msw_led_cdev)) {
		err = PTR_ERR(msw_led_cdev);
		goto out_class;
	}

	err = class_device_create_file(msw_led_cdev, &class_device_attr_lamp);
	if (err)
		goto out_cdev;
	return 0;

out_cdev:
	class_device_unregister(msw_led_cdev);
out_class:
	class_destroy(msw_class);
	return err;
}

static void __exit msw_led_exit(void)
{
	class_device_remove_file(msw_led_cdev, &class_device_attr_lamp);
	class_device_unregister(msw_led_cdev);
	class_destroy(msw_class);
}

module_init(msw_led_init);
module_exit(msw_led_exit);

MODULE_LICENSE("GPL");
