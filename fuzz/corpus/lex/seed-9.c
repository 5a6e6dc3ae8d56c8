#include <linux/module.h>
#include <linux/init.h>
#include <linux/bar.h>

struct class bar_class = {
	.name	= "bar",
	.owner	= THIS_MODULE,
};
EXPORT_SYMBOL_GPL(bar_class);

static int __init bar_init(void)
{
	int retval;

	retval = class_register(&bar_class);
	if (retval)
		goto out;
	retval = bar_bus_init();
	if (retval)
		goto out_unregister;
	return 0;

out_unregister:
	class_unregister(&bar_class);
out:
	return retval;
}

static void __exit bar_exit(void)
{
	bar_bus_exit();
	class_unregister(&bar_class);
}

subsys_initcall(bar_init);
module_exit(bar_exit);
