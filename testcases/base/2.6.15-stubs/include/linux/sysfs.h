/* Test stub. */
#ifndef _LINUX_SYSFS_H
#define _LINUX_SYSFS_H

#include <linux/types.h>

struct kobject;
struct module;

struct attribute {
	const char		*name;
	struct module		*owner;
	mode_t			mode;
};

struct bin_attribute {
	struct attribute	attr;
	size_t			size;
};

struct attribute_group {
	const char		*name;
	struct attribute	**attrs;
};

struct sysfs_ops {
	ssize_t	(*show)(struct kobject *, struct attribute *, char *);
	ssize_t	(*store)(struct kobject *, struct attribute *, const char *, size_t);
};

#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = #_name, .mode = _mode, .owner = THIS_MODULE },\
	.show	= _show,						\
	.store	= _store,						\
}
#define __ATTR_NULL { .attr = { .name = NULL } }

extern int sysfs_create_file(struct kobject *kobj, const struct attribute *attr);
extern void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);
extern int sysfs_create_bin_file(struct kobject *kobj, struct bin_attribute *attr);
extern int sysfs_remove_bin_file(struct kobject *kobj, struct bin_attribute *attr);
extern int sysfs_create_link(struct kobject *kobj, struct kobject *target,
			     const char *name);
extern void sysfs_remove_link(struct kobject *kobj, const char *name);
extern int sysfs_create_group(struct kobject *kobj,
			      const struct attribute_group *grp);
extern void sysfs_remove_group(struct kobject *kobj,
			       const struct attribute_group *grp);

#endif
