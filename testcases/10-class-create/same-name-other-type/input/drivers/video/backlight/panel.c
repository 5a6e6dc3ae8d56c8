#include <linux/module.h>
#include <linux/device.h>

/* A struct class: converted. */
static struct class panel_class = {
	.name	= "panel",
};

static int __init panel_class_init(void)
{
	return class_register(&panel_class);
}

static void __exit panel_class_exit(void)
{
	class_unregister(&panel_class);
}

module_init(panel_class_init);
module_exit(panel_class_exit);
