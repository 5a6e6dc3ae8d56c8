#include <linux/device.h>

static struct device *meter_cdev;

int meter_set_parent(struct device *parent)
{
	meter_cdev->parent = parent;
	return device_register(meter_cdev);
}
