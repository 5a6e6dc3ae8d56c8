#include <linux/device.h>

static ssize_t fw_loading_show(struct device *class_dev,
			       struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", dev_get_drvdata(class_dev) != NULL);
}
static DEVICE_ATTR(loading, 0644, fw_loading_show, NULL);

static int fw_register(struct device *class_dev)
{
	return device_register(class_dev);
}
