/*
 * lcd.c - defines power and dev, which every struct device already has:
 * they become lcd_power and lcd_dev, laid out for DEVICE_ATTR; corgi.c
 * defines dev too and names power (lcd_power, the one definer); third.c
 * defines neither (its own stem where two files define dev).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/lcd.h>

static ssize_t lcd_show_power(struct class_device *cd, char *buf)
{
	return sprintf(buf, "1\n");
}

static CLASS_DEVICE_ATTR(power, 0444, lcd_show_power, NULL);
static CLASS_DEVICE_ATTR(dev, 0444, lcd_show_power,
			 NULL);

int lcd_add(struct class_device *cd)
{
	class_device_create_file(cd, &class_device_attr_uevent);
	class_device_create_file(cd, &class_device_attr_dev);
	return class_device_create_file(cd, &class_device_attr_power);
}
