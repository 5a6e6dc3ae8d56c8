#include <linux/module.h>
#include <linux/device.h>

/*
 * The release is static here, where the class is defined; hub_core.c
 * registers the class through its own extern declaration, and no header
 * declares it for both files: the assignment after class_create() would
 * name a function hub_core.c cannot see.  Nothing changes (verify holds
 * the files back) and the log says why.
 */
static void hub_cls_release(struct class_device *class_dev)
{
	put_device(class_dev->dev);
}

struct class hub_host_class = {
	.name		= "hub_host",
	.release	= hub_cls_release,
};
