#include <linux/link.h>

static struct class link_class = {
	.name = "link",
};

int link_register(struct link_dev *l, struct device *parent)
{
	l->class_dev = class_device_create(&link_class, NULL, 0, parent, "%s", l->name);
	return l->class_dev ? 0 : -ENOMEM;
}
