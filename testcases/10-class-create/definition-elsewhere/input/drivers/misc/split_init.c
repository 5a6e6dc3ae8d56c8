#include <linux/module.h>
#include <linux/split.h>

static int __init split_init(void)
{
	int ret;

	ret = class_register(&split_class);
	if (ret)
		return ret;
	printk(KERN_INFO "split: class %s ready\n", split_class.name);
	return 0;
}

static void __exit split_exit(void)
{
	class_unregister(&split_class);
}

module_init(split_init);
module_exit(split_exit);
