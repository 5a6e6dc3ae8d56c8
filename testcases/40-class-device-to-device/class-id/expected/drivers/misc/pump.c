#include <linux/device.h>

struct pump {
	int index;
	struct device cdev;
};

static void pump_name(struct pump *p, struct device *cd)
{
	snprintf(p->cdev.bus_id, BUS_ID_SIZE, "pump%d", p->index);
	strlcpy(cd->bus_id, p->cdev.bus_id, sizeof(cd->bus_id));
	printk(KERN_INFO "%s: ready\n", cd->bus_id);
}
