#ifndef _LINUX_CLOCK_H_
#define _LINUX_CLOCK_H_

/*
 * Clocks: devices of a class that only the clock core sees; the clock's
 * interfaces are registered through clock_interface_register(), which
 * gives them the class (the shape of the rtc class of 2.6.18).
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 header once step 40
 * has made its class devices struct device.)
 */

#include <linux/device.h>

struct clock_device {
	int		id;
	unsigned long	hz;
	struct device	dev;
};

#define to_clock_device(d) container_of(d, struct clock_device, dev)

extern struct clock_device *clock_device_register(struct device *parent,
						  unsigned long hz);
extern void clock_device_unregister(struct clock_device *clock);

/*
 * A driver of the virtual bus of the class whose register function is
 * below, what was an interface of the class: add() is called with each
 * device of the class, present or to come, and remove() when the device
 * or the driver goes.
 */
struct clock_bus_driver {
	int (*add)(struct device *dev, struct clock_bus_driver *drv);
	void (*remove)(struct device *dev, struct clock_bus_driver *drv);
	struct device_driver driver;
};

extern struct bus_type clock_bus_type;
extern int clock_bus_register_driver(struct clock_bus_driver *);
extern void clock_bus_unregister_driver(struct clock_bus_driver *);
extern void clock_bus_add_device(struct device *);
extern void clock_bus_del_device(struct device *);

extern int clock_interface_register(struct clock_bus_driver *intf);

#endif /* _LINUX_CLOCK_H_ */
