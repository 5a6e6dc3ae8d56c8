#include <linux/device.h>

static ssize_t firmware_loading_show(struct device *class_dev,
				     struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", dev_get_drvdata(class_dev) != NULL);
}
static DEVICE_ATTR(loading, 0644, firmware_loading_show, NULL);
