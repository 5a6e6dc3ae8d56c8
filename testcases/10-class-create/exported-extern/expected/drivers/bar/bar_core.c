#include <linux/module.h>
#include <linux/init.h>
#include <linux/bar.h>
#include <linux/err.h>

struct class *bar_class;
EXPORT_SYMBOL_GPL(bar_class);

static int __init bar_init(void)
{
	int retval;

	bar_class = class_create(THIS_MODULE, "bar");
	if (IS_ERR(bar_class)) {
		retval = PTR_ERR(bar_class);
		goto out;
	}
	retval = bar_bus_init();
	if (retval)
		goto out_unregister;
	return 0;

out_unregister:
	class_destroy(bar_class);
out:
	return retval;
}

static void __exit bar_exit(void)
{
	bar_bus_exit();
	class_destroy(bar_class);
}

subsys_initcall(bar_init);
module_exit(bar_exit);
