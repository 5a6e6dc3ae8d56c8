#include <linux/device.h>

struct pump {
	int index;
	struct class_device cdev;
};

static void pump_name(struct pump *p, struct class_device *cd)
{
	snprintf(p->cdev.class_id, BUS_ID_SIZE, "pump%d", p->index);
	strlcpy(cd->class_id, p->cdev.class_id, sizeof(cd->class_id));
	printk(KERN_INFO "%s: ready\n", cd->class_id);
}
