#include <linux/device.h>

static ssize_t fw_loading_show(struct class_device *class_dev, char *buf)
{
	return sprintf(buf, "%d\n", class_get_devdata(class_dev) != NULL);
}
static CLASS_DEVICE_ATTR(loading, 0644, fw_loading_show, NULL);

static int fw_register(struct class_device *class_dev)
{
	return class_device_register(class_dev);
}
