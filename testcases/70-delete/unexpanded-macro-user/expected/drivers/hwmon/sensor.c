/*
 * drivers/hwmon/sensor.c - a converted driver that still defines, but no
 * longer uses, a macro built on CLASS_DEVICE_ATTR.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.19 driver: a
 * macro nobody expands is invisible to the parser, but its text would
 * stop compiling the day someone uses it.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

#define SENSOR_ATTR_RO(name) \
	static CLASS_DEVICE_ATTR(name, S_IRUGO, show_##name, NULL)

static ssize_t show_temp(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	return sprintf(buf, "%d\n", 42);
}

static DEVICE_ATTR(temp, S_IRUGO, show_temp, NULL);

static int __init sensor_init(void)
{
	return 0;
}

module_init(sensor_init);
