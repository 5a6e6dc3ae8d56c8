#ifndef _KOBJECT_H_
#define _KOBJECT_H_

/*
 * Reference-counted objects with a sysfs directory, the sets that group
 * them and the subsystems that own the sets.  Uevents (2.6.16 on) tell
 * user space about them.
 */
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/list.h>
#include <linux/sysfs.h>
#include <linux/spinlock.h>
#include <asm/atomic.h>

#define KOBJ_NAME_LEN	20

struct kref {
	atomic_t refcount;
};

extern void kref_init(struct kref *kref);
extern void kref_get(struct kref *kref);
extern int kref_put(struct kref *kref, void (*release)(struct kref *kref));

struct kobject {
	const char *k_name;
	char name[KOBJ_NAME_LEN];
	struct kref kref;
	struct list_head entry;
	struct kobject *parent;
	struct kset *kset;
	struct kobj_type *ktype;
	struct dentry *dentry;
};

extern int kobject_set_name(struct kobject *, const char *, ...)
	__attribute__((format(printf, 2, 3)));

static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->k_name;
}

extern void kobject_init(struct kobject *);
extern int kobject_add(struct kobject *);
extern void kobject_del(struct kobject *);
extern int kobject_rename(struct kobject *, const char *new_name);
extern int kobject_register(struct kobject *);
extern void kobject_unregister(struct kobject *);
extern struct kobject *kobject_get(struct kobject *);
extern void kobject_put(struct kobject *);

enum kobject_action {
	KOBJ_ADD,
	KOBJ_REMOVE,
	KOBJ_CHANGE,
	KOBJ_ONLINE,
	KOBJ_OFFLINE,
};

extern void kobject_uevent(struct kobject *kobj, enum kobject_action action);

extern int add_uevent_var(char **envp, int num_envp, int *cur_index,
			  char *buffer, int buffer_size, int *cur_len,
			  const char *format, ...)
	__attribute__((format(printf, 7, 8)));

struct kobj_type {
	void (*release)(struct kobject *);
	struct sysfs_ops *sysfs_ops;
	struct attribute **default_attrs;
};

struct kset_uevent_ops {
	int (*filter)(struct kset *kset, struct kobject *kobj);
	const char *(*name)(struct kset *kset, struct kobject *kobj);
	int (*uevent)(struct kset *kset, struct kobject *kobj, char **envp,
		      int num_envp, char *buffer, int buffer_size);
};

struct kset {
	struct subsystem *subsys;
	struct kobj_type *ktype;
	struct list_head list;
	spinlock_t list_lock;
	struct kobject kobj;
	struct kset_uevent_ops *uevent_ops;
};

struct subsystem {
	struct kset kset;
	struct rw_semaphore rwsem;
};

#define decl_subsys(_name, _type, _uevent_ops)			\
struct subsystem _name##_subsys = {				\
	.kset = {						\
		.kobj = { .name = __stringify(_name) },		\
		.ktype = _type,					\
		.uevent_ops = _uevent_ops,			\
	}							\
}

#define kobj_set_kset_s(obj, subsys) \
	((obj)->kobj.kset = &(subsys).kset)
#define subsys_set_kset(obj, _subsys) \
	((obj)->subsys.kset.kobj.kset = &(_subsys).kset)

extern int subsystem_register(struct subsystem *);
extern void subsystem_unregister(struct subsystem *);

static inline struct subsystem *to_subsys(struct kobject *k)
{
	return k ? container_of(k, struct subsystem, kset.kobj) : NULL;
}

static inline struct subsystem *subsys_get(struct subsystem *s)
{
	return s ? to_subsys(kobject_get(&s->kset.kobj)) : NULL;
}

static inline void subsys_put(struct subsystem *s)
{
	kobject_put(&s->kset.kobj);
}

#endif /* _KOBJECT_H_ */
