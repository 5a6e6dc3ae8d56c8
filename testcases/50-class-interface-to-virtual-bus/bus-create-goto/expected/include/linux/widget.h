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

/*
 * A driver of the virtual bus of the class above, what was an interface
 * of the class: add() is called with each device of the class, present
 * or to come, and remove() when the device or the driver goes.
 */
struct widget_bus_driver {
	int (*add)(struct device *dev, struct widget_bus_driver *drv);
	void (*remove)(struct device *dev, struct widget_bus_driver *drv);
	struct device_driver driver;
};

extern struct bus_type widget_bus_type;
extern int widget_bus_register_driver(struct widget_bus_driver *);
extern void widget_bus_unregister_driver(struct widget_bus_driver *);
extern void widget_bus_add_device(struct device *);
extern void widget_bus_del_device(struct device *);

extern int widget_register(struct widget *w, struct device *parent);
extern void widget_unregister(struct widget *w);

#endif /* _LINUX_WIDGET_H */
