#include <linux/module.h>
#include <linux/device.h>

/* The same name in two drivers: each file converts its own class. */
static struct class dup_class = {
	.name	= "dup2",
};

static int __init dup2_init(void)
{
	return class_register(&dup_class);
}

static void __exit dup2_exit(void)
{
	class_unregister(&dup_class);
}

module_init(dup2_init);
module_exit(dup2_exit);
