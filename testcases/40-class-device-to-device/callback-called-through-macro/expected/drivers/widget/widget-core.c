#include <linux/widget.h>

ssize_t widget_show_serial(struct device *cd,
			   struct device_attribute *attr, char *buf)
{
	struct widget *w = container_of(cd, struct widget, cdev);

	return sprintf(buf, "%d\n", w->serial);
}

static DEVICE_ATTR(serial, 0444, widget_show_serial, NULL);

int widget_register(struct device *cd, int flags)
{
	return device_create_file(cd, &dev_attr_serial);
}
