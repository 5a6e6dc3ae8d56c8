#include <linux/device.h>
#include <linux/gauge.h>

int gauge_register(struct gauge *g, struct device *parent)
{
	g->cdev.parent = parent;
	dev_set_drvdata(&g->cdev, g);
	return device_register(&g->cdev);
}
