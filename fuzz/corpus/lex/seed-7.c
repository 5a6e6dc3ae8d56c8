#include <linux/module.h>
#include <linux/device.h>

/* A class embedded in a bigger structure: the structure is the object. */
struct fake_transport_class {
	struct class		class;
	int			flags;
};

static struct fake_transport_class fake_host_class = {
	.class = {
		.name = "fake_host",
	},
	.flags = 1,
};

int fake_transport_register(struct fake_transport_class *tclass)
{
	return class_register(&tclass->class);
}

static int __init fake_init(void)
{
	int err;

	err = class_register(&fake_host_class.class);
	if (err)
		return err;
	return 0;
}

static void __exit fake_exit(void)
{
	class_unregister(&fake_host_class.class);
}

module_init(fake_init);
module_exit(fake_exit);
