#include <linux/device.h>

struct holder {
	struct class_device cdev;
};

static struct class_device *holder_grab(struct holder *h)
{
	return class_device_get(&h->cdev);
}

static void holder_drop(struct class_device *cd)
{
	class_device_put(cd);
}

static int holder_add(struct holder *h)
{
	int err;

	class_device_initialize(&h->cdev);
	err = class_device_add(&h->cdev);
	if (err)
		class_device_put(&h->cdev);
	return err;
}

static void holder_del(struct holder *h)
{
	class_device_del(&h->cdev);
	class_device_put(&h->cdev);
}
