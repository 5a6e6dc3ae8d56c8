#ifndef _LINUX_WIDGET_H
#define _LINUX_WIDGET_H
#include <linux/device.h>

struct widget {
	char name[16];
	struct device *owner;
	struct class_device class_dev;
};

/* Set the physical device of a widget before widget_register(). */
#define SET_WIDGET_DEV(w, pdev)	((w)->class_dev.dev = (pdev))
#define widget_name(w)		((w)->class_dev.class_id)
/* owner is a struct device of its own: not the class device's dev. */
#define widget_owner_name(w)	((w)->owner->bus_id)

extern int widget_register(struct widget *w);
#endif
