#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *ifgoto_class;

static int __init ifgoto_init(void)
{
	if (register_something())
		goto fail;
	ifgoto_class = class_create(THIS_MODULE, "ifgoto");
	if (IS_ERR(ifgoto_class))
		goto fail_class;
	return 0;

fail_class:
	unregister_something();
fail:
	return -ENODEV;
}

static void __exit ifgoto_exit(void)
{
	class_destroy(ifgoto_class);
	unregister_something();
}
module_init(ifgoto_init);
module_exit(ifgoto_exit);
