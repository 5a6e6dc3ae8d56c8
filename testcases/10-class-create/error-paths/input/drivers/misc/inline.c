#include <linux/module.h>
#include <linux/device.h>

static struct class inline_class = {
	.name	= "inline",
};

static int __init inline_init(void)
{
	int ret;

	if ((ret = class_register(&inline_class)) < 0) {
		printk(KERN_WARNING "inline: no class\n");
		return -EIO;
	}
	ret = inline_probe();
	if (ret)
		class_unregister(&inline_class);
	return ret;
}

static int __init inline_resume(void)
{
	int ret;

	if ((ret = class_register(&inline_class)))
		return ret;
	return 0;
}
module_init(inline_init);
EXPORT_SYMBOL(inline_resume);
