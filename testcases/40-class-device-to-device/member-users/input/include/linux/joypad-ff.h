#ifndef _JOYPAD_FF_H
#define _JOYPAD_FF_H
/* A header of the subsystem that reaches the member without naming the API. */
#include <linux/joypad.h>

static inline struct device *joypad_ff_parent(struct joypad_dev *dev)
{
	return dev->cdev.dev;
}

#endif
