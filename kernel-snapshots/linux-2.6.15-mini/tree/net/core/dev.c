/*
 * 	NET3	Protocol independent device support routines.
 *
 *		This program is free software; you can redistribute it and/or
 *		modify it under the terms of the GNU General Public License
 *		as published by the Free Software Foundation; either version
 *		2 of the License, or (at your option) any later version.
 *
 *	Derived from the non IP parts of dev.c 1.0.19
 * 		Authors:	Ross Biro
 *				Fred N. van Kempen, <waltje@uWalt.NL.Mugnet.ORG>
 *				Mark Evans, <evansmp@uhura.aston.ac.uk>
 *
 *	(Reduced for the mini tree: registration and renaming, the places
 *	where a net_device meets its class device.)
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/netdevice.h>

/*
 * The @dev_base list is protected by @dev_base_lock and the rtln
 * semaphore.
 */
struct net_device *dev_base;
static struct net_device **dev_tail = &dev_base;
DEFINE_SPINLOCK(dev_base_lock);

static int dev_new_index(void)
{
	static int ifindex;
	return ++ifindex;
}

/**
 *	__dev_get_by_name	- find a device by its name
 *	@name: name to find
 *
 *	Find an interface by name. Must be called under RTNL semaphore
 *	or @dev_base_lock.
 */
struct net_device *__dev_get_by_name(const char *name)
{
	struct net_device *dev;

	for (dev = dev_base; dev; dev = dev->next)
		if (!strncmp(dev->name, name, IFNAMSIZ))
			return dev;
	return NULL;
}

/**
 *	dev_change_name - change name of a device
 *	@dev: device
 *	@newname: name (or format string) must be at least IFNAMSIZ
 *
 *	Change name of a device, can pass format strings "eth%d".
 *	for wildcarding.
 */
int dev_change_name(struct net_device *dev, char *newname)
{
	int err = 0;

	if (dev->flags & 0x1)	/* IFF_UP */
		return -EBUSY;

	if (strchr(newname, '/'))
		return -EINVAL;

	if (__dev_get_by_name(newname))
		return -EEXIST;
	strlcpy(dev->name, newname, IFNAMSIZ);

	err = class_device_rename(&dev->class_dev, dev->name);
	return err;
}

/**
 *	register_netdevice	- register a network device
 *	@dev: device to register
 *
 *	Take a completed network device structure and add it to the kernel
 *	interfaces.
 */
int register_netdevice(struct net_device *dev)
{
	int ret;

	BUG_ON(dev->reg_state != NETREG_UNINITIALIZED);

	spin_lock_init(&dev->queue_lock);
	spin_lock_init(&dev->xmit_lock);
	dev->xmit_lock_owner = -1;

	/* Init, if this function is available */
	if (dev->init) {
		ret = dev->init(dev);
		if (ret) {
			if (ret > 0)
				ret = -EIO;
			goto out;
		}
	}

	dev->iflink = -1;
	dev->ifindex = dev_new_index();
	if (dev->iflink == -1)
		dev->iflink = dev->ifindex;

	ret = netdev_register_sysfs(dev);
	if (ret)
		goto out;
	dev->reg_state = NETREG_REGISTERED;

	dev->next = NULL;
	*dev_tail = dev;
	dev_tail = &dev->next;
	ret = 0;

out:
	return ret;
}

int unregister_netdevice(struct net_device *dev)
{
	struct net_device *d, **dp;

	BUG_ON(dev->reg_state != NETREG_REGISTERED);

	for (dp = &dev_base; (d = *dp) != NULL; dp = &d->next) {
		if (d == dev) {
			*dp = d->next;
			if (dev_tail == &d->next)
				dev_tail = dp;
			break;
		}
	}
	if (!d)
		return -ENODEV;

	dev->reg_state = NETREG_UNREGISTERING;
	netdev_unregister_sysfs(dev);
	dev->reg_state = NETREG_UNREGISTERED;
	return 0;
}

/**
 *	free_netdev - free network device
 *	@dev: device
 *
 *	This function does the last stage of destroying an allocated device
 * 	interface. The reference to the device object is released.
 *	If this is the last reference then it will be freed.
 */
void free_netdev(struct net_device *dev)
{
	BUG_ON(dev->reg_state != NETREG_UNREGISTERED);
	dev->reg_state = NETREG_RELEASED;

	/* will free via class release */
	class_device_put(&dev->class_dev);
}

static int __init net_dev_init(void)
{
	return netdev_sysfs_init();
}

subsys_initcall(net_dev_init);

EXPORT_SYMBOL(__dev_get_by_name);
EXPORT_SYMBOL(dev_change_name);
EXPORT_SYMBOL(register_netdevice);
EXPORT_SYMBOL(unregister_netdevice);
EXPORT_SYMBOL(free_netdev);
