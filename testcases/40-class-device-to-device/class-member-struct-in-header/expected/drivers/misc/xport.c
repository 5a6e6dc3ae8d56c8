#include <linux/device.h>
#include <linux/xport.h>

static void xport_release(struct device *cd)
{
}

static struct xport_class xport = {
	.class = {
		.name		= "xport",
		.dev_release	= xport_release,
	},
	.flags = 0,
};
