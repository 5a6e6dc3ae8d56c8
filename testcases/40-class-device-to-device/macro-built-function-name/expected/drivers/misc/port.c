#include <linux/device.h>

static unsigned int port_clock;

/* A callback named by a macro: left whole for the C rewriter. */
#define PORT_SHOW(name)	port_show_##name

static ssize_t PORT_SHOW(clock)(struct device *cd,
				struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%u\n", port_clock);
}

static ssize_t port_show_name(struct device *cd,
			      struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "port\n");
}

static DEVICE_ATTR(name, S_IRUGO, port_show_name, NULL);

static int port_add(struct device *cd)
{
	return device_create_file(cd, &dev_attr_name);
}
