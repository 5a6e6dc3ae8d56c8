#ifndef _LINUX_XPORT_H
#define _LINUX_XPORT_H
#include <linux/device.h>

/* A class inside a bigger structure declared in a header: the nested
 * initializer of a file that includes it is converted in that file's
 * group, which must hold the header (the struct's tag is what the rules
 * carry from one file to the other). */
struct xport_class {
	struct class class;
	int flags;
};

extern void xport_add(struct class_device *cd);

#endif
