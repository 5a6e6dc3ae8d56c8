#include <linux/device.h>
#include <linux/gadget.h>

int gadget_register(struct gadget *g, struct device *parent)
{
	g->cdev.dev = parent;
	return class_device_register(&g->cdev);
}
