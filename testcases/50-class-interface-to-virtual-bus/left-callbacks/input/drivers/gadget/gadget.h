/* The gadget subsystem's interface to its drivers (test input). */
#ifndef _GADGET_H
#define _GADGET_H

#include <linux/device.h>

struct gadget {
	int		id;
	struct device	gadget_dev;
};

extern int gadget_register_interface(struct class_interface *intf);
extern void gadget_unregister_interface(struct class_interface *intf);

#endif
