#ifndef _LINUX_KNOB_H
#define _LINUX_KNOB_H

/*
 * Knobs: devices of knob_class, a static class with a class_release, which
 * the knob core registers and the knob dial follows.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 header once step 40
 * has made its class devices struct device.)
 */

#include <linux/device.h>

struct knob {
	int		position;
	struct device	dev;
};

extern struct class knob_class;

/*
 * A driver of the virtual bus of the class above, what was an interface
 * of the class: add() is called with each device of the class, present
 * or to come, and remove() when the device or the driver goes.
 */
struct knob_bus_driver {
	int (*add)(struct device *dev, struct knob_bus_driver *drv);
	void (*remove)(struct device *dev, struct knob_bus_driver *drv);
	struct device_driver driver;
};

extern struct bus_type knob_bus_type;
extern int knob_bus_register_driver(struct knob_bus_driver *);
extern void knob_bus_unregister_driver(struct knob_bus_driver *);
extern void knob_bus_add_device(struct device *);
extern void knob_bus_del_device(struct device *);

extern int knob_add(struct knob *k);
extern void knob_remove(struct knob *k);

#endif /* _LINUX_KNOB_H */
