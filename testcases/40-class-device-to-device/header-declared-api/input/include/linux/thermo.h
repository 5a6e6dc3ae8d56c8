#ifndef _LINUX_THERMO_H
#define _LINUX_THERMO_H

#include <linux/device.h>

struct class_device;

struct thermo_ops {
	int (*get_temp)(struct class_device *cd, int *temp);
};

extern struct class_device *thermo_device_register(struct device *dev,
						   struct thermo_ops *ops);
extern void thermo_device_unregister(struct class_device *cd);
extern struct class_device_attribute *thermo_attrs[];

#endif
