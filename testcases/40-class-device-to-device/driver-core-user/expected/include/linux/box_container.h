/*
 * A container of class devices kept by the driver core for its users
 * (test input, in the shape of the attribute containers of 2.6.15).
 */
#ifndef _BOX_CONTAINER_H_
#define _BOX_CONTAINER_H_

#include <linux/device.h>
#include <linux/list.h>

struct box_container {
	struct list_head	node;
	struct class		*class;
	int (*match)(struct box_container *, struct device *);
};

int box_container_register(struct box_container *cont);
int box_container_add_device(struct box_container *cont, struct device *dev);
int box_container_add_class_device(struct device *classdev);
struct box_container *box_container_classdev_to_container(struct device *);
struct device *box_container_find_class_device(struct box_container *,
					       struct device *);

#endif
