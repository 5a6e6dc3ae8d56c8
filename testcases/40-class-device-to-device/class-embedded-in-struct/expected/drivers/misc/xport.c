#include <linux/device.h>

/* A class inside a bigger structure defined in the same file: its nested
 * initializer and the run-time assignments are converted. */
struct xport_class {
	struct class class;
	int flags;
};

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

static void xport_setup(struct xport_class *x)
{
	x->class.dev_release = xport_release;
	x->class.dev_attrs = NULL;
}
