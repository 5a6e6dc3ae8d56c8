#include <linux/bar.h>

int bar_register_device(struct bar_device *bdev)
{
	struct class_device *cd = &bdev->class_dev;

	cd->class = &bar_class;
	snprintf(cd->class_id, BUS_ID_SIZE, "bar%d", bdev->id);
	return class_device_register(cd);
}
