#ifndef _LINUX_GADGET_H
#define _LINUX_GADGET_H

#include <linux/device.h>

struct gadget {
	int value;
	struct class_device cdev;
};

#define to_gadget(cd) container_of(cd, struct gadget, cdev)

/* A field of the class device, named by the caller. */
#define GADGET_CDEV_FIELD(g, f) ((g)->cdev.f)

#endif
