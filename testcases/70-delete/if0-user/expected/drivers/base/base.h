/*
 * drivers/base/base.h - declarations private to the driver core
 *
 * Nothing outside drivers/base includes this file.
 */

extern int devices_init(void);
extern int buses_init(void);
extern int classes_init(void);

extern int bus_add_device(struct device * dev);
extern void bus_remove_device(struct device * dev);

#define to_class(obj) container_of(obj, struct class, subsys.kset.kobj)
#define to_class_attr(_attr) container_of(_attr, struct class_attribute, attr)

#define to_dev(obj) container_of(obj, struct device, kobj)
