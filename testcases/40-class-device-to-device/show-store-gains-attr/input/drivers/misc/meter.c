#include <linux/device.h>
#include <linux/meter.h>

static int meter_value;

static ssize_t meter_format(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", meter_value);
}

ssize_t meter_show_value(struct class_device *cd, char *buf)
{
	return meter_format(cd, buf);
}

ssize_t meter_store_value(struct class_device *cd, const char *buf, size_t n)
{
	meter_value = simple_strtol(buf, NULL, 0);
	return n;
}

ssize_t meter_show_unit(struct class_device *cd, char *buf)
{
	return sprintf(buf, "V\n");
}

static int meter_show_raw(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%x\n", meter_value);
}

static CLASS_DEVICE_ATTR(value, 0644, meter_show_value, meter_store_value);
static CLASS_DEVICE_ATTR(unit, 0444, meter_show_unit, NULL);
static CLASS_DEVICE_ATTR(raw, 0444, meter_show_raw, NULL);

static void meter_dump(struct class_device *cd)
{
	char buf[32];

	meter_format(cd, buf);
	meter_store_value(cd, "0", 1);
	printk(KERN_DEBUG "meter: %s", buf);
}

static ssize_t meter_call_attr(struct class_device *cd,
			       struct class_device_attribute *cattr, char *buf)
{
	return cattr->show(cd, buf);
}
