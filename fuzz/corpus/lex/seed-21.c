#include <linux/device.h>

static unsigned int port_clock;

/* A callback named by a macro: left whole for the C rewriter. */
#define PORT_SHOW(name)	port_show_##name

static ssize_t PORT_SHOW(clock)(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%u\n", port_clock);
}

static ssize_t port_show_name(struct class_device *cd, char *buf)
{
	return sprintf(buf, "port\n");
}

static CLASS_DEVICE_ATTR(name, S_IRUGO, port_show_name, NULL);

static int port_add(struct class_device *cd)
{
	return class_device_create_file(cd, &class_device_attr_name);
}
