/*
 * stub-kernel.h: just enough of a 2.6 kernel, in user space, to compile
 * the bus and interface code of a converted tree and run it against a
 * driver core that behaves as the 2.6.19 one does (core.c beside this
 * directory).  Every <linux/...> and <asm/...> header of this directory
 * includes this file and nothing else; subsystem headers (pcmcia/ss.h,
 * scsi/scsi_host.h, ...) come from the converted tree itself.
 *
 * The driver core's types carry a few fields of the harness (marked
 * "harness:") after the kernel's own.
 */
#ifndef STUB_KERNEL_H
#define STUB_KERNEL_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* ------------------------------------------------------------------ */
/* compiler, types, errors */

#define __init
#define __exit
#define __devinit
#define __devexit
#define __devinitdata
#define __devexit_p(x)	x
#define __user
#define likely(x)	(x)
#define unlikely(x)	(x)
#define __stringify_1(x)	#x
#define __stringify(x)	__stringify_1(x)

/* dev_t, mode_t, loff_t, u_char, u_int... come from libc's <sys/types.h> */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef unsigned int gfp_t;
typedef int pm_message_t;

/* the driver core of the harness is a 2.6.19 one */
#define KERNEL_VERSION(a, b, c)	(((a) << 16) + ((b) << 8) + (c))
#define LINUX_VERSION_CODE	KERNEL_VERSION(2, 6, 19)

#define GFP_KERNEL	0
#define PAGE_SIZE	4096UL

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)
#define MAJOR(dev)	((unsigned int) ((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int) ((dev) & MINORMASK))
#define MKDEV(ma, mi)	(((ma) << MINORBITS) | (mi))

#define SCSI_GENERIC_MAJOR	21
#define MEM_MAJOR		1

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *ERR_PTR(long error) { return (void *)error; }
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline long IS_ERR(const void *ptr) { return IS_ERR_VALUE((unsigned long)ptr); }

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* printk, memory, strings */

#define KERN_EMERG	"<0>"
#define KERN_ALERT	"<1>"
#define KERN_CRIT	"<2>"
#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"

int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define pr_debug(fmt, ...)	do { } while (0)

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void kfree(const void *p);
size_t strlcpy(char *dst, const char *src, size_t size);
#define simple_strtoul(cp, endp, base)	strtoul(cp, endp, base)

/* ------------------------------------------------------------------ */
/* lists, locks */

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	new->prev = head->prev;
	new->next = head;
	head->prev->next = new;
	head->prev = new;
}

static inline void list_del_init(struct list_head *entry)
{
	entry->prev->next = entry->next;
	entry->next->prev = entry->prev;
	INIT_LIST_HEAD(entry);
}

static inline int list_empty(const struct list_head *head)
{
	return head->next == head;
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)

typedef struct {
	int locked;
} spinlock_t;

#define spin_lock_init(l)	((l)->locked = 0)
#define spin_lock(l)		((l)->locked = 1)
#define spin_unlock(l)		((l)->locked = 0)

/*
 * A semaphore that cannot block: down() on one that is taken would wait
 * for ever in this single thread, so the harness reports a deadlock.
 */
struct semaphore {
	int count;
};

#define __SEMAPHORE_INITIALIZER(name, n)	{ n }
#define DECLARE_MUTEX(name)	struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)
#define init_MUTEX(sem)		((sem)->count = 1)
#define init_MUTEX_LOCKED(sem)	((sem)->count = 0)
void down(struct semaphore *sem);
void up(struct semaphore *sem);

/* ------------------------------------------------------------------ */
/* modules and initcalls */

struct module;
#define THIS_MODULE	((struct module *)0)

/* swallow the ';' that follows these at file scope */
#define HARNESS_NOTHING(tag)	extern int harness_nothing_##tag
#define EXPORT_SYMBOL(sym)		HARNESS_NOTHING(export)
#define EXPORT_SYMBOL_GPL(sym)		HARNESS_NOTHING(export)
#define MODULE_LICENSE(x)		HARNESS_NOTHING(license)
#define MODULE_AUTHOR(x)		HARNESS_NOTHING(author)
#define MODULE_DESCRIPTION(x)		HARNESS_NOTHING(description)
#define MODULE_VERSION(x)		HARNESS_NOTHING(version)
#define MODULE_ALIAS(x)			HARNESS_NOTHING(alias)
#define module_param(n, t, p)		HARNESS_NOTHING(param)

/*
 * Initcalls and exitcalls go to tables (core.c) with their level and name:
 * a test runs them in the order it wants, as module loads would.
 */
void harness_add_initcall(int level, const char *name, int (*fn)(void));
void harness_add_exitcall(const char *name, void (*fn)(void));

#define HARNESS_INITCALL(fn, level) \
	static void __attribute__((constructor)) harness_init_##fn(void) \
	{ harness_add_initcall(level, #fn, fn); } \
	HARNESS_NOTHING(initcall)
#define core_initcall(fn)	HARNESS_INITCALL(fn, 1)
#define postcore_initcall(fn)	HARNESS_INITCALL(fn, 2)
#define arch_initcall(fn)	HARNESS_INITCALL(fn, 3)
#define subsys_initcall(fn)	HARNESS_INITCALL(fn, 4)
#define fs_initcall(fn)		HARNESS_INITCALL(fn, 5)
#define device_initcall(fn)	HARNESS_INITCALL(fn, 6)
#define late_initcall(fn)	HARNESS_INITCALL(fn, 7)
#define module_init(fn)		device_initcall(fn)
#define module_exit(fn) \
	static void __attribute__((constructor)) harness_exit_##fn(void) \
	{ harness_add_exitcall(#fn, fn); } \
	HARNESS_NOTHING(exitcall)

/* ------------------------------------------------------------------ */
/* sysfs */

#define S_IRUGO		0444
#define S_IWUSR		0200

struct attribute {
	const char		*name;
	struct module		*owner;
	mode_t			mode;
};

#define __ATTR(_name, _mode, _show, _store) { \
	.attr = { .name = __stringify(_name), .mode = _mode, .owner = THIS_MODULE }, \
	.show = _show, \
	.store = _store, \
}

struct kobject {
	const char		*name;	/* harness: for messages */
};

struct file_operations {
	struct module		*owner;
};

int register_chrdev(unsigned int major, const char *name, const struct file_operations *fops);
int unregister_chrdev(unsigned int major, const char *name);
int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name);
void sysfs_remove_link(struct kobject *kobj, const char *name);

/* ------------------------------------------------------------------ */
/* the driver core, as 2.6.19 has it (no class_device) */

#define BUS_ID_SIZE	20
#define HARNESS_MAX_FILES	8

struct device;
struct device_driver;
struct class;

struct bus_type {
	const char		*name;
	int			(*match)(struct device *dev, struct device_driver *drv);
	int			(*uevent)(struct device *dev, char **envp, int num_envp,
					  char *buffer, int buffer_size);
	int			(*suspend)(struct device *dev, pm_message_t state);
	int			(*resume)(struct device *dev);
	struct list_head	devices;	/* harness: its devices, in order */
	struct list_head	drivers;	/* harness: its drivers, in order */
	int			registered;	/* harness */
};

struct device_driver {
	const char		*name;
	struct bus_type		*bus;
	struct module		*owner;
	int			(*probe)(struct device *dev);
	int			(*remove)(struct device *dev);
	void			(*shutdown)(struct device *dev);
	int			(*suspend)(struct device *dev, pm_message_t state);
	int			(*resume)(struct device *dev);
	struct list_head	bus_node;	/* harness */
	int			registered;	/* harness */
};

struct device_attribute {
	struct attribute	attr;
	ssize_t			(*show)(struct device *dev, struct device_attribute *attr,
					char *buf);
	ssize_t			(*store)(struct device *dev, struct device_attribute *attr,
					 const char *buf, size_t count);
};

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)

struct class_attribute {
	struct attribute	attr;
	ssize_t			(*show)(struct class *cls, char *buf);
	ssize_t			(*store)(struct class *cls, const char *buf, size_t count);
};

#define CLASS_ATTR(_name, _mode, _show, _store) \
	struct class_attribute class_attr_##_name = __ATTR(_name, _mode, _show, _store)

struct class {
	const char		*name;
	struct module		*owner;
	struct class_attribute	*class_attrs;
	struct device_attribute	*dev_attrs;
	int			(*dev_uevent)(struct device *dev, char **envp,
					      int num_envp, char *buffer, int buffer_size);
	void			(*class_release)(struct class *class);
	void			(*dev_release)(struct device *dev);
	struct list_head	devices;	/* harness */
	struct list_head	interfaces;	/* harness */
	int			registered;	/* harness */
};

struct class_interface {
	struct list_head	node;
	struct class		*class;
	int			(*add_dev)(struct device *, struct class_interface *);
	void			(*remove_dev)(struct device *, struct class_interface *);
};

struct device {
	struct device		*parent;
	struct kobject		kobj;
	char			bus_id[BUS_ID_SIZE];
	struct bus_type		*bus;
	struct device_driver	*driver;
	void			*driver_data;
	void			*platform_data;
	dev_t			devt;
	struct class		*class;
	void			(*release)(struct device *dev);
	/* harness */
	int			refs;
	int			registered;
	struct list_head	all_node;	/* every registered device */
	struct list_head	bus_node;
	struct list_head	class_node;
	const char		*files[HARNESS_MAX_FILES];
};

static inline void *dev_get_drvdata(struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

extern struct device platform_bus;
extern struct bus_type platform_bus_type;

void device_initialize(struct device *dev);
int device_add(struct device *dev);
int device_register(struct device *dev);
void device_del(struct device *dev);
void device_unregister(struct device *dev);
struct device *get_device(struct device *dev);
void put_device(struct device *dev);
int device_create_file(struct device *dev, struct device_attribute *attr);
void device_remove_file(struct device *dev, struct device_attribute *attr);
struct device *device_create(struct class *cls, struct device *parent, dev_t devt,
			     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void device_destroy(struct class *cls, dev_t devt);

int bus_register(struct bus_type *bus);
void bus_unregister(struct bus_type *bus);
int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *, void *));
struct device *bus_find_device(struct bus_type *bus, struct device *start, void *data,
			       int (*match)(struct device *, void *));
int bus_for_each_drv(struct bus_type *bus, struct device_driver *start, void *data,
		     int (*fn)(struct device_driver *, void *));

int driver_register(struct device_driver *drv);
void driver_unregister(struct device_driver *drv);

int class_register(struct class *cls);
void class_unregister(struct class *cls);
struct class *class_create(struct module *owner, const char *name);
void class_destroy(struct class *cls);
int class_create_file(struct class *cls, const struct class_attribute *attr);
void class_remove_file(struct class *cls, const struct class_attribute *attr);
int class_interface_register(struct class_interface *intf);
void class_interface_unregister(struct class_interface *intf);

/* ------------------------------------------------------------------ */
/* for the tests (core.c) */

/* Record a failed check and go on; the program exits 1 at the end. */
#define CHECK(cond) harness_check(!!(cond), __FILE__, __LINE__, #cond)
void harness_check(int ok, const char *file, int line, const char *what);
/* Run the initcalls of `level` (in link order); run one exitcall by name. */
void harness_run_initcalls(int level);
void harness_run_exitcall(const char *name);
/* The registered device called `name` whose parent is `parent` (any if NULL). */
struct device *harness_find_device(struct device *parent, const char *name);
int harness_has_file(struct device *dev, const char *name);
/* Registered devices on `bus`; those with a driver bound. */
int harness_bus_devices(struct bus_type *bus);
int harness_bus_bound(struct bus_type *bus);
/* Memory the code under test still holds (kmalloc minus kfree). */
long harness_allocated(void);
/* Prints the summary; returns the exit status. */
int harness_finish(const char *name);

#endif
