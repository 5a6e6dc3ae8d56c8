#include <linux/device.h>

static struct attribute *attr;

static ssize_t probe_show_global(struct device *cd,
				 struct device_attribute *dattr, char *buf)
{
	return sprintf(buf, "%s\n", attr->name);
}

static ssize_t probe_show_local(struct device *cd,
				struct device_attribute *dattr, char *buf)
{
	const char *attr = "local";

	return sprintf(buf, "%s\n", attr);
}

static ssize_t probe_store_nested(struct device *cd,
				  struct device_attribute *dattr,
				  const char *buf,
				  size_t count)
{
	if (count) {
		int attr = buf[0];

		return attr ? count : -EINVAL;
	}
	return count;
}

static ssize_t probe_show_free(struct device *cd,
			       struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "free\n");
}

static DEVICE_ATTR(global, 0444, probe_show_global, NULL);
static DEVICE_ATTR(local, 0444, probe_show_local, NULL);
static DEVICE_ATTR(nested, 0200, NULL, probe_store_nested);
static DEVICE_ATTR(free, 0444, probe_show_free, NULL);
