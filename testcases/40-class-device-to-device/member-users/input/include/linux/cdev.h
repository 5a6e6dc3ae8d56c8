#ifndef _LINUX_CDEV_H
#define _LINUX_CDEV_H
/* Test stub: a char device, whose dev is a dev_t, not a class device. */
#include <linux/types.h>

struct cdev {
	struct module *owner;
	dev_t dev;
	unsigned int count;
};

extern int cdev_add(struct cdev *, dev_t, unsigned);
#endif
