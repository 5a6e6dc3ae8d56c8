#include <linux/module.h>
#include <linux/device.h>
#include "hub_core.h"

void hub_cls_release(struct class_device *class_dev)
{
	put_device(class_dev->dev);
}

struct class hub_host_class = {
	.name		= "hub_host",
};
