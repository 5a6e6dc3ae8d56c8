#include <linux/scale.h>

static int weight;

ssize_t scale_show_weight(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", weight);
}

static ssize_t show_name(struct class_device *cd, char *buf)
{
	return sprintf(buf, "scale\n");
}

static CLASS_DEVICE_ATTR(weight, 0444, scale_show_weight, NULL);
static CLASS_DEVICE_ATTR(name, 0444, show_name, NULL);
