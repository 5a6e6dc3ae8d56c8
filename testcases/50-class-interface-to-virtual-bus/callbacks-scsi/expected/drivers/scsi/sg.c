/*
 *  History:
 *  Started: Aug 9 by Lawrence Foard (entropy@world.std.com),
 *           to allow user process control of SCSI devices.
 *  Development Sponsored by Killy Corp. NY NY
 *
 * Original driver (sg.c):
 *        Copyright (C) 1992 Lawrence Foard
 * Version 2 and 3 extensions to driver:
 *        Copyright (C) 1998 - 2005 Douglas Gilbert
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation; either version 2, or (at your option)
 * any later version.
 *
 * (Reduced for the mini tree: the sysfs side only.  A class interface
 * on the scsi_host class hears of every host; each gets an "sgN" class
 * device of the scsi_generic class, below the host's class device.)
 */

static int sg_version_num = 30533;	/* 2 digits for each component */
#define SG_VERSION_STR "3.5.33"

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/major.h>
#include <linux/kdev_t.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/device.h>

#include <scsi/scsi_host.h>
#include "scsi_priv.h"

#define SG_MAX_DEVS 32

static int sg_add(struct device *, struct class_interface *);
static void sg_remove(struct device *, struct class_interface *);

static struct class_interface sg_interface = {
	.add_dev	= sg_add,
	.remove_dev	= sg_remove,
};

static struct class *sg_sysfs_class;

static struct Scsi_Host *sg_dev_arr[SG_MAX_DEVS];

static struct file_operations sg_fops = {
	.owner = THIS_MODULE,
};

static ssize_t sg_show_version(struct class *cls, char *buf)
{
	return sprintf(buf, "%d\n", sg_version_num);
}
static CLASS_ATTR(version, S_IRUGO, sg_show_version, NULL);

static int sg_alloc(struct Scsi_Host *shost)
{
	int k;

	for (k = 0; k < SG_MAX_DEVS; k++)
		if (!sg_dev_arr[k]) {
			sg_dev_arr[k] = shost;
			return k;
		}
	return -ENODEV;
}

static int
sg_add(struct device *cl_dev, struct class_interface *cl_intf)
{
	struct Scsi_Host *shost = class_to_shost(cl_dev);
	struct device *sg_class_member;
	int k;

	k = sg_alloc(shost);
	if (k < 0) {
		printk(KERN_WARNING "Unable to attach sg device for host%u\n",
		       shost->host_no);
		return k;
	}

	sg_class_member = device_create(sg_sysfs_class, cl_dev,
					MKDEV(SCSI_GENERIC_MAJOR, k), "sg%d",
					k);
	if (IS_ERR(sg_class_member)) {
		printk(KERN_WARNING "sg_add: class_device_create failed\n");
		sg_dev_arr[k] = NULL;
		return PTR_ERR(sg_class_member);
	}
	dev_set_drvdata(sg_class_member, shost);
	if (sysfs_create_link(&shost->shost_gendev.kobj,
			      &sg_class_member->kobj, "generic"))
		printk(KERN_ERR "sg_add: unable to make symlink "
				"'generic' back to sg%d\n", k);

	printk(KERN_NOTICE "Attached scsi generic sg%d host %u\n", k,
	       shost->host_no);
	return 0;
}

static void
sg_remove(struct device *cl_dev, struct class_interface *cl_intf)
{
	struct Scsi_Host *shost = class_to_shost(cl_dev);
	int k;

	for (k = 0; k < SG_MAX_DEVS; k++) {
		if (sg_dev_arr[k] != shost)
			continue;
		sysfs_remove_link(&shost->shost_gendev.kobj, "generic");
		device_destroy(sg_sysfs_class,
				     MKDEV(SCSI_GENERIC_MAJOR, k));
		sg_dev_arr[k] = NULL;
	}
}

static int __init
init_sg(void)
{
	int rc;

	rc = register_chrdev(SCSI_GENERIC_MAJOR, "sg", &sg_fops);
	if (rc)
		return rc;
	sg_sysfs_class = class_create(THIS_MODULE, "scsi_generic");
	if (IS_ERR(sg_sysfs_class)) {
		rc = PTR_ERR(sg_sysfs_class);
		goto err_out;
	}
	rc = class_create_file(sg_sysfs_class, &class_attr_version);
	if (rc)
		goto err_out_class;

	sg_interface.class = shost_class;
	rc = class_interface_register(&sg_interface);
	if (!rc)
		return 0;

	class_remove_file(sg_sysfs_class, &class_attr_version);
err_out_class:
	class_destroy(sg_sysfs_class);
err_out:
	unregister_chrdev(SCSI_GENERIC_MAJOR, "sg");
	return rc;
}

static void __exit
exit_sg(void)
{
	class_interface_unregister(&sg_interface);
	class_remove_file(sg_sysfs_class, &class_attr_version);
	class_destroy(sg_sysfs_class);
	unregister_chrdev(SCSI_GENERIC_MAJOR, "sg");
}

module_init(init_sg);
module_exit(exit_sg);

MODULE_AUTHOR("Douglas Gilbert");
MODULE_DESCRIPTION("SCSI generic (sg) driver");
MODULE_LICENSE("GPL");
MODULE_VERSION(SG_VERSION_STR);
