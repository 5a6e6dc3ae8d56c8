#include <linux/device.h>
#include <linux/meter.h>

int meter_check(struct meter *m)
{
	return meter_same_parent(&m->cdev, m->bus);
}

int meter_add(struct meter *m)
{
	return class_device_register(&m->cdev);
}
