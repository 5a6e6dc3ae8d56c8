#include <linux/gauge.h>

static int gauge_hw_probe(struct gauge *g)
{
	struct class_device *cd = &g->cdev;
	struct gauge *self = g->cdev.class_data;

	printk(KERN_INFO "gauge %s on %s\n", g->cdev.class_id,
	       g->cdev.dev->bus_id);
	return self == to_gauge(cd);
}
