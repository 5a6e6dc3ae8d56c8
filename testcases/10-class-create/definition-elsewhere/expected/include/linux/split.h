#ifndef _LINUX_SPLIT_H
#define _LINUX_SPLIT_H

#include <linux/device.h>

extern struct class *split_class;
extern void split_release(struct class_device *cd);

#endif
