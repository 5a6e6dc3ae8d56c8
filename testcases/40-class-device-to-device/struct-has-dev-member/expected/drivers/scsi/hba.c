#include <linux/device.h>

struct hba {
	struct device *dev;
	struct device class_dev;
	int id;
};

#define class_to_hba(cd) container_of(cd, struct hba, class_dev)

static int hba_add(struct hba *h, struct class *cls)
{
	h->class_dev.parent = h->dev;
	h->class_dev.class = cls;
	snprintf(h->class_dev.bus_id, BUS_ID_SIZE, "hba%d", h->id);
	return device_register(&h->class_dev);
}

static ssize_t hba_show_parent(struct device *cd,
			       struct device_attribute *attr, char *buf)
{
	struct hba *h = class_to_hba(cd);

	return sprintf(buf, "%s %s\n", h->dev->bus_id, cd->parent->bus_id);
}
