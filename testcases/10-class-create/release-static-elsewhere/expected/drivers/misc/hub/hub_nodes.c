#include <linux/module.h>
#include <linux/device.h>
#include "hub_core.h"

/*
 * The release is static here, where the class is defined; hub_core.c
 * registers it and assigns the release after class_create(): the
 * function loses its static and hub_core.h declares it.
 */
void hub_cls_release(struct class_device *class_dev)
{
	put_device(class_dev->dev);
}

struct class *hub_host_class;
