#include <linux/device.h>

/*
 * 2.6.25's lookup through the class's children: class_find_child() and
 * its match callback take a class device, class_find_device() and its
 * callback a struct device.
 */
struct gizmo {
	struct device cdev;
	unsigned short number;
};

#define cdev_to_gizmo(d) container_of(d, struct gizmo, cdev)

static struct class *gizmo_class;

static int gizmo_match(struct device *cdev, void *data)
{
	unsigned short *number = data;

	return cdev_to_gizmo(cdev)->number == *number;
}

struct gizmo *gizmo_lookup(unsigned short number)
{
	struct device *cdev;

	cdev = class_find_device(gizmo_class, &number, gizmo_match);
	return cdev ? cdev_to_gizmo(cdev) : NULL;
}

/* Already the new walk: left as it is. */
static int gizmo_count_one(struct device *dev, void *data)
{
	(*(int *)data)++;
	return 0;
}

int gizmo_count(void)
{
	int n = 0;

	class_for_each_device(gizmo_class, &n, gizmo_count_one);
	return n;
}
