#include <linux/device.h>

struct holder {
	struct device cdev;
};

static struct device *holder_grab(struct holder *h)
{
	return get_device(&h->cdev);
}

static void holder_drop(struct device *cd)
{
	put_device(cd);
}

static int holder_add(struct holder *h)
{
	int err;

	device_initialize(&h->cdev);
	err = device_add(&h->cdev);
	if (err)
		put_device(&h->cdev);
	return err;
}

static void holder_del(struct holder *h)
{
	device_del(&h->cdev);
	put_device(&h->cdev);
}
