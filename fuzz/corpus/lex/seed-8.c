#include <linux/module.h>
#include <linux/device.h>

static struct class ifgoto_class = {
	.name	= "ifgoto",
};

static int __init ifgoto_init(void)
{
	if (register_something())
		goto fail;
	if (class_register(&ifgoto_class))
		goto fail_class;
	return 0;

fail_class:
	unregister_something();
fail:
	return -ENODEV;
}

static void __exit ifgoto_exit(void)
{
	class_unregister(&ifgoto_class);
	unregister_something();
}
module_init(ifgoto_init);
module_exit(ifgoto_exit);
