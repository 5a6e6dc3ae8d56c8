#include <linux/dial.h>

int dial_register(struct dial *d)
{
	return class_device_register(&d->cdev);
}
