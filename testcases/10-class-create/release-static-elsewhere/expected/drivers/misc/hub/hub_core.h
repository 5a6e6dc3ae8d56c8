#ifndef _HUB_CORE_H
#define _HUB_CORE_H

#include <linux/device.h>

extern struct class *hub_host_class;
void hub_cls_release(struct class_device *class_dev);

#endif
