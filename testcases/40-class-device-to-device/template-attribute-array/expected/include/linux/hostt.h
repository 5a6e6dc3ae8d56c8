#ifndef _LINUX_HOSTT_H
#define _LINUX_HOSTT_H

#include <linux/device.h>

/* What every host driver fills in. */
struct host_template {
	const char *name;
	struct device_attribute **host_attrs;
};

extern int host_register(struct host_template *t, struct device *parent);

#endif
