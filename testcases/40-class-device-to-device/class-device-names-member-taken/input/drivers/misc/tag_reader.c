#include <linux/device.h>

/* dev is taken in the struct: the member class_device keeps its name. */
struct tag_reader {
	struct device *dev;
	struct class_device *class_device;
};

extern struct class *tag_class;

int tag_reader_add(struct tag_reader *r, dev_t devt)
{
	r->class_device = class_device_create(tag_class, NULL, devt, r->dev, "tag0");
	return IS_ERR(r->class_device) ? PTR_ERR(r->class_device) : 0;
}
