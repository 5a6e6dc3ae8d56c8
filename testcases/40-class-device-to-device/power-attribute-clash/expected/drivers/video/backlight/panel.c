#include <linux/device.h>

static ssize_t panel_show(struct device *cd,
			  struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "1\n");
}

static struct device_attribute panel_cd_attrs[] = {
	__ATTR(panel_power, 0444, panel_show, NULL),
	__ATTR(panel_driver, 0444, panel_show, NULL),
	__ATTR(mode, 0444, panel_show, NULL),
	__ATTR_NULL,
};

static DEVICE_ATTR(panel_uevent, 0444, panel_show, NULL);

static int panel_add(struct device *cd)
{
	return device_create_file(cd, &dev_attr_panel_uevent);
}

static struct device_attribute dev_attr_panel_device =
	__ATTR(panel_device, 0444, panel_show, NULL);

static void panel_remove(struct device *cd)
{
	device_remove_file(cd, &dev_attr_panel_device);
	device_remove_file(cd, &dev_attr_panel_uevent);
}
