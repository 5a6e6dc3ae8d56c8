#include <linux/device.h>
#include "tape_cls.h"

static int my_class_device_count;
static struct tape_class_device *tape_cdevs[4];

struct tape_class_device *tape_class_device_create(char *name)
{
	my_class_device_count++;
	return my_class_device_attr_lookup(name);
}

void tape_class_device_destroy(struct tape_class_device *tcd)
{
	my_class_device_count--;
	tape_cdevs[0] = tcd;
}
