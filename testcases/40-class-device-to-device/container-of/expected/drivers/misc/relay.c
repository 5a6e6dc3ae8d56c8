#include <linux/device.h>

struct relay {
	int state;
	struct device class_dev;
};

static ssize_t relay_show_state(struct device *cd,
				struct device_attribute *attr, char *buf)
{
	struct relay *r = container_of(cd, struct relay, class_dev);

	return sprintf(buf, "%d\n", r->state);
}

static void relay_release(struct device *cd)
{
	kfree(container_of(cd, struct relay, class_dev));
}
