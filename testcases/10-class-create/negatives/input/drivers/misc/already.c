#include <linux/module.h>
#include <linux/device.h>

/* Already dynamic: nothing to do. */
static struct class *already_class;

static int __init already_init(void)
{
	already_class = class_create(THIS_MODULE, "already");
	if (IS_ERR(already_class))
		return PTR_ERR(already_class);
	return 0;
}

static void __exit already_exit(void)
{
	class_destroy(already_class);
}

module_init(already_init);
module_exit(already_exit);
