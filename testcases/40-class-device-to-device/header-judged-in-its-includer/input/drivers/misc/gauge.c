#include <linux/device.h>
#include "gauge.h"

static struct gauge the_gauge;

static int gauge_level(struct class_device *cd)
{
	return gauge_of(cd)->level;
}

static int gauge_register(void)
{
	gauge_bind(&the_gauge);
	return class_device_register(&the_gauge.cdev);
}
