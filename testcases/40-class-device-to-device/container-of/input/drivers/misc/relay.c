#include <linux/device.h>

struct relay {
	int state;
	struct class_device class_dev;
};

static ssize_t relay_show_state(struct class_device *cd, char *buf)
{
	struct relay *r = container_of(cd, struct relay, class_dev);

	return sprintf(buf, "%d\n", r->state);
}

static void relay_release(struct class_device *cd)
{
	kfree(container_of(cd, struct relay, class_dev));
}
