#include <linux/module.h>
#include <linux/device.h>

/* The class's address initializes a static object: needs a human. */
static struct class ifc_class = {
	.name	= "ifc",
};

static int ifc_add(struct class_device *cd)
{
	return 0;
}

static struct class_interface ifc_interface = {
	.class	= &ifc_class,
	.add	= ifc_add,
};

static int __init ifc_init(void)
{
	int err;

	err = class_register(&ifc_class);
	if (err)
		return err;
	return class_interface_register(&ifc_interface);
}
module_init(ifc_init);
