/*
 * transport_class.h - a generic container for all transport classes
 *
 * Copyright (c) 2005 - James Bottomley <James.Bottomley@steeleye.com>
 *
 * This file is licensed under GPLv2
 *
 * (Written for the mini tree: nothing in it uses transport classes yet;
 * the header is here for the class embedded in a bigger structure.)
 */

#ifndef _TRANSPORT_CLASS_H_
#define _TRANSPORT_CLASS_H_

#include <linux/device.h>

struct transport_container;

struct transport_class {
	struct class class;
	int (*setup)(struct transport_container *, struct device *,
		     struct class_device *);
	int (*configure)(struct transport_container *, struct device *,
			 struct class_device *);
	int (*remove)(struct transport_container *, struct device *,
		      struct class_device *);
};

#define DECLARE_TRANSPORT_CLASS(cls, nm, su, rm, cfg)			\
struct transport_class cls = {						\
	.class = {							\
		.name = nm,						\
	},								\
	.setup = su,							\
	.remove = rm,							\
	.configure = cfg,						\
}

struct transport_container {
	struct list_head	node;
	struct transport_class	*tclass;
	struct attribute_group	*grp;
};

void transport_class_unregister(struct transport_class *);
int transport_class_register(struct transport_class *);

#endif
