#include <linux/config.h>
#include <linux/module.h>
#include <linux/device.h>

/*
 * The name is class_create()'s argument: under an #if it cannot move
 * there.  The rules do not see the #else branch, so the class looks
 * convertible; the C rewriter sees it and refuses the step (exit 1,
 * nothing written).
 */
static struct class condname_class = {
#ifdef CONFIG_CONDNAME_LEGACY
	.name	= "condname_legacy",
#else
	.name	= "condname",
#endif
};

static int __init condname_init(void)
{
	return class_register(&condname_class);
}

static void __exit condname_exit(void)
{
	class_unregister(&condname_class);
}

module_init(condname_init);
module_exit(condname_exit);
