#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/lcd.h>

static ssize_t corgi_show(struct device *cd,
			  struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "1\n");
}

static DEVICE_ATTR(corgi_dev, 0444, corgi_show, NULL);

int corgi_add(struct device *cd)
{
	device_create_file(cd, &dev_attr_lcd_power);
	return device_create_file(cd, &dev_attr_corgi_dev);
}
