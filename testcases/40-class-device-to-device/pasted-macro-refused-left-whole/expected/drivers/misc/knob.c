/*
 * knob.c - attribute macros whose body is one function with a pasted
 * name.  spatch parses such a body and would rewrite a part of it (the
 * type, not the callback's parameters); the one the macro-callbacks pass
 * cannot convert (to_class_dev) stays whole, the other is converted.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

struct knob {
	int turns;
};

/* left: to_class_dev() has no struct device namesake */
#define KNOB_KOBJ(name)							\
static ssize_t show_kobj_##name(struct class_device *cd, char *buf)	\
{									\
	return sprintf(buf, "%p\n", to_class_dev(&cd->kobj));		\
}

KNOB_KOBJ(a)

/* converted */
#define KNOB_SHOW(name)							\
static ssize_t show_##name(struct device *cd,				\
			   struct device_attribute *attr, char *buf)	\
{									\
	struct knob *k = dev_get_drvdata(cd);				\
	return sprintf(buf, "%d\n", k->name);				\
}

KNOB_SHOW(turns)

static DEVICE_ATTR(turns, S_IRUGO, show_turns, NULL);

static int knob_add(struct device *cd)
{
	return device_create_file(cd, &dev_attr_turns);
}
