#include <linux/device.h>
#include <linux/err.h>
#include <linux/fs.h>

static struct class *tick_class;
static int tick_major;

static int tick_make_node(struct device *dev, int minor)
{
	struct class_device *cd;

	cd = class_device_create(tick_class, NULL, MKDEV(tick_major, minor),
				 dev, "tick%d", minor);
	if (IS_ERR(cd))
		return PTR_ERR(cd);
	return 0;
}

static void tick_make_virtual(int minor)
{
	class_device_create(tick_class, NULL, MKDEV(tick_major, minor), NULL,
			    "vtick%d", minor);
}

static void tick_remove_node(int minor)
{
	class_device_destroy(tick_class, MKDEV(tick_major, minor));
}
