#include <linux/gauge.h>

static int gauge_hw_probe(struct gauge *g)
{
	struct device *cd = &g->cdev;
	struct gauge *self = dev_get_drvdata(&g->cdev);

	printk(KERN_INFO "gauge %s on %s\n", g->cdev.bus_id,
	       g->cdev.parent->bus_id);
	return self == to_gauge(cd);
}
