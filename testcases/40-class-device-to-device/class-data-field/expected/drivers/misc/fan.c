#include <linux/device.h>

struct fan {
	int rpm;
	struct device cdev;
	struct device *extra;
};

static struct fan the_fan;

static struct device fan_static_cd = {
	.bus_id	= "fan0",
	.driver_data	= &the_fan,
};

static void fan_bind(struct fan *f)
{
	dev_set_drvdata(&f->cdev, f);
	dev_set_drvdata(f->extra, f);
}

static struct fan *fan_of(struct device *cd)
{
	return dev_get_drvdata(cd);
}

static int fan_rpm(struct fan *f)
{
	struct fan *g = dev_get_drvdata(&f->cdev);

	return g->rpm + ((struct fan *) dev_get_drvdata(f->extra))->rpm;
}
