#ifndef _INPUT_H
#define _INPUT_H

/*
 * Copyright (c) 1999-2002 Vojtech Pavlik
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 as published by
 * the Free Software Foundation.
 *
 * (Reduced for the mini tree: the device, handler and handle structures
 * with the sysfs side of 2.6.15, where every input device embeds its
 * class device and handlers hang their nodes below it.)
 */

#ifdef __KERNEL__
#include <linux/config.h>
#include <linux/list.h>
#include <linux/device.h>
#include <linux/spinlock.h>
#include <linux/slab.h>
#endif

/*
 * Event types
 */

#define EV_SYN			0x00
#define EV_KEY			0x01
#define EV_REL			0x02
#define EV_ABS			0x03
#define EV_MAX			0x1f

#ifdef __KERNEL__

#define NBITS(x) ((((x)-1)/BITS_PER_LONG)+1)

struct input_id {
	__u16 bustype;
	__u16 vendor;
	__u16 product;
	__u16 version;
};

struct input_dev {

	void *private;

	char *name;
	char *phys;
	char *uniq;
	struct input_id id;

	unsigned long evbit[NBITS(EV_MAX)];

	int (*open)(struct input_dev *dev);
	void (*close)(struct input_dev *dev);

	struct semaphore sem;	/* serializes open and close operations */
	unsigned int users;

	struct class_device cdev;
	struct device *dev;	/* will be removed soon */

	int dynalloc;	/* temporarily */

	struct list_head	h_list;
	struct list_head	node;
};
#define to_input_dev(d) container_of(d, struct input_dev, cdev)

struct input_handle;

struct input_handler {

	void *private;

	void (*event)(struct input_handle *handle, unsigned int type,
		      unsigned int code, int value);
	struct input_handle* (*connect)(struct input_handler *handler,
					struct input_dev *dev);
	void (*disconnect)(struct input_handle *handle);

	struct file_operations *fops;
	int minor;
	char *name;

	struct list_head	h_list;
	struct list_head	node;
};

struct input_handle {

	void *private;

	int open;
	char *name;

	struct input_dev *dev;
	struct input_handler *handler;

	struct list_head	d_node;
	struct list_head	h_node;
};

struct input_dev *input_allocate_device(void);

static inline void input_free_device(struct input_dev *dev)
{
	kfree(dev);
}

static inline struct input_dev *input_get_device(struct input_dev *dev)
{
	return to_input_dev(class_device_get(&dev->cdev));
}

static inline void input_put_device(struct input_dev *dev)
{
	class_device_put(&dev->cdev);
}

int input_register_device(struct input_dev *);
void input_unregister_device(struct input_dev *);

int input_register_handler(struct input_handler *);
void input_unregister_handler(struct input_handler *);

int input_open_device(struct input_handle *);
void input_close_device(struct input_handle *);

void input_event(struct input_dev *dev, unsigned int type, unsigned int code,
		 int value);

extern struct class input_class;

#endif
#endif
