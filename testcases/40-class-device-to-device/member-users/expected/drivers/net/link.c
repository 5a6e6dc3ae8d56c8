#include <linux/link.h>

static struct class link_class = {
	.name = "link",
};

int link_register(struct link_dev *l, struct device *parent)
{
	l->class_dev = device_create(&link_class, parent, 0, "%s", l->name);
	return l->class_dev ? 0 : -ENOMEM;
}
