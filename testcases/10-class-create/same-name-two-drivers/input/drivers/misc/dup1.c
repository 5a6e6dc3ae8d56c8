#include <linux/module.h>
#include <linux/device.h>

/* The same name in two drivers: each file converts its own class. */
static struct class dup_class = {
	.name	= "dup1",
};

static int __init dup1_init(void)
{
	return class_register(&dup_class);
}

static void __exit dup1_exit(void)
{
	class_unregister(&dup_class);
}

module_init(dup1_init);
module_exit(dup1_exit);
