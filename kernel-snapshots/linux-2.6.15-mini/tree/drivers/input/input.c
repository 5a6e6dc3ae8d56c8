/*
 * The input core
 *
 * Copyright (c) 1999-2002 Vojtech Pavlik
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 as published by
 * the Free Software Foundation.
 *
 * (Written for the mini tree in the shape of 2.6.15: input devices are
 * class devices of the statically allocated, exported input_class.)
 */

#include <linux/init.h>
#include <linux/input.h>
#include <linux/module.h>
#include <linux/major.h>
#include <linux/string.h>
#include <linux/err.h>

MODULE_AUTHOR("Vojtech Pavlik <vojtech@suse.cz>");
MODULE_DESCRIPTION("Input core");
MODULE_LICENSE("GPL");

EXPORT_SYMBOL(input_allocate_device);
EXPORT_SYMBOL(input_register_device);
EXPORT_SYMBOL(input_unregister_device);
EXPORT_SYMBOL(input_register_handler);
EXPORT_SYMBOL(input_unregister_handler);

static LIST_HEAD(input_dev_list);
static LIST_HEAD(input_handler_list);

static struct input_handler *input_table[8];

/*
 * sysfs support: the identification strings of the device
 */
#define INPUT_DEV_STRING_ATTR_SHOW(name)				\
static ssize_t input_dev_show_##name(struct class_device *dev,		\
				      char *buf)			\
{									\
	struct input_dev *input_dev = to_input_dev(dev);		\
	int retval;							\
									\
	retval = down_interruptible(&input_dev->sem);			\
	if (retval)							\
		return retval;						\
									\
	retval = sprintf(buf, "%s\n",					\
			 input_dev->name ? input_dev->name : "");	\
									\
	up(&input_dev->sem);						\
									\
	return retval;							\
}									\
static CLASS_DEVICE_ATTR(name, S_IRUGO, input_dev_show_##name, NULL);

INPUT_DEV_STRING_ATTR_SHOW(name);
INPUT_DEV_STRING_ATTR_SHOW(phys);
INPUT_DEV_STRING_ATTR_SHOW(uniq);

static struct attribute *input_dev_attrs[] = {
	&class_device_attr_name.attr,
	&class_device_attr_phys.attr,
	&class_device_attr_uniq.attr,
	NULL
};

static struct attribute_group input_dev_attr_group = {
	.attrs	= input_dev_attrs,
};

static void input_dev_release(struct class_device *class_dev)
{
	struct input_dev *dev = to_input_dev(class_dev);

	kfree(dev);
	module_put(THIS_MODULE);
}

/*
 * Input hotplugging interface - loading event handlers based on
 * device bitfields.
 */
static int input_dev_hotplug(struct class_device *cdev, char **envp,
			     int num_envp, char *buffer, int buffer_size)
{
	struct input_dev *dev = to_input_dev(cdev);
	int i = 0;
	int len = 0;

	if (add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				&len, "PRODUCT=%x/%x/%x/%x", dev->id.bustype,
				dev->id.vendor, dev->id.product,
				dev->id.version))
		return -ENOMEM;
	if (dev->name &&
	    add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				&len, "NAME=\"%s\"", dev->name))
		return -ENOMEM;

	envp[i] = NULL;
	return 0;
}

struct class input_class = {
	.name			= "input",
	.release		= input_dev_release,
	.hotplug		= input_dev_hotplug,
};
EXPORT_SYMBOL_GPL(input_class);

struct input_dev *input_allocate_device(void)
{
	struct input_dev *dev;

	dev = kzalloc(sizeof(struct input_dev), GFP_KERNEL);
	if (dev) {
		dev->dynalloc = 1;
		dev->cdev.class = &input_class;
		class_device_initialize(&dev->cdev);
		INIT_LIST_HEAD(&dev->h_list);
		INIT_LIST_HEAD(&dev->node);
	}

	return dev;
}

static void input_link_handle(struct input_handle *handle)
{
	list_add_tail(&handle->d_node, &handle->dev->h_list);
	list_add_tail(&handle->h_node, &handle->handler->h_list);
}

int input_register_device(struct input_dev *dev)
{
	static unsigned long input_no = 0;
	struct input_handle *handle;
	struct input_handler *handler;
	int error;

	if (!dev->dynalloc) {
		printk(KERN_WARNING "input: device %s is statically allocated, "
			"will not register\nPlease convert to "
			"input_allocate_device() or contact "
			"dtor_core@ameritech.net\n",
			dev->name ? dev->name : "<Unknown>");
		return -EINVAL;
	}

	init_MUTEX(&dev->sem);
	dev->cdev.dev = dev->dev;

	list_add_tail(&dev->node, &input_dev_list);

	snprintf(dev->cdev.class_id, sizeof(dev->cdev.class_id),
		 "input%ld", input_no++);

	error = class_device_add(&dev->cdev);
	if (error)
		return error;

	error = sysfs_create_group(&dev->cdev.kobj, &input_dev_attr_group);
	if (error)
		goto fail1;

	__module_get(THIS_MODULE);

	list_for_each_entry(handler, &input_handler_list, node)
		if ((handle = handler->connect(handler, dev)))
			input_link_handle(handle);

	return 0;

 fail1:	class_device_del(&dev->cdev);
	return error;
}

void input_unregister_device(struct input_dev *dev)
{
	struct input_handle *handle, *next;

	list_for_each_entry_safe(handle, next, &dev->h_list, d_node)
		handle->handler->disconnect(handle);

	list_del_init(&dev->node);

	sysfs_remove_group(&dev->cdev.kobj, &input_dev_attr_group);
	class_device_unregister(&dev->cdev);
}

int input_register_handler(struct input_handler *handler)
{
	struct input_dev *dev;
	struct input_handle *handle;

	if (!handler)
		return -EINVAL;

	INIT_LIST_HEAD(&handler->h_list);

	if (handler->fops != NULL)
		input_table[handler->minor >> 5] = handler;

	list_add_tail(&handler->node, &input_handler_list);

	list_for_each_entry(dev, &input_dev_list, node)
		if ((handle = handler->connect(handler, dev)))
			input_link_handle(handle);

	return 0;
}

void input_unregister_handler(struct input_handler *handler)
{
	struct input_handle *handle, *next;

	list_for_each_entry_safe(handle, next, &handler->h_list, h_node)
		handler->disconnect(handle);

	list_del_init(&handler->node);

	if (handler->fops != NULL)
		input_table[handler->minor >> 5] = NULL;
}

static int __init input_init(void)
{
	int err;

	err = class_register(&input_class);
	if (err) {
		printk(KERN_ERR "input: unable to register input_dev class\n");
		return err;
	}

	return 0;
}

static void __exit input_exit(void)
{
	class_unregister(&input_class);
}

subsys_initcall(input_init);
module_exit(input_exit);
