#include <linux/device.h>

#define DIAL_ATTR(_name) (&class_device_attr_##_name.attr)
#define DIAL_CREATE(_cd, _name) \
	class_device_create_file((_cd), \
				 &class_device_attr_##_name)

static ssize_t dial_show_pos(struct class_device *cd, char *buf)
{
	return sprintf(buf, "0\n");
}

static ssize_t dial_show_max(struct class_device *cd, char *buf)
{
	return sprintf(buf, "10\n");
}

static CLASS_DEVICE_ATTR(pos, S_IRUGO, dial_show_pos, NULL);
static CLASS_DEVICE_ATTR(max, S_IRUGO, dial_show_max, NULL);

static struct attribute *dial_attrs[] = {
	DIAL_ATTR(pos),
	DIAL_ATTR(max),
	NULL,
};

static int dial_add(struct class_device *cd)
{
	return DIAL_CREATE(cd, pos);
}
