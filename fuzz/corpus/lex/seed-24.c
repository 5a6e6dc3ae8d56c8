/*
 * meter.c - a meter driver written on a system with CRLF line ends: the
 * macro-callbacks pass keeps them, and keeps the backslashes one blank
 * after the text as this file writes them.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

static int meter_reading[2];

#define METER_SHOW(n) \
static ssize_t meter_show_reading##n(struct device *cd, \
				     struct device_attribute *attr, char *buf) \
{ \
	return sprintf(buf, "%d\n", meter_reading[n]); \
} \
static DEVICE_ATTR(reading##n, S_IRUGO, meter_show_reading##n, NULL)

METER_SHOW(0);
METER_SHOW(1);

#define METER_ATTR(n)	&dev_attr_reading##n.attr

static struct attribute *meter_attrs[] = {
	METER_ATTR(0),
	METER_ATTR(1),
	NULL,
};
