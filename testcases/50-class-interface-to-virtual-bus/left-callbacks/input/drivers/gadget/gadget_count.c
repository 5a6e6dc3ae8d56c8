/*
 * gadget_count.c -- an interface of gadget_class whose callback still
 * takes a struct class_device (step 40 left this file): .add stays, the
 * file is consistent as it is.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/device.h>
#include "gadget.h"

static int gadgets;

static int gadget_count_add(struct class_device *cdev, struct class_interface *intf)
{
	gadgets++;
	return 0;
}

static struct class_interface gadget_count_interface = {
	.add		= &gadget_count_add,
};

static int __init gadget_count_init(void)
{
	return gadget_register_interface(&gadget_count_interface);
}

module_init(gadget_count_init);
