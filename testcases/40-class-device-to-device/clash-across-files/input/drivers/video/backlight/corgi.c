#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/lcd.h>

static ssize_t corgi_show(struct class_device *cd, char *buf)
{
	return sprintf(buf, "1\n");
}

static CLASS_DEVICE_ATTR(dev, 0444, corgi_show, NULL);

int corgi_add(struct class_device *cd)
{
	class_device_create_file(cd, &class_device_attr_power);
	return class_device_create_file(cd, &class_device_attr_dev);
}
