#include <linux/device.h>

struct valve {
	struct device cdev;
};

static struct device valve_cd = {
	.parent = NULL,
};

static int valve_register(struct valve *v, struct device *parent)
{
	v->cdev.parent = parent;
	return device_register(&v->cdev);
}

static struct device *valve_parent(struct device *cd)
{
	if (!cd->parent)
		return NULL;
	return cd->parent;
}

static const char *valve_parent_name(struct device *cd)
{
	return cd->parent ? cd->parent->bus_id : "none";
}
