/*
 * The driver core's device code (test input): it names class devices
 * because it implements them; step 40 leaves it to steps 30 and 70.
 */
#include <linux/device.h>
#include "base.h"

static int class_device_uevent_of(struct kobject *kobj)
{
	struct class_device *class_dev = to_class_dev_of(kobj);

	return class_dev->class != NULL;
}

int device_class_link(struct device *dev, struct class_device *class_dev)
{
	class_dev->dev = dev;
	return class_device_uevent_of(&class_dev->kobj);
}
