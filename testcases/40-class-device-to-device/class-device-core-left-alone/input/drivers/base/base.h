/* The driver core's private declarations (test input). */
extern int devices_init(void);
extern int classes_init(void);

static inline struct class_device *to_class_dev_of(struct kobject *kobj)
{
	return container_of(kobj, struct class_device, kobj);
}
