#include <linux/device.h>
#include <linux/err.h>
#include <linux/fs.h>

static struct class *tick_class;
static int tick_major;

static int tick_make_node(struct device *dev, int minor)
{
	struct device *cd;

	cd = device_create(tick_class, dev, MKDEV(tick_major, minor),
			   "tick%d", minor);
	if (IS_ERR(cd))
		return PTR_ERR(cd);
	return 0;
}

static void tick_make_virtual(int minor)
{
	device_create(tick_class, NULL, MKDEV(tick_major, minor), "vtick%d",
		      minor);
}

static void tick_remove_node(int minor)
{
	device_destroy(tick_class, MKDEV(tick_major, minor));
}
