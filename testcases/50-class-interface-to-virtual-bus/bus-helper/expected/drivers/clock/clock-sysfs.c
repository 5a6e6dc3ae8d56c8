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
				  struct clock_bus_driver *class_intf)
{
	return device_create_file(dev, &dev_attr_hz);
}

static void clock_sysfs_remove_device(struct device *dev,
				      struct clock_bus_driver *class_intf)
{
	device_remove_file(dev, &dev_attr_hz);
}

static struct clock_bus_driver clock_sysfs_driver = {
	.add = &clock_sysfs_add_device,
	.remove = &clock_sysfs_remove_device,
	.driver = {
		.name = "clock_sysfs",
	},
};

static int __init clock_sysfs_init(void)
{
	return clock_interface_register(&clock_sysfs_driver);
}

static void __exit clock_sysfs_exit(void)
{
	clock_bus_unregister_driver(&clock_sysfs_driver);
}

module_init(clock_sysfs_init);
module_exit(clock_sysfs_exit);
MODULE_LICENSE("GPL");
