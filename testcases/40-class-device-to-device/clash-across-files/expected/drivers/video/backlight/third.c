#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/lcd.h>

int third_add(struct device *cd)
{
	device_create_file(cd, &dev_attr_lcd_power);
	return device_create_file(cd, &dev_attr_third_dev);
}
