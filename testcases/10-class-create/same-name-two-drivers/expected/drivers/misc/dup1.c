#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

/* The same name in two drivers: each file converts its own class. */
static struct class *dup_class;

static int __init dup1_init(void)
{
	dup_class = class_create(THIS_MODULE, "dup1");
	if (IS_ERR(dup_class))
		return PTR_ERR(dup_class);
	return 0;
}

static void __exit dup1_exit(void)
{
	class_destroy(dup_class);
}

module_init(dup1_init);
module_exit(dup1_exit);
