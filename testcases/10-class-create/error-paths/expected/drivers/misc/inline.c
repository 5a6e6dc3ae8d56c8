#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *inline_class;

static int __init inline_init(void)
{
	int ret;

	inline_class = class_create(THIS_MODULE, "inline");
	if (IS_ERR(inline_class)) {
		printk(KERN_WARNING "inline: no class\n");
		return -EIO;
	}
	ret = inline_probe();
	if (ret)
		class_destroy(inline_class);
	return ret;
}

static int __init inline_resume(void)
{
	int ret;

	inline_class = class_create(THIS_MODULE, "inline");
	if (IS_ERR(inline_class))
		return PTR_ERR(inline_class);
	return 0;
}
module_init(inline_init);
EXPORT_SYMBOL(inline_resume);
