/* Test stub: the 2.6.15 kobject API the driver core uses. */
#ifndef _KOBJECT_H_
#define _KOBJECT_H_

#include <linux/types.h>
#include <linux/list.h>
#include <linux/sysfs.h>

#define KOBJ_NAME_LEN	20

enum kobject_action {
	KOBJ_ADD	= 0x00,
	KOBJ_REMOVE	= 0x01,
};

struct kobject {
	const char		*k_name;
	char			name[KOBJ_NAME_LEN];
	struct list_head	entry;
	struct kobject		*parent;
	struct kset		*kset;
	struct kobj_type	*ktype;
};

extern int kobject_set_name(struct kobject *, const char *, ...);
extern void kobject_init(struct kobject *);
extern int kobject_add(struct kobject *);
extern void kobject_del(struct kobject *);
extern int kobject_rename(struct kobject *, const char *new_name);
extern int kobject_register(struct kobject *);
extern void kobject_unregister(struct kobject *);
extern struct kobject *kobject_get(struct kobject *);
extern void kobject_put(struct kobject *);
extern void kobject_hotplug(struct kobject *kobj, enum kobject_action action);

struct kobj_type {
	void (*release)(struct kobject *);
	struct sysfs_ops	*sysfs_ops;
	struct attribute	**default_attrs;
};

struct kset_hotplug_ops {
	int (*filter)(struct kset *kset, struct kobject *kobj);
	const char *(*name)(struct kset *kset, struct kobject *kobj);
	int (*hotplug)(struct kset *kset, struct kobject *kobj, char **envp,
		       int num_envp, char *buffer, int buffer_size);
};

struct kset {
	struct subsystem	*subsys;
	struct kobj_type	*ktype;
	struct list_head	list;
	struct kobject		kobj;
	struct kset_hotplug_ops	*hotplug_ops;
};

static inline struct kobj_type *get_ktype(struct kobject *k)
{
	if (k->kset && k->kset->ktype)
		return k->kset->ktype;
	return k->ktype;
}

struct subsystem {
	struct kset		kset;
};

#define decl_subsys(_name, _type, _hotplug_ops)			\
struct subsystem _name##_subsys = {					\
	.kset = {							\
		.kobj = { .name = #_name },				\
		.ktype = _type,						\
		.hotplug_ops = _hotplug_ops,				\
	}								\
}

#define kobj_set_kset_s(obj, subsys) \
	((obj)->kobj.kset = &(subsys).kset)
#define subsys_set_kset(obj, _subsys) \
	((obj)->subsys.kset.kobj.kset = &(_subsys).kset)

extern int subsystem_register(struct subsystem *);
extern void subsystem_unregister(struct subsystem *);

extern int add_hotplug_env_var(char **envp, int num_envp, int *cur_index,
			       char *buffer, int buffer_size, int *cur_len,
			       const char *format, ...);

#endif
