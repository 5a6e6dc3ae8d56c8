/*
 * drivers/misc/blobload.c - a 2.6.15 driver that adds a binary attribute
 * to a class device, but only when CONFIG_BLOBLOAD_SYSFS is set.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.15 driver: a
 * use in a branch the configuration leaves out is still a use.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/sysfs.h>

extern struct class_device *blobload_cdev;
extern struct bin_attribute blobload_attr;

static int __init blobload_init(void)
{
#ifdef CONFIG_BLOBLOAD_SYSFS
	return class_device_create_bin_file(blobload_cdev, &blobload_attr);
#else
	return 0;
#endif
}

module_init(blobload_init);
