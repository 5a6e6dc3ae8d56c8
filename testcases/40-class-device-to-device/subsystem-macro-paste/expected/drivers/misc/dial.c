#include <linux/device.h>

#define DIAL_ATTR(_name) (&dev_attr_##_name.attr)
#define DIAL_CREATE(_cd, _name) \
	device_create_file((_cd), \
			   &dev_attr_##_name)

static ssize_t dial_show_pos(struct device *cd,
			     struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "0\n");
}

static ssize_t dial_show_max(struct device *cd,
			     struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "10\n");
}

static DEVICE_ATTR(pos, S_IRUGO, dial_show_pos, NULL);
static DEVICE_ATTR(max, S_IRUGO, dial_show_max, NULL);

static struct attribute *dial_attrs[] = {
	DIAL_ATTR(pos),
	DIAL_ATTR(max),
	NULL,
};

static int dial_add(struct device *cd)
{
	return DIAL_CREATE(cd, pos);
}
