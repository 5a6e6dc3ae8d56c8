#include <linux/device.h>

static int lamp_level;

static ssize_t lamp_show_level(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", lamp_level);
}

static ssize_t lamp_store_level(struct class_device *cd, const char *buf,
				size_t count)
{
	lamp_level = simple_strtoul(buf, NULL, 10);
	return count;
}

static ssize_t lamp_show_color(struct class_device *cd, char *buf)
{
	return sprintf(buf, "white\n");
}

static CLASS_DEVICE_ATTR(level, S_IRUGO | S_IWUSR, lamp_show_level,
			 lamp_store_level);
CLASS_DEVICE_ATTR(color, S_IRUGO, lamp_show_color, NULL);

static int lamp_add(struct class_device *cd)
{
	int err;

	err = class_device_create_file(cd, &class_device_attr_level);
	if (err)
		return err;
	err = class_device_create_file(cd, &class_device_attr_color);
	if (err)
		class_device_remove_file(cd, &class_device_attr_level);
	return err;
}

static void lamp_remove(struct class_device *cd)
{
	class_device_remove_file(cd, &class_device_attr_color);
	class_device_remove_file(cd, &class_device_attr_level);
}
