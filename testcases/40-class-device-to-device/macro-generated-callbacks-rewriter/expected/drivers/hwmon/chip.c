#include <linux/device.h>

struct chip {
	int temp[2];
	int fan[2];
	struct device cdev;
};

#define to_chip(cd) container_of(cd, struct chip, cdev)

/* One callback per macro use: its name is pasted, spatch cannot see it. */
#define show_temp(n) \
static ssize_t show_temp##n(struct device *cd, \
			    struct device_attribute *attr, char *buf) \
{ \
	struct chip *c = dev_get_drvdata(cd); \
	return sprintf(buf, "%d\n", c->temp[n]); \
}
show_temp(0)
show_temp(1)

/* Callback and attribute in one macro. */
#define fan_attr(n) \
static ssize_t show_fan##n(struct device *cd, \
			   struct device_attribute *attr, char *buf) \
{ \
	return sprintf(buf, "%d\n", to_chip(cd)->fan[n]); \
} \
static DEVICE_ATTR(fan##n, S_IRUGO, show_fan##n, NULL);
fan_attr(0)
fan_attr(1)

static DEVICE_ATTR(temp0, S_IRUGO, show_temp0, NULL);
static DEVICE_ATTR(temp1, S_IRUGO, show_temp1, NULL);

static ssize_t show_name(struct device *cd,
			 struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "chip\n");
}
static DEVICE_ATTR(name, S_IRUGO, show_name, NULL);

static struct attribute *chip_attrs[] = {
	&dev_attr_temp0.attr,
	&dev_attr_temp1.attr,
	&dev_attr_fan0.attr,
	&dev_attr_fan1.attr,
	&dev_attr_name.attr,
	NULL,
};
