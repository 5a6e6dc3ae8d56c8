#ifndef _LINUX_SLOT_SS_H
#define _LINUX_SLOT_SS_H
#include <linux/device.h>

struct slot_socket {
	unsigned int sock;
	struct device *parent_dev;
	struct device dev;
};

extern struct class slot_socket_class;
#endif
