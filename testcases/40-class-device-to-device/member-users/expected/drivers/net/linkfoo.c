/* A driver of the link subsystem: the class device only through a pointer. */
#include <linux/link.h>

static void linkfoo_info(struct link_dev *l, char *bus_info, size_t len)
{
	link_printk(KERN_DEBUG, l->class_dev->parent, "bus info\n");
	if (l->class_dev->parent)
		snprintf(bus_info, len, "%s", l->class_dev->parent->bus_id);
}

int linkfoo_probe(struct link_dev *l, struct device *parent)
{
	linkfoo_info(l, l->name, sizeof(l->name));
	return link_register(l, parent);
}
