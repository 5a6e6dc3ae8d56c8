#include <linux/device.h>

static struct class retcall_class;

int retcall_add(struct class_device *cd)
{
	cd->class = &retcall_class;
	return class_device_register(cd);
}

static struct class retcall_class = {
	.name	= "retcall",
};

int retcall_sysfs_init(void)
{
	return class_register(&retcall_class);
}

void retcall_sysfs_exit(void)
{
	class_unregister(&retcall_class);
}
