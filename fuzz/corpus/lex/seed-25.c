#include <linux/device.h>
#include <linux/gauge.h>

int gauge_register(struct gauge *g, struct device *parent)
{
	g->cdev.dev = parent;
	g->cdev.class_data = g;
	return class_device_register(&g->cdev);
}
