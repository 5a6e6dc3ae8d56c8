#include <linux/config.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/if_arp.h>
#include <linux/err.h>

#ifdef CONFIG_HOTPLUG
static int netdev_hotplug(struct class_device *cd, char **envp,
			  int num_envp, char *buf, int size)
{
	struct net_device *dev = to_net_dev(cd);
	int i = 0;
	int n;

	envp[i++] = buf;
	n = snprintf(buf, size, "INTERFACE=%s", dev->name) + 1;
	buf += n;
	size -= n;
	if ((size <= 0) || (i >= num_envp))
		return -ENOMEM;
	envp[i] = NULL;
	return 0;
}
#endif

/*
 *	netdev_release -- destroy and free a dead device.
 *	Called when last reference to class_device kobject is gone.
 */
static void netdev_release(struct class_device *cd)
{
	struct net_device *dev
		= container_of(cd, struct net_device, class_dev);

	BUG_ON(dev->reg_state != NETREG_RELEASED);

	kfree((char *)dev - dev->padded);
}

static struct class *net_class;

int netdev_register_sysfs(struct net_device *net)
{
	struct class_device *class_dev = &(net->class_dev);

	class_dev->class = net_class;
	class_dev->class_data = net;
	strlcpy(class_dev->class_id, net->name, BUS_ID_SIZE);
	return class_device_add(class_dev);
}

int netdev_sysfs_init(void)
{
	net_class = class_create(THIS_MODULE, "net");
	if (IS_ERR(net_class))
		return PTR_ERR(net_class);
	net_class->release = netdev_release;
#ifdef CONFIG_HOTPLUG
	net_class->hotplug = netdev_hotplug;
#endif
	return 0;
}
