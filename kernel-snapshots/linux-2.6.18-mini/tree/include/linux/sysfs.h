#ifndef _SYSFS_H_
#define _SYSFS_H_

/* sysfs: attributes, attribute groups and links of a kobject */

#include <linux/types.h>
#include <linux/stringify.h>

struct kobject;
struct module;

struct attribute {
	const char *name;
	struct module *owner;
	mode_t mode;
};

struct attribute_group {
	const char *name;
	struct attribute **attrs;
};

/* the initializer every *_ATTR() macro of the driver model expands to */
#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = __stringify(_name), .mode = _mode,		\
		  .owner = THIS_MODULE },				\
	.show = _show,							\
	.store = _store,						\
}

#define __ATTR_NULL { .attr = { .name = NULL } }

struct bin_attribute {
	struct attribute attr;
	size_t size;
	void *private;
	ssize_t (*read)(struct kobject *, char *, loff_t, size_t);
	ssize_t (*write)(struct kobject *, char *, loff_t, size_t);
};

struct sysfs_ops {
	ssize_t (*show)(struct kobject *, struct attribute *, char *);
	ssize_t (*store)(struct kobject *, struct attribute *,
			 const char *, size_t);
};

extern int sysfs_create_file(struct kobject *, const struct attribute *);
extern void sysfs_remove_file(struct kobject *, const struct attribute *);
extern int sysfs_create_bin_file(struct kobject *, struct bin_attribute *);
extern int sysfs_remove_bin_file(struct kobject *, struct bin_attribute *);
extern int sysfs_create_link(struct kobject *kobj, struct kobject *target,
			     const char *name);
extern void sysfs_remove_link(struct kobject *kobj, const char *name);
extern int sysfs_create_group(struct kobject *,
			      const struct attribute_group *);
extern void sysfs_remove_group(struct kobject *,
			       const struct attribute_group *);

#endif /* _SYSFS_H_ */
