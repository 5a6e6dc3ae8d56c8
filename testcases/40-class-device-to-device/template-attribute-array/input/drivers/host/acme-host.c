#include <linux/hostt.h>

static ssize_t acme_show_fw(struct class_device *cd, char *buf)
{
	return sprintf(buf, "1.0\n");
}
static CLASS_DEVICE_ATTR(fw_version, S_IRUGO, acme_show_fw, NULL);

static struct class_device_attribute *acme_host_attrs[] = {
	&class_device_attr_fw_version,
	NULL,
};

static struct host_template acme_template = {
	.name		= "acme",
	.host_attrs	= acme_host_attrs,
};
