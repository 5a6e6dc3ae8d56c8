/* Test stub: the part of struct net_device that net-sysfs.c uses. */
#ifndef _LINUX_NETDEVICE_H
#define _LINUX_NETDEVICE_H

#include <linux/device.h>

enum { NETREG_UNINITIALIZED = 0, NETREG_REGISTERED, NETREG_RELEASED };

struct net_device {
	char			name[16];
	unsigned short		padded;
	int			reg_state;
	struct class_device	class_dev;
};

#define to_net_dev(class) container_of(class, struct net_device, class_dev)

#endif
