#include <linux/hostt.h>

static ssize_t acme_show_fw(struct device *cd,
			    struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "1.0\n");
}
static DEVICE_ATTR(fw_version, S_IRUGO, acme_show_fw, NULL);

static struct device_attribute *acme_host_attrs[] = {
	&dev_attr_fw_version,
	NULL,
};

static struct host_template acme_template = {
	.name		= "acme",
	.host_attrs	= acme_host_attrs,
};
