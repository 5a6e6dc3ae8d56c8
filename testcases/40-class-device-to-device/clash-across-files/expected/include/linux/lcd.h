#ifndef _LCD_H
#define _LCD_H
#include <linux/device.h>
extern struct device_attribute dev_attr_lcd_power;
static inline int lcd_has_power(struct device *cd)
{
	return device_create_file(cd, &dev_attr_lcd_power);
}
static struct device_attribute lcd_hdr_attrs[] = {
	__ATTR(lcd_uevent, 0444, NULL, NULL),
	__ATTR_NULL,
};
#endif
