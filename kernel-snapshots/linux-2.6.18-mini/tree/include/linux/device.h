#ifndef _DEVICE_H_
#define _DEVICE_H_

/*
 * The driver model: buses, drivers, devices, classes and class devices.
 *
 * (Written for the mini tree in the shape of 2.6.18: struct device has
 * gained a class, a dev_t and a link in its class's list, and
 * device_create() exists, but struct class has no dev_attrs, dev_release
 * or dev_uevent yet and class devices are still struct class_device.)
 */

#include <linux/config.h>
#include <linux/kobject.h>
#include <linux/klist.h>
#include <linux/list.h>
#include <linux/types.h>
#include <linux/module.h>
#include <linux/pm.h>
#include <asm/atomic.h>
#include <asm/semaphore.h>

#define DEVICE_NAME_SIZE	50
#define BUS_ID_SIZE		KOBJ_NAME_LEN

struct device;
struct device_driver;
struct class;
struct class_device;

/* ---- buses ---- */

struct bus_type {
	const char *name;

	struct subsystem subsys;
	struct kset drivers;
	struct kset devices;
	struct klist klist_devices;
	struct klist klist_drivers;

	struct device_attribute *dev_attrs;

	int (*match)(struct device *dev, struct device_driver *drv);
	int (*uevent)(struct device *dev, char **envp, int num_envp,
		      char *buffer, int buffer_size);
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
};

extern int bus_register(struct bus_type *bus);
extern void bus_unregister(struct bus_type *bus);

/* iterator helpers for buses */
int bus_for_each_dev(struct bus_type * bus, struct device * start, void * data,
		     int (*fn)(struct device *, void *));
struct device * bus_find_device(struct bus_type *bus, struct device *start,
				void *data, int (*match)(struct device *, void *));
int bus_for_each_drv(struct bus_type * bus, struct device_driver * start,
		     void * data, int (*fn)(struct device_driver *, void *));

/* ---- drivers ---- */

struct device_driver {
	const char *name;
	struct bus_type *bus;

	struct kobject kobj;
	struct klist klist_devices;
	struct klist_node knode_bus;

	struct module *owner;

	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
};

extern int driver_register(struct device_driver *drv);
extern void driver_unregister(struct device_driver *drv);

/* ---- classes ---- */

struct class {
	const char *name;
	struct module *owner;

	struct subsystem subsys;
	struct list_head children;	/* its class devices */
	struct list_head devices;	/* its devices (struct device) */
	struct list_head interfaces;
	struct semaphore sem;		/* locks the three lists */

	struct class_attribute *class_attrs;
	struct class_device_attribute *class_dev_attrs;

	int (*uevent)(struct class_device *dev, char **envp, int num_envp,
		      char *buffer, int buffer_size);

	void (*release)(struct class_device *dev);
	void (*class_release)(struct class *class);
};

extern int class_register(struct class *cls);
extern void class_unregister(struct class *cls);

struct class_attribute {
	struct attribute attr;
	ssize_t (*show)(struct class *cls, char *buf);
	ssize_t (*store)(struct class *cls, const char *buf, size_t count);
};

#define CLASS_ATTR(_name, _mode, _show, _store)			\
struct class_attribute class_attr_##_name =			\
	__ATTR(_name, _mode, _show, _store)

extern int class_create_file(struct class *cls,
			     const struct class_attribute *attr);
extern void class_remove_file(struct class *cls,
			      const struct class_attribute *attr);

/* ---- class devices ---- */

struct class_device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct class_device *cd, char *buf);
	ssize_t (*store)(struct class_device *cd, const char *buf,
			 size_t count);
};

#define CLASS_DEVICE_ATTR(_name, _mode, _show, _store)		\
struct class_device_attribute class_device_attr_##_name =	\
	__ATTR(_name, _mode, _show, _store)

extern int class_device_create_file(struct class_device *cd,
				    const struct class_device_attribute *a);
extern void class_device_remove_file(struct class_device *cd,
				     const struct class_device_attribute *a);
extern int class_device_create_bin_file(struct class_device *cd,
					struct bin_attribute *attr);
extern void class_device_remove_bin_file(struct class_device *cd,
					 struct bin_attribute *attr);

/*
 * A class device: the node user space sees under /sys/class/<class>/.
 * dev is the physical device behind it (a "device" link points there);
 * parent is another class device it nests under; groups (2.6.17) are
 * attribute groups created with it.
 */
struct class_device {
	struct list_head node;

	struct kobject kobj;
	struct class *class;
	dev_t devt;
	struct class_device_attribute *devt_attr;
	struct class_device_attribute uevent_attr;
	struct device *dev;
	void *class_data;
	struct class_device *parent;
	struct attribute_group **groups;

	void (*release)(struct class_device *dev);
	int (*uevent)(struct class_device *dev, char **envp, int num_envp,
		      char *buffer, int buffer_size);
	char class_id[BUS_ID_SIZE];
};

static inline void *class_get_devdata(struct class_device *dev)
{
	return dev->class_data;
}

static inline void class_set_devdata(struct class_device *dev, void *data)
{
	dev->class_data = data;
}

extern int class_device_register(struct class_device *cd);
extern void class_device_unregister(struct class_device *cd);
extern void class_device_initialize(struct class_device *cd);
extern int class_device_add(struct class_device *cd);
extern void class_device_del(struct class_device *cd);
extern int class_device_rename(struct class_device *cd, char *new_name);
extern struct class_device *class_device_get(struct class_device *cd);
extern void class_device_put(struct class_device *cd);

struct class_interface {
	struct list_head node;
	struct class *class;

	int (*add)(struct class_device *cd, struct class_interface *intf);
	void (*remove)(struct class_device *cd, struct class_interface *intf);
};

extern int class_interface_register(struct class_interface *intf);
extern void class_interface_unregister(struct class_interface *intf);

extern struct class *class_create(struct module *owner, char *name);
extern void class_destroy(struct class *cls);
extern struct class_device *class_device_create(struct class *cls,
						struct class_device *parent,
						dev_t devt,
						struct device *device,
						char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
extern void class_device_destroy(struct class *cls, dev_t devt);

/* ---- devices ---- */

struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr,
			char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count);
};

#define DEVICE_ATTR(_name, _mode, _show, _store)			\
struct device_attribute dev_attr_##_name =			\
	__ATTR(_name, _mode, _show, _store)

extern int device_create_file(struct device *dev,
			      struct device_attribute *attr);
extern void device_remove_file(struct device *dev,
			       struct device_attribute *attr);

struct device {
	struct klist klist_children;
	struct klist_node knode_parent;	/* in the parent's children */
	struct klist_node knode_driver;
	struct klist_node knode_bus;
	struct device *parent;

	struct kobject kobj;
	char bus_id[BUS_ID_SIZE];	/* name on the parent's bus */
	struct device_attribute uevent_attr;
	struct device_attribute *devt_attr;

	struct semaphore sem;		/* serializes driver calls */

	struct bus_type *bus;
	struct device_driver *driver;
	void *driver_data;		/* the driver's, see dev_get_drvdata */
	void *platform_data;
	struct dev_pm_info power;

	u64 *dma_mask;
	u64 coherent_dma_mask;

	/*
	 * Class devices that are plain devices (2.6.18): the link in the
	 * class's list of devices, the class, and the dev_t that gives
	 * the "dev" attribute.
	 */
	struct list_head node;
	struct class *class;
	dev_t devt;

	void (*release)(struct device *dev);
};

static inline void *dev_get_drvdata(struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

extern int device_register(struct device *dev);
extern void device_unregister(struct device *dev);
extern void device_initialize(struct device *dev);
extern int device_add(struct device *dev);
extern void device_del(struct device *dev);
extern struct device *get_device(struct device *dev);
extern void put_device(struct device *dev);

/*
 * Create a class device that is a struct device, on the fly.  The core
 * of this release still needs a parent (see drivers/base/core.c).
 */
extern struct device *device_create(struct class *cls, struct device *parent,
				    dev_t devt, char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
extern void device_destroy(struct class *cls, dev_t devt);

#define dev_printk(level, dev, format, arg...) \
	printk(level "%s: " format, (dev)->bus_id, ## arg)
#define dev_err(dev, format, arg...) \
	dev_printk(KERN_ERR, dev, format, ## arg)
#define dev_info(dev, format, arg...) \
	dev_printk(KERN_INFO, dev, format, ## arg)

#endif /* _DEVICE_H_ */
