#include <linux/module.h>
#include <linux/device.h>

static struct class errblock_class = {
	.name	= "errblock",
};

static struct class_attribute class_attr_timeout;

static int __init errblock_init(void)
{
	int error;

	error = class_register(&errblock_class);
	if (error) {
		printk(KERN_ERR "%s: class_register failed\n", __FUNCTION__);
		return error;
	}
	error = class_create_file(&errblock_class, &class_attr_timeout);
	if (error) {
		printk(KERN_ERR "%s: class_create_file failed\n",
		       __FUNCTION__);
		class_unregister(&errblock_class);
	}
	return error;
}

static void __exit errblock_exit(void)
{
	class_remove_file(&errblock_class, &class_attr_timeout);
	class_unregister(&errblock_class);
}
module_init(errblock_init);
module_exit(errblock_exit);
