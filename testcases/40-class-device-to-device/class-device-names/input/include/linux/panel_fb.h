#ifndef _LINUX_PANEL_FB_H
#define _LINUX_PANEL_FB_H
#include <linux/device.h>

struct panel_info {
	int node;
	int mode;
	struct device *device;		/* the parent */
	struct class_device *class_device;	/* its sysfs node */
};

extern struct class *panel_class;
#endif
