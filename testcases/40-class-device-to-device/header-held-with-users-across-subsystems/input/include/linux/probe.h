#ifndef _LINUX_PROBE_H
#define _LINUX_PROBE_H

#include <linux/device.h>

struct probe {
	int id;
	struct class_device cdev;
};

#endif
