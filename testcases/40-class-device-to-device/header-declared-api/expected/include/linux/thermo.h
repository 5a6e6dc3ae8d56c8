#ifndef _LINUX_THERMO_H
#define _LINUX_THERMO_H

#include <linux/device.h>

struct device;

struct thermo_ops {
	int (*get_temp)(struct device *cd, int *temp);
};

extern struct device *thermo_device_register(struct device *dev,
					     struct thermo_ops *ops);
extern void thermo_device_unregister(struct device *cd);
extern struct device_attribute *thermo_attrs[];

#endif
