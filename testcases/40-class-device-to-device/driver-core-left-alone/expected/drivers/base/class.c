#include <linux/device.h>

#define to_class_dev(obj) container_of(obj, struct class_device, kobj)
#define to_class_dev_attr(_attr) container_of(_attr, struct class_device_attribute, attr)

static ssize_t class_device_attr_show(struct kobject *kobj,
				      struct attribute *attr, char *buf)
{
	struct class_device_attribute *class_dev_attr = to_class_dev_attr(attr);
	struct class_device *cd = to_class_dev(kobj);

	return class_dev_attr->show ? class_dev_attr->show(cd, buf) : 0;
}

int class_device_register(struct class_device *class_dev)
{
	class_device_initialize(class_dev);
	return class_device_add(class_dev);
}

struct class_device *class_device_get(struct class_device *class_dev)
{
	if (class_dev && class_dev->dev)
		return to_class_dev(kobject_get(&class_dev->kobj));
	return NULL;
}
