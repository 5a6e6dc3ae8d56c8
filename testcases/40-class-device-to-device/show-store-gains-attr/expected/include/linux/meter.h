#ifndef _LINUX_METER_H
#define _LINUX_METER_H

#include <linux/device.h>

extern ssize_t meter_show_value(struct device *cd,
				struct device_attribute *attr, char *buf);
extern ssize_t meter_store_value(struct device *,
				 struct device_attribute *, const char *,
				 size_t);
ssize_t meter_show_unit(struct device *, struct device_attribute *,
			char *);

#endif
