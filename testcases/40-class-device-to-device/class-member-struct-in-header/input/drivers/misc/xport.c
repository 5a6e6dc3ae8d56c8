#include <linux/device.h>
#include <linux/xport.h>

static void xport_release(struct class_device *cd)
{
}

static struct xport_class xport = {
	.class = {
		.name		= "xport",
		.release	= xport_release,
	},
	.flags = 0,
};
