#include <linux/device.h>

static int lamp_level;

static ssize_t lamp_show_level(struct device *cd,
			       struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", lamp_level);
}

static ssize_t lamp_store_level(struct device *cd,
				struct device_attribute *attr,
				const char *buf,
				size_t count)
{
	lamp_level = simple_strtoul(buf, NULL, 10);
	return count;
}

static ssize_t lamp_show_color(struct device *cd,
			       struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "white\n");
}

static DEVICE_ATTR(level, S_IRUGO | S_IWUSR, lamp_show_level,
		   lamp_store_level);
DEVICE_ATTR(color, S_IRUGO, lamp_show_color, NULL);

static int lamp_add(struct device *cd)
{
	int err;

	err = device_create_file(cd, &dev_attr_level);
	if (err)
		return err;
	err = device_create_file(cd, &dev_attr_color);
	if (err)
		device_remove_file(cd, &dev_attr_level);
	return err;
}

static void lamp_remove(struct device *cd)
{
	device_remove_file(cd, &dev_attr_color);
	device_remove_file(cd, &dev_attr_level);
}
