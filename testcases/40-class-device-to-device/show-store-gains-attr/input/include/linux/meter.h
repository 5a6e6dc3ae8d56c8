#ifndef _LINUX_METER_H
#define _LINUX_METER_H

#include <linux/device.h>

extern ssize_t meter_show_value(struct class_device *cd, char *buf);
extern ssize_t meter_store_value(struct class_device *, const char *, size_t);
ssize_t meter_show_unit(struct class_device *, char *);

#endif
