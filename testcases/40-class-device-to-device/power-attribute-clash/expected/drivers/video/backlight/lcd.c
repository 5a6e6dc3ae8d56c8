#include <linux/device.h>

static int lcd_power_state;

static ssize_t lcd_show_power(struct device *cd,
			      struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", lcd_power_state);
}

static ssize_t lcd_store_power(struct device *cd,
			       struct device_attribute *attr, const char *buf,
			       size_t count)
{
	lcd_power_state = simple_strtoul(buf, NULL, 0);
	return count;
}

static ssize_t lcd_show_contrast(struct device *cd,
				 struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "0\n");
}

static DEVICE_ATTR(lcd_power, 0644, lcd_show_power, lcd_store_power);
static DEVICE_ATTR(contrast, 0444, lcd_show_contrast, NULL);

static struct device_attribute *lcd_attrs[] = {
	&dev_attr_lcd_power,
	&dev_attr_contrast,
	NULL,
};
