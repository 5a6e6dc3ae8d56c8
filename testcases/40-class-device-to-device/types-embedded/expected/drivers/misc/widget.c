/*
 * Widget class devices: one class_device embedded in each widget.
 */
#include <linux/device.h>
#include <linux/slab.h>

struct widget {
	int			id;
	struct device		class_dev;
	struct widget		*next;
};

static struct widget widget_table[4];

static struct widget *widget_alloc(void)
{
	struct widget *w;

	w = kmalloc(sizeof(struct widget), GFP_KERNEL);
	if (!w)
		return NULL;
	memset(&w->class_dev, 0, sizeof(struct device));
	return w;
}

static int widget_add(struct widget *w)
{
	return device_register(&w->class_dev);
}

static void widget_remove(struct widget *w)
{
	device_unregister(&w->class_dev);
}
