#include <linux/module.h>
#include <linux/device.h>

static struct class_attribute attrs_class_attrs[] = {
	__ATTR_NULL,
};

/* Class attributes are created at registration: too early to assign. */
static struct class attrs_class = {
	.name		= "attrs",
	.class_attrs	= attrs_class_attrs,
};

/* No name. */
static struct class anon_class = {
	.owner		= THIS_MODULE,
};

static int __init fields_init(void)
{
	int err;

	err = class_register(&attrs_class);
	if (err)
		return err;
	err = class_register(&anon_class);
	if (err)
		goto out_attrs;
	return 0;

out_attrs:
	class_unregister(&attrs_class);
	return err;
}
module_init(fields_init);
