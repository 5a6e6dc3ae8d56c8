#ifndef _LINUX_SCALE_H
#define _LINUX_SCALE_H

#include <linux/device.h>

extern ssize_t scale_show_weight(struct device *cd,
				 struct device_attribute *attr, char *buf);

#endif
