#ifndef _LINUX_BAR_H
#define _LINUX_BAR_H

#include <linux/device.h>

struct bar_device {
	int			id;
	struct class_device	class_dev;
};

/* the class every bar device belongs to */
extern struct class bar_class;

extern int bar_register_device(struct bar_device *bdev);

#endif /* _LINUX_BAR_H */
