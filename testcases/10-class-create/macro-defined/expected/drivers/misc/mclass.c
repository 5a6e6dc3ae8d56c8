#include <linux/module.h>
#include <linux/device.h>

#define DECLARE_SIMPLE_CLASS(cls, str)			\
	static struct class cls = {			\
		.name = str,				\
	}

DECLARE_SIMPLE_CLASS(mclass_class, "mclass");

static int __init mclass_init(void)
{
	int err;

	err = class_register(&mclass_class);
	if (err)
		return err;
	return 0;
}

static void __exit mclass_exit(void)
{
	class_unregister(&mclass_class);
}

module_init(mclass_init);
module_exit(mclass_exit);
