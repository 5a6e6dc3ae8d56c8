#ifndef _DEVICE_H_
#define _DEVICE_H_

struct class_device;

struct class_device_attribute {
	struct attribute	attr;
	ssize_t (*show)(struct class_device *, char * buf);
	ssize_t (*store)(struct class_device *, const char * buf, size_t count);
};

#define CLASS_DEVICE_ATTR(_name,_mode,_show,_store)		\
struct class_device_attribute class_device_attr_##_name = 	\
	__ATTR(_name,_mode,_show,_store)

struct class_device {
	struct list_head	node;
	struct kobject		kobj;
	struct class		* class;
	dev_t			devt;
	struct device		* dev;
	void			* class_data;
	struct class_device	*parent;
	void	(*release)(struct class_device *dev);
	char	class_id[BUS_ID_SIZE];
};

static inline void *class_get_devdata(struct class_device *dev)
{
	return dev->class_data;
}

static inline void class_set_devdata(struct class_device *dev, void *data)
{
	dev->class_data = data;
}

extern int class_device_register(struct class_device *);
extern struct class_device *class_device_get(struct class_device *);

#endif
