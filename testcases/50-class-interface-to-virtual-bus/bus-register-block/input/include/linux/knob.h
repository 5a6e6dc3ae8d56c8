#ifndef _LINUX_KNOB_H
#define _LINUX_KNOB_H

/*
 * Knobs: devices of knob_class, a static class with a class_release, which
 * the knob core registers and the knob dial follows.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 header once step 40
 * has made its class devices struct device.)
 */

#include <linux/device.h>

struct knob {
	int		position;
	struct device	dev;
};

extern struct class knob_class;

extern int knob_add(struct knob *k);
extern void knob_remove(struct knob *k);

#endif /* _LINUX_KNOB_H */
