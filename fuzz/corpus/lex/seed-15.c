/*
 * lcd.c - defines power and dev, which every struct device already has:
 * they become lcd_power and lcd_dev, laid out for DEVICE_ATTR; corgi.c
 * defines dev too and names power (lcd_power, the one definer); third.c
 * defines neither (its own stem where two files define dev).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/lcd.h>

static ssize_t lcd_show_power(struct device *cd,
			      struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "1\n");
}

static DEVICE_ATTR(lcd_power, 0444, lcd_show_power, NULL);
static DEVICE_ATTR(lcd_dev, 0444, lcd_show_power, NULL);

int lcd_add(struct device *cd)
{
	device_create_file(cd, &dev_attr_lcd_uevent);
	device_create_file(cd, &dev_attr_lcd_dev);
	return device_create_file(cd, &dev_attr_lcd_power);
}
