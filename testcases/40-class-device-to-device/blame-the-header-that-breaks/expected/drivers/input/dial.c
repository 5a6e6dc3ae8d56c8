#include <linux/dial.h>

int dial_register(struct dial *d)
{
	return device_register(&d->cdev);
}
