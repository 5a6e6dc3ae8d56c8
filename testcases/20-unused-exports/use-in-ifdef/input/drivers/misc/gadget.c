/*
 * drivers/misc/gadget.c - a 2.6.15 driver that uses every exported class
 * function of the driver core but the two bin-file ones.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.15 driver.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

static struct class gadget_class = {
	.name	= "gadget",
};

static struct class *gadget_dyn_class;
static struct class_device gadget_cdev;
static struct class_device *gadget_node;

static ssize_t show_version(struct class *cls, char *buf)
{
	return sprintf(buf, "1\n");
}

static CLASS_ATTR(version, S_IRUGO, show_version, NULL);

static ssize_t show_state(struct class_device *cdev, char *buf)
{
	return sprintf(buf, "idle\n");
}

static CLASS_DEVICE_ATTR(state, S_IRUGO, show_state, NULL);

static int gadget_add(struct class_device *cdev, struct class_interface *intf)
{
	return 0;
}

static struct class_interface gadget_interface = {
	.add	= gadget_add,
};

static int __init gadget_init(void)
{
	int err;

	err = class_register(&gadget_class);
	if (err)
		return err;
	class_create_file(&gadget_class, &class_attr_version);
	gadget_interface.class = &gadget_class;
	class_interface_register(&gadget_interface);

	gadget_cdev.class = &gadget_class;
	strlcpy(gadget_cdev.class_id, "gadget0", BUS_ID_SIZE);
	class_device_initialize(&gadget_cdev);
	err = class_device_add(class_device_get(&gadget_cdev));
	class_device_put(&gadget_cdev);
	if (!err)
		err = class_device_create_file(&gadget_cdev, &class_device_attr_state);
	if (!err)
		err = class_device_rename(&gadget_cdev, "gadget-main");

	gadget_dyn_class = class_create(THIS_MODULE, "gadget-nodes");
	if (IS_ERR(gadget_dyn_class))
		return PTR_ERR(gadget_dyn_class);
	gadget_node = class_device_create(gadget_dyn_class, NULL, MKDEV(250, 0),
					  NULL, "node0");
	return err;
}

static void __exit gadget_exit(void)
{
	class_device_destroy(gadget_dyn_class, MKDEV(250, 0));
	class_destroy(gadget_dyn_class);
	class_device_remove_file(&gadget_cdev, &class_device_attr_state);
	class_device_del(&gadget_cdev);
	class_device_unregister(&gadget_cdev);
	if (0)
		class_device_register(&gadget_cdev);
	class_interface_unregister(&gadget_interface);
	class_remove_file(&gadget_class, &class_attr_version);
	class_unregister(&gadget_class);
}

module_init(gadget_init);
module_exit(gadget_exit);
