/* drivers/base/base.h - declarations private to the driver core (test stub) */
extern int bus_add_device(struct device *dev);
extern void bus_remove_device(struct device *dev);
extern struct class *class_get(struct class *cls);
extern void class_put(struct class *cls);
extern int class_create_file(struct class *cls, const struct class_attribute *attr);
extern void class_remove_file(struct class *cls, const struct class_attribute *attr);

#define attr_name(_attr) (_attr).attr.name
