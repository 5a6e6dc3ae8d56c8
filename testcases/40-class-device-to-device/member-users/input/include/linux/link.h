#ifndef _LINK_H
#define _LINK_H
/* A device that points at its class device (a pointer member). */
#include <linux/device.h>
#include <linux/kernel.h>

struct link_dev {
	char name[16];
	struct class_device *class_dev;
};

#define link_printk(level, dev, fmt, arg...)	\
	printk(level "%s: " fmt, (dev)->bus_id , ## arg)

extern int link_register(struct link_dev *l, struct device *parent);
#endif
