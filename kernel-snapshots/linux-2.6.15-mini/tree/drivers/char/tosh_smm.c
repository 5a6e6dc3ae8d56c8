/*
 * tosh_smm.c - Toshiba-style System Management Mode interface
 *
 * Copyright (c) 1996-2001  Jürgen Kessel, for the mini tree
 *
 * The header of this file was last saved by an editor that wrote a
 * stray byte order mark into it: ÿþ (kept: the tree has such files).
 *
 * The interface is a single, statically allocated class device of the
 * "tosh" class, registered by hand with a release that frees nothing.
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the
 * Free Software Foundation; either version 2, or (at your option) any
 * later version.
 */

#define TOSH_VERSION "v1.11 26/9/2001"
#define TOSH_DEBUG 0

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/major.h>
#include <linux/kdev_t.h>
#include <linux/string.h>
#include <linux/err.h>
#include <linux/device.h>

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Juergen Kessel");
MODULE_DESCRIPTION("Toshiba laptop SMM driver");

static int tosh_id;
static int tosh_bios;

static struct class *tosh_class;
static struct class_device tosh_cdev;	/* one per machine, never freed */

static ssize_t tosh_show_version(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%s bios %d.%d id 0x%04x\n", TOSH_VERSION,
		       (tosh_bios & 0xff00) >> 8, tosh_bios & 0xff, tosh_id);
}
static CLASS_DEVICE_ATTR(version, S_IRUGO, tosh_show_version, NULL);

static void tosh_cdev_release(struct class_device *cd)
{
	/* static object: nothing to free */
}

/* probe the machine through the SMM port; 0 when it is a Toshiba */
extern int tosh_probe_bios(int *id, int *bios);

static int __init toshiba_init(void)
{
	int retval;

	if (tosh_probe_bios(&tosh_id, &tosh_bios))
		return -ENODEV;

	tosh_class = class_create(THIS_MODULE, "tosh");
	if (IS_ERR(tosh_class))
		return PTR_ERR(tosh_class);

	tosh_cdev.class = tosh_class;
	tosh_cdev.devt = MKDEV(TOSH_SMM_MAJOR, 0);
	tosh_cdev.release = tosh_cdev_release;
	strlcpy(tosh_cdev.class_id, "toshiba", BUS_ID_SIZE);

	retval = class_device_register(&tosh_cdev);
	if (retval)
		goto out_class;

	retval = class_device_create_file(&tosh_cdev,
					  &class_device_attr_version);
	if (retval)
		goto out_cdev;

	printk(KERN_INFO "Toshiba System Management Mode driver %s\n",
	       TOSH_VERSION);
	return 0;

out_cdev:
	class_device_unregister(&tosh_cdev);
out_class:
	class_destroy(tosh_class);
	return retval;
}

static void __exit toshiba_exit(void)
{
	class_device_remove_file(&tosh_cdev, &class_device_attr_version);
	class_device_unregister(&tosh_cdev);
	class_destroy(tosh_class);
}

module_init(toshiba_init);
module_exit(toshiba_exit);
