#ifndef _HWMON_H_
#define _HWMON_H_

/*
 * hwmon.h - the hardware monitoring class: one "hwmonN" class device per
 * sensor chip, whose "device" link leads to the chip, where the
 * attributes are.
 */

#include <linux/device.h>

struct class_device *hwmon_device_register(struct device *dev);
void hwmon_device_unregister(struct class_device *cdev);

#endif /* _HWMON_H_ */
