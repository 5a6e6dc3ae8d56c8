#ifndef _LINUX_DIAL_H
#define _LINUX_DIAL_H

#include <linux/device.h>

struct dial {
	int level;
	struct device cdev;
};

int dial_register(struct dial *d);

#endif
