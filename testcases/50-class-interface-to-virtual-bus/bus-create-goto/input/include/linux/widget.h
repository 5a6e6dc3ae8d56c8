#ifndef _LINUX_WIDGET_H
#define _LINUX_WIDGET_H

/*
 * Widgets: each is a device of widget_class, registered by the widget core
 * (drivers/widget/core.c); the widget ledger follows them through a class
 * interface.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 header once step 40
 * has made its class devices struct device.)
 */

#include <linux/device.h>

struct widget {
	int		index;
	unsigned long	flags;
	struct device	cdev;		/* the class device */
};

#define to_widget(d) container_of(d, struct widget, cdev)

extern struct class *widget_class;

extern int widget_register(struct widget *w, struct device *parent);
extern void widget_unregister(struct widget *w);

#endif /* _LINUX_WIDGET_H */
