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

extern int clock_interface_register(struct class_interface *intf);

#endif /* _LINUX_CLOCK_H_ */
