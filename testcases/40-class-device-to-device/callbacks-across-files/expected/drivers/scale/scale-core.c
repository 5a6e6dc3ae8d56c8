#include <linux/scale.h>

static int weight;

ssize_t scale_show_weight(struct device *cd,
			  struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", weight);
}

static ssize_t show_name(struct device *cd,
			 struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "scale\n");
}

static DEVICE_ATTR(weight, 0444, scale_show_weight, NULL);
static DEVICE_ATTR(name, 0444, show_name, NULL);
