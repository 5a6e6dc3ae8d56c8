/*
 * gauge.c - a level gauge with a class device per sensor.  Two of its
 * attribute macros hold what has no textual struct device equivalent, so
 * the macro-callbacks pass leaves them whole (and says why); the third is
 * converted.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

struct gauge {
	int level;
	int low, high;
};

static int gauge_level, gauge_power;

/* converted: nothing here lacks an equivalent */
#define GAUGE_LIMIT(name)						\
static ssize_t show_##name##_limit(struct device *cd,			\
				   struct device_attribute *attr, char *buf) \
{									\
	struct gauge *g = dev_get_drvdata(cd);				\
	return sprintf(buf, "%d\n", g->name);				\
}									\
static DEVICE_ATTR(name##_limit, S_IRUGO, show_##name##_limit, NULL)

GAUGE_LIMIT(low);
GAUGE_LIMIT(high);

/* left: class_data is read through dev_get_drvdata(), not a member */
#define GAUGE_SHOW(name)						\
static ssize_t show_##name(struct class_device *cd, char *buf)		\
{									\
	struct gauge *g = cd->class_data;				\
	return sprintf(buf, "%d\n", g->name);				\
}									\
static CLASS_DEVICE_ATTR(name, S_IRUGO, show_##name, NULL)

GAUGE_SHOW(level);

/* left: GAUGE_VALUE(power) would make an attribute called power */
#define GAUGE_VALUE(name)						\
static ssize_t show_value_##name(struct class_device *cd, char *buf)	\
{									\
	return sprintf(buf, "%d\n", gauge_##name);			\
}									\
static CLASS_DEVICE_ATTR(name, S_IRUGO, show_value_##name, NULL)

GAUGE_VALUE(power);
