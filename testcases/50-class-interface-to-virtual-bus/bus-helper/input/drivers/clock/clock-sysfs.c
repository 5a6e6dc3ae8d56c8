/*
 * clock-sysfs.c -- the "hz" file of every clock, added by an interface.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has made the callbacks of its class interface take a struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/clock.h>

static ssize_t clock_show_hz(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	return sprintf(buf, "%lu\n", to_clock_device(dev)->hz);
}
static DEVICE_ATTR(hz, S_IRUGO, clock_show_hz, NULL);

static int clock_sysfs_add_device(struct device *dev,
				  struct class_interface *class_intf)
{
	return device_create_file(dev, &dev_attr_hz);
}

static void clock_sysfs_remove_device(struct device *dev,
				      struct class_interface *class_intf)
{
	device_remove_file(dev, &dev_attr_hz);
}

static struct class_interface clock_sysfs_interface = {
	.add = &clock_sysfs_add_device,
	.remove = &clock_sysfs_remove_device,
};

static int __init clock_sysfs_init(void)
{
	return clock_interface_register(&clock_sysfs_interface);
}

static void __exit clock_sysfs_exit(void)
{
	class_interface_unregister(&clock_sysfs_interface);
}

module_init(clock_sysfs_init);
module_exit(clock_sysfs_exit);
MODULE_LICENSE("GPL");
