/*
 * drivers/base/base.h - what the files of the driver core share
 *
 * Nothing outside drivers/base includes this file.
 */

extern int devices_init(void);
extern int classes_init(void);

extern int bus_add_device(struct device *dev);
extern void bus_remove_device(struct device *dev);

#define to_dev(obj) container_of(obj, struct device, kobj)

#define to_class_dev(obj) container_of(obj, struct class_device, kobj)
#define to_class_dev_attr(_attr) \
	container_of(_attr, struct class_device_attribute, attr)

#define to_class(obj) container_of(obj, struct class, subsys.kset.kobj)
#define to_class_attr(_attr) container_of(_attr, struct class_attribute, attr)

extern char *make_class_name(const char *name, struct kobject *kobj);
