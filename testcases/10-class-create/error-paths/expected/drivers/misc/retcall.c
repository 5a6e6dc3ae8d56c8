#include <linux/device.h>
#include <linux/err.h>

static struct class *retcall_class;

int retcall_add(struct class_device *cd)
{
	cd->class = retcall_class;
	return class_device_register(cd);
}

static struct class *retcall_class;

int retcall_sysfs_init(void)
{
	retcall_class = class_create(THIS_MODULE, "retcall");
	if (IS_ERR(retcall_class))
		return PTR_ERR(retcall_class);
	return 0;
}

void retcall_sysfs_exit(void)
{
	class_destroy(retcall_class);
}
