#ifndef _LINUX_GAUGE_H
#define _LINUX_GAUGE_H

#include <linux/device.h>

struct gauge {
	int value;
	struct class_device cdev;
};

#define to_gauge(cd) container_of(cd, struct gauge, cdev)

#endif
