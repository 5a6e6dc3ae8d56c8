#include <linux/module.h>
#include <linux/init.h>
#include <linux/err.h>
#include "hub_core.h"

static int __init hub_init(void)
{
	int ret;

	hub_host_class = class_create(THIS_MODULE, "hub_host");
	if (IS_ERR(hub_host_class)) {
		ret = PTR_ERR(hub_host_class);
		goto exit_class;
	}
	hub_host_class->release = hub_cls_release;
	return 0;

exit_class:
	return ret;
}

static void __exit hub_exit(void)
{
	class_destroy(hub_host_class);
}

module_init(hub_init);
module_exit(hub_exit);
