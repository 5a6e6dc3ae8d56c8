/*
 * drivers/rtc/rtc-sysfs.c - the clocks' sysfs attributes
 *
 * (Written for the mini tree in the shape of 2.6.18.)  A class interface:
 * its add callback runs for every clock registered with the class and
 * gives it an attribute group.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/stat.h>
#include <linux/rtc.h>

static ssize_t rtc_sysfs_show_name(struct class_device *dev, char *buf)
{
	return sprintf(buf, "%s\n", to_rtc_device(dev)->name);
}

static CLASS_DEVICE_ATTR(name, S_IRUGO, rtc_sysfs_show_name, NULL);

static ssize_t rtc_sysfs_show_time(struct class_device *dev, char *buf)
{
	struct rtc_time tm;
	ssize_t retval;

	retval = rtc_read_time(dev, &tm);
	if (retval == 0)
		retval = sprintf(buf, "%02d:%02d:%02d\n",
				 tm.tm_hour, tm.tm_min, tm.tm_sec);
	return retval;
}

static CLASS_DEVICE_ATTR(time, S_IRUGO, rtc_sysfs_show_time, NULL);

static struct attribute *rtc_attrs[] = {
	&class_device_attr_name.attr,
	&class_device_attr_time.attr,
	NULL,
};

static struct attribute_group rtc_attr_group = {
	.attrs = rtc_attrs,
};

static int __devinit rtc_sysfs_add_device(struct class_device *class_dev,
					  struct class_interface *class_intf)
{
	int err;

	dev_info(class_dev->dev, "rtc intf: sysfs\n");

	err = sysfs_create_group(&class_dev->kobj, &rtc_attr_group);
	if (err)
		dev_err(class_dev->dev, "failed to create sysfs attributes\n");
	return err;
}

static void rtc_sysfs_remove_device(struct class_device *class_dev,
				    struct class_interface *class_intf)
{
	sysfs_remove_group(&class_dev->kobj, &rtc_attr_group);
}

static struct class_interface rtc_sysfs_interface = {
	.add = &rtc_sysfs_add_device,
	.remove = &rtc_sysfs_remove_device,
};

static int __init rtc_sysfs_init(void)
{
	return rtc_interface_register(&rtc_sysfs_interface);
}

static void __exit rtc_sysfs_exit(void)
{
	class_interface_unregister(&rtc_sysfs_interface);
}

subsys_initcall(rtc_sysfs_init);
module_exit(rtc_sysfs_exit);

MODULE_LICENSE("GPL");
