/*
 * Converted from struct class_device by hand already: nothing to do here.
 */
#include <linux/device.h>

struct modern {
	int val;
	struct device dev;
};

static ssize_t modern_show_val(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct modern *m = dev_get_drvdata(dev);

	return sprintf(buf, "%d %s\n", m->val, dev->bus_id);
}

static DEVICE_ATTR(val, S_IRUGO, modern_show_val, NULL);

static struct attribute *modern_attrs[] = {
	&dev_attr_val.attr,
	NULL,
};

static int modern_add(struct modern *m, struct device *parent)
{
	m->dev.parent = parent;
	dev_set_drvdata(&m->dev, m);
	return device_register(&m->dev);
}
