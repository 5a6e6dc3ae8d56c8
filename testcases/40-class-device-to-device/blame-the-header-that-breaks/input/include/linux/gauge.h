#ifndef _LINUX_GAUGE_H
#define _LINUX_GAUGE_H

#include <linux/device.h>

struct gauge {
	int id;
	struct class_device cdev;
};

#endif
