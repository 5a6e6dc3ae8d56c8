#ifndef _LINUX_NETDEVICE_H
#define _LINUX_NETDEVICE_H

/*
 * netdevice.h - network interfaces, reduced to what their sysfs side
 * needs.  Since 2.6.21 each interface embeds a struct device of class
 * "net" (it used to embed a struct class_device).
 */

#include <linux/device.h>

#define IFNAMSIZ	16
#define MAX_ADDR_LEN	32

struct net_device {
	char name[IFNAMSIZ];
	int ifindex;
	unsigned int mtu;
	unsigned short type;
	unsigned char addr_len;
	unsigned char dev_addr[MAX_ADDR_LEN];

	struct device dev;
};

#define to_net_dev(d) container_of(d, struct net_device, dev)

/* the physical device behind an interface */
#define SET_NETDEV_DEV(net, pdev)	((net)->dev.parent = (pdev))

extern int netdev_register_sysfs(struct net_device *net);
extern void netdev_unregister_sysfs(struct net_device *net);
extern void free_netdev(struct net_device *dev);

#endif /* _LINUX_NETDEVICE_H */
