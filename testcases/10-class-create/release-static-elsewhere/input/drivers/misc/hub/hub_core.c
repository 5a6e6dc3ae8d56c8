#include <linux/module.h>
#include <linux/init.h>
#include "hub_core.h"

static int __init hub_init(void)
{
	int ret;

	ret = class_register(&hub_host_class);
	if (ret < 0)
		goto exit_class;
	return 0;

exit_class:
	return ret;
}

static void __exit hub_exit(void)
{
	class_unregister(&hub_host_class);
}

module_init(hub_init);
module_exit(hub_exit);
