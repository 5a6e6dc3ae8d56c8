#include <linux/device.h>

/* A class inside a bigger structure defined in the same file: its nested
 * initializer and the run-time assignments are converted. */
struct xport_class {
	struct class class;
	int flags;
};

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

static void xport_setup(struct xport_class *x)
{
	x->class.release = xport_release;
	x->class.class_dev_attrs = NULL;
}
