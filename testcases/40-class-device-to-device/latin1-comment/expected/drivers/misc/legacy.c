/*
 * legacy.c - written by Jürgen, saved as Latin-1: éè
 */
#include <linux/device.h>

#define LEG_ATTR(_n) (&dev_attr_##_n.attr)

static ssize_t leg_show_mode(struct device *cd,
			     struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "m\n");
}
static DEVICE_ATTR(mode, S_IRUGO, leg_show_mode, NULL);

static struct attribute *leg_attrs[] = {
	LEG_ATTR(mode),
	NULL,
};
