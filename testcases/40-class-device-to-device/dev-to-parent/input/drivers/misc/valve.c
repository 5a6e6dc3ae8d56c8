#include <linux/device.h>

struct valve {
	struct class_device cdev;
};

static struct class_device valve_cd = {
	.dev = NULL,
};

static int valve_register(struct valve *v, struct device *parent)
{
	v->cdev.dev = parent;
	return class_device_register(&v->cdev);
}

static struct device *valve_parent(struct class_device *cd)
{
	if (!cd->dev)
		return NULL;
	return cd->dev;
}

static const char *valve_parent_name(struct class_device *cd)
{
	return cd->dev ? cd->dev->bus_id : "none";
}
