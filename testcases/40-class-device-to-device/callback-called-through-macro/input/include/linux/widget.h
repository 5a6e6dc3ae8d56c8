#ifndef _LINUX_WIDGET_H
#define _LINUX_WIDGET_H

#include <linux/device.h>

struct widget {
	struct class_device cdev;
	int serial;
};

#define widget_to_class(w) (&(w)->cdev)

struct widget_ops {
	ssize_t (*show_serial)(struct widget *w, char *buf);
};

extern ssize_t widget_show_serial(struct class_device *cd, char *buf);
extern int widget_register(struct class_device *cd, int flags);

#endif
