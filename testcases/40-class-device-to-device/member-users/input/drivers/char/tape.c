/* A char driver that knows nothing of class devices: unchanged. */
#include <linux/cdev.h>

struct tape {
	struct cdev cdev;
	int unit;
};

static dev_t tape_devt(struct tape *t)
{
	return t->cdev.dev;
}

int tape_setup(struct tape *t, dev_t devt)
{
	t->cdev.dev = devt;
	return cdev_add(&t->cdev, tape_devt(t), 1);
}
