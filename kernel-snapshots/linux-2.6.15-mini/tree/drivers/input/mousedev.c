/*
 * Input driver to ExplorerPS/2 device driver module.
 *
 * Copyright (c) 1999-2002 Vojtech Pavlik
 * Copyright (c) 2004      Dmitry Torokhov
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.
 *
 * (Reduced for the mini tree: one "mouseN" node per pointing device,
 * below that device's class device, and the "mice" node that mixes
 * them all and has no parent at all.)
 */

#define MOUSEDEV_MINOR_BASE	32
#define MOUSEDEV_MINORS		32
#define MOUSEDEV_MIX		31

#include <linux/slab.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/input.h>
#include <linux/major.h>
#include <linux/kdev_t.h>
#include <linux/err.h>
#include <linux/device.h>

MODULE_AUTHOR("Vojtech Pavlik <vojtech@ucw.cz>");
MODULE_DESCRIPTION("Mouse (ExplorerPS/2) device interfaces");
MODULE_LICENSE("GPL");

struct mousedev {
	int exist;
	int open;
	int minor;
	char name[16];
	struct input_handle handle;
};

static struct mousedev *mousedev_table[MOUSEDEV_MINORS];

static void mousedev_event(struct input_handle *handle, unsigned int type,
			   unsigned int code, int value)
{
	/* motion is accumulated for the readers; not part of this reduction */
}

static struct input_handle *mousedev_connect(struct input_handler *handler,
					     struct input_dev *dev)
{
	struct mousedev *mousedev;
	struct class_device *cdev;
	int minor;

	for (minor = 0; minor < MOUSEDEV_MINORS && mousedev_table[minor];
	     minor++)
		;
	if (minor == MOUSEDEV_MINORS) {
		printk(KERN_ERR "mousedev: no more free mousedev devices\n");
		return NULL;
	}

	if (!(mousedev = kzalloc(sizeof(struct mousedev), GFP_KERNEL)))
		return NULL;

	mousedev->exist = 1;
	mousedev->minor = minor;
	mousedev->handle.dev = dev;
	mousedev->handle.name = mousedev->name;
	mousedev->handle.handler = handler;
	mousedev->handle.private = mousedev;
	sprintf(mousedev->name, "mouse%d", minor);

	mousedev_table[minor] = mousedev;

	cdev = class_device_create(&input_class, &dev->cdev,
			MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + minor),
			dev->cdev.dev, mousedev->name);
	if (IS_ERR(cdev)) {
		mousedev_table[minor] = NULL;
		kfree(mousedev);
		return NULL;
	}

	/* temporary symlink to keep userspace happy */
	sysfs_create_link(&input_class.subsys.kset.kobj, &cdev->kobj,
			  mousedev->name);

	return &mousedev->handle;
}

static void mousedev_disconnect(struct input_handle *handle)
{
	struct mousedev *mousedev = handle->private;

	sysfs_remove_link(&input_class.subsys.kset.kobj, mousedev->name);
	class_device_destroy(&input_class, MKDEV(INPUT_MAJOR,
				MOUSEDEV_MINOR_BASE + mousedev->minor));
	mousedev_table[mousedev->minor] = NULL;
	kfree(mousedev);
}

static struct input_handler mousedev_handler = {
	.event =	mousedev_event,
	.connect =	mousedev_connect,
	.disconnect =	mousedev_disconnect,
	.minor =	MOUSEDEV_MINOR_BASE,
	.name =		"mousedev",
};

static int __init mousedev_init(void)
{
	struct class_device *mix;
	int error;

	error = input_register_handler(&mousedev_handler);
	if (error)
		return error;

	/* the multiplexing node: no input device below it */
	mix = class_device_create(&input_class, NULL,
			MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + MOUSEDEV_MIX),
			NULL, "mice");
	if (IS_ERR(mix)) {
		input_unregister_handler(&mousedev_handler);
		return PTR_ERR(mix);
	}

	printk(KERN_INFO "mice: PS/2 mouse device common for all mice\n");

	return 0;
}

static void __exit mousedev_exit(void)
{
	class_device_destroy(&input_class,
			MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + MOUSEDEV_MIX));
	input_unregister_handler(&mousedev_handler);
}

module_init(mousedev_init);
module_exit(mousedev_exit);
