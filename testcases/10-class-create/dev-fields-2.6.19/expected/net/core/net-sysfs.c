/*
 * A 2.6.19-era class whose devices are already struct device: its fields
 * are dev_release, dev_attrs and dev_uevent.  Written for cdmigrate's
 * testcases in the shape of net/core/net-sysfs.c, not copied from Linux.
 */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static ssize_t show_ifindex(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return sprintf(buf, "%d\n", 1);
}

static struct device_attribute net_class_attributes[] = {
	__ATTR(ifindex, S_IRUGO, show_ifindex, NULL),
	{}
};

static int netdev_uevent(struct device *d, char **envp, int num_envp,
			 char *buf, int size)
{
	return 0;
}

static void netdev_release(struct device *d)
{
	kfree(d);
}

static struct class *net_class;

/* class attributes are made when the class registers: left for a human */
static struct class queue_class = {
	.name = "queue",
	.dev_attrs = net_class_attributes,
	.class_attrs = NULL,
};

int netdev_register_sysfs(struct device *dev)
{
	dev->class = net_class;
	return device_add(dev);
}

int netdev_kobject_init(void)
{
	int err = class_register(&queue_class);

	if (err)
		return err;
	net_class = class_create(THIS_MODULE, "net");
	if (IS_ERR(net_class))
		return PTR_ERR(net_class);
	net_class->dev_release = netdev_release;
	net_class->dev_attrs = net_class_attributes;
	net_class->dev_uevent = netdev_uevent;
	return 0;
}
