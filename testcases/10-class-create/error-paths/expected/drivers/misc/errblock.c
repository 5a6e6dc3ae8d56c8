#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *errblock_class;

static struct class_attribute class_attr_timeout;

static int __init errblock_init(void)
{
	int error;

	errblock_class = class_create(THIS_MODULE, "errblock");
	if (IS_ERR(errblock_class)) {
		error = PTR_ERR(errblock_class);
		printk(KERN_ERR "%s: class_register failed\n", __FUNCTION__);
		return error;
	}
	error = class_create_file(errblock_class, &class_attr_timeout);
	if (error) {
		printk(KERN_ERR "%s: class_create_file failed\n",
		       __FUNCTION__);
		class_destroy(errblock_class);
	}
	return error;
}

static void __exit errblock_exit(void)
{
	class_remove_file(errblock_class, &class_attr_timeout);
	class_destroy(errblock_class);
}
module_init(errblock_init);
module_exit(errblock_exit);
