/*
 * net/core/net-sysfs.c - network interfaces in sysfs
 *
 * (Written for the mini tree in the shape of 2.6.22, already converted:
 * an interface is a struct device of the "net" class; the class gives
 * every one its attributes, its uevent variables and its release.  The
 * class itself is still a static struct class.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/stat.h>
#include <linux/string.h>
#include <linux/netdevice.h>

static ssize_t show_ifindex(struct device *dev,
			    struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", to_net_dev(dev)->ifindex);
}

static ssize_t show_mtu(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	return sprintf(buf, "%u\n", to_net_dev(dev)->mtu);
}

static ssize_t show_type(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	return sprintf(buf, "%u\n", to_net_dev(dev)->type);
}

static struct device_attribute net_class_attributes[] = {
	__ATTR(ifindex, S_IRUGO, show_ifindex, NULL),
	__ATTR(mtu, S_IRUGO, show_mtu, NULL),
	__ATTR(type, S_IRUGO, show_type, NULL),
	{}
};

static int netdev_uevent(struct device *d, char **envp, int num_envp,
			 char *buf, int size)
{
	struct net_device *dev = to_net_dev(d);
	int i = 0;
	int n = 0;

	add_uevent_var(envp, num_envp, &i, buf, size, &n,
		       "INTERFACE=%s", dev->name);
	add_uevent_var(envp, num_envp, &i, buf, size, &n,
		       "IFINDEX=%d", dev->ifindex);
	envp[i] = NULL;
	return 0;
}

/* the last reference to the interface is gone */
static void netdev_release(struct device *d)
{
	struct net_device *dev = to_net_dev(d);

	free_netdev(dev);
}

static struct class net_class = {
	.name = "net",
	.dev_release = netdev_release,
	.dev_attrs = net_class_attributes,
	.dev_uevent = netdev_uevent,
};

int netdev_register_sysfs(struct net_device *net)
{
	struct device *dev = &net->dev;

	device_initialize(dev);
	dev->class = &net_class;
	dev_set_drvdata(dev, net);
	strlcpy(dev->bus_id, net->name, BUS_ID_SIZE);
	return device_add(dev);
}

void netdev_unregister_sysfs(struct net_device *net)
{
	device_del(&net->dev);
}

int netdev_kobject_init(void)
{
	return class_register(&net_class);
}
