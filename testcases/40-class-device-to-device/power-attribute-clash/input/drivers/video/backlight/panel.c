#include <linux/device.h>

static ssize_t panel_show(struct class_device *cd, char *buf)
{
	return sprintf(buf, "1\n");
}

static struct class_device_attribute panel_cd_attrs[] = {
	__ATTR(power, 0444, panel_show, NULL),
	__ATTR(driver, 0444, panel_show, NULL),
	__ATTR(mode, 0444, panel_show, NULL),
	__ATTR_NULL,
};

static CLASS_DEVICE_ATTR(uevent, 0444, panel_show, NULL);

static int panel_add(struct class_device *cd)
{
	return class_device_create_file(cd, &class_device_attr_uevent);
}

static struct class_device_attribute class_device_attr_device =
	__ATTR(device, 0444, panel_show, NULL);

static void panel_remove(struct class_device *cd)
{
	class_device_remove_file(cd, &class_device_attr_device);
	class_device_remove_file(cd, &class_device_attr_uevent);
}
