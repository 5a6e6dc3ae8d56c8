#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

/* A struct class: converted. */
static struct class *panel_class;

static int __init panel_class_init(void)
{
	panel_class = class_create(THIS_MODULE, "panel");
	if (IS_ERR(panel_class))
		return PTR_ERR(panel_class);
	return 0;
}

static void __exit panel_class_exit(void)
{
	class_destroy(panel_class);
}

module_init(panel_class_init);
module_exit(panel_class_exit);
