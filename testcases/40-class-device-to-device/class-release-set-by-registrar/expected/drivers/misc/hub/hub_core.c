#include <linux/module.h>
#include <linux/init.h>
#include "hub_core.h"

/*
 * The class's release is set here, where the class is registered: a file
 * without a class device of its own, which names the class object, so the
 * field is renamed with the others.
 */
static int __init hub_init(void)
{
	hub_host_class.dev_release = hub_cls_release;
	return class_register(&hub_host_class);
}

static void __exit hub_exit(void)
{
	class_unregister(&hub_host_class);
}

module_init(hub_init);
module_exit(hub_exit);
