#include <linux/device.h>

static int lcd_power_state;

static ssize_t lcd_show_power(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", lcd_power_state);
}

static ssize_t lcd_store_power(struct class_device *cd, const char *buf,
			       size_t count)
{
	lcd_power_state = simple_strtoul(buf, NULL, 0);
	return count;
}

static ssize_t lcd_show_contrast(struct class_device *cd, char *buf)
{
	return sprintf(buf, "0\n");
}

static CLASS_DEVICE_ATTR(power, 0644, lcd_show_power, lcd_store_power);
static CLASS_DEVICE_ATTR(contrast, 0444, lcd_show_contrast, NULL);

static struct class_device_attribute *lcd_attrs[] = {
	&class_device_attr_power,
	&class_device_attr_contrast,
	NULL,
};
