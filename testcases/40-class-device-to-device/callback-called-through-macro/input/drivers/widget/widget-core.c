#include <linux/widget.h>

ssize_t widget_show_serial(struct class_device *cd, char *buf)
{
	struct widget *w = container_of(cd, struct widget, cdev);

	return sprintf(buf, "%d\n", w->serial);
}

static CLASS_DEVICE_ATTR(serial, 0444, widget_show_serial, NULL);

int widget_register(struct class_device *cd, int flags)
{
	return class_device_create_file(cd, &class_device_attr_serial);
}
