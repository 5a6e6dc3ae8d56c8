#include <linux/device.h>
#include <linux/widget.h>

static struct class widget_class = {
	.name = "widget",
};

int widget_register(struct widget *w)
{
	w->class_dev.class = &widget_class;
	return class_device_register(&w->class_dev);
}
