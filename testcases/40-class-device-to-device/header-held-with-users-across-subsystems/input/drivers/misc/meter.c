#include <linux/device.h>

static struct class_device *meter_cdev;

int meter_set_parent(struct device *parent)
{
	meter_cdev->dev = parent;
	return class_device_register(meter_cdev);
}
