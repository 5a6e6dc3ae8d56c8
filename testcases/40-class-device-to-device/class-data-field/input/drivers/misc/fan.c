#include <linux/device.h>

struct fan {
	int rpm;
	struct class_device cdev;
	struct class_device *extra;
};

static struct fan the_fan;

static struct class_device fan_static_cd = {
	.class_id	= "fan0",
	.class_data	= &the_fan,
};

static void fan_bind(struct fan *f)
{
	f->cdev.class_data = f;
	f->extra->class_data = f;
}

static struct fan *fan_of(struct class_device *cd)
{
	return cd->class_data;
}

static int fan_rpm(struct fan *f)
{
	struct fan *g = f->cdev.class_data;

	return g->rpm + ((struct fan *)f->extra->class_data)->rpm;
}
