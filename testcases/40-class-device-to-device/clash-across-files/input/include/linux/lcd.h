#ifndef _LCD_H
#define _LCD_H
#include <linux/device.h>
extern struct class_device_attribute class_device_attr_power;
static inline int lcd_has_power(struct class_device *cd)
{
	return class_device_create_file(cd, &class_device_attr_power);
}
static struct class_device_attribute lcd_hdr_attrs[] = {
	__ATTR(uevent, 0444, NULL, NULL),
	__ATTR_NULL,
};
#endif
