/*
 * foochar: a character device with its own class.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/err.h>

static int foo_major;

static struct class *foo_class;

static struct file_operations foo_fops = {
	.owner		= THIS_MODULE,
};

static int __init foo_init(void)
{
	int err;

	foo_major = register_chrdev(0, "foo", &foo_fops);
	if (foo_major < 0)
		return foo_major;

	foo_class = class_create(THIS_MODULE, "foo");
	if (IS_ERR(foo_class))
		return PTR_ERR(foo_class);

	class_device_create(foo_class, NULL, MKDEV(foo_major, 0), NULL,
			    "foo0");
	printk(KERN_INFO "foo: class %s ready\n", foo_class->name);
	return 0;
}

static void __exit foo_exit(void)
{
	class_device_destroy(foo_class, MKDEV(foo_major, 0));
	class_destroy(foo_class);
	unregister_chrdev(foo_major, "foo");
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");
