#include <linux/device.h>

struct hba {
	struct device *dev;
	struct class_device class_dev;
	int id;
};

#define class_to_hba(cd) container_of(cd, struct hba, class_dev)

static int hba_add(struct hba *h, struct class *cls)
{
	h->class_dev.dev = h->dev;
	h->class_dev.class = cls;
	snprintf(h->class_dev.class_id, BUS_ID_SIZE, "hba%d", h->id);
	return class_device_register(&h->class_dev);
}

static ssize_t hba_show_parent(struct class_device *cd, char *buf)
{
	struct hba *h = class_to_hba(cd);

	return sprintf(buf, "%s %s\n", h->dev->bus_id, cd->dev->bus_id);
}
