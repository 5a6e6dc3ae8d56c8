#ifndef _LINUX_METER_H
#define _LINUX_METER_H
#include <linux/device.h>

struct meter_bus {
	struct device *dev;
};

struct meter {
	struct meter_bus *bus;
	struct class_device cdev;
};

/* Two members called dev: the class device's and the bus's. */
#define meter_same_parent(cd, b) ((cd)->dev == (b)->dev)

/* cdev is a class device in one struct, a pointer to a device in another. */
struct meter_link {
	struct device *cdev;
};
#define SET_METER_DEV(m, pdev) ((m)->cdev.dev = (pdev))

#endif
