#include <linux/module.h>
#include <linux/split.h>
#include <linux/err.h>

static int __init split_init(void)
{
	int ret;

	split_class = class_create(THIS_MODULE, "split");
	if (IS_ERR(split_class))
		return PTR_ERR(split_class);
	split_class->release = split_release;
	printk(KERN_INFO "split: class %s ready\n", split_class->name);
	return 0;
}

static void __exit split_exit(void)
{
	class_destroy(split_class);
}

module_init(split_init);
module_exit(split_exit);
