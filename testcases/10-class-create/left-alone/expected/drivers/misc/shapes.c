#include <linux/module.h>
#include <linux/device.h>

static int odd_ready;

/* Registration checked in a shape the rule does not know. */
static struct class odd_class = {
	.name	= "odd",
};

static int __init odd_init(void)
{
	int err;

	err = class_register(&odd_class);
	if (!err)
		odd_ready = 1;
	return err;
}

/* One known shape and one unknown one. */
static struct class twice_class = {
	.name	= "twice",
};

static int __init twice_init(void)
{
	if (class_register(&twice_class))
		return -ENODEV;
	return 0;
}

static int twice_resume(void)
{
	printk("twice: %d\n", class_register(&twice_class));
	return 0;
}

/* Unchecked registration of a class whose release must be assigned. */
static void bare_release(struct class_device *cd)
{
}

static struct class bare_class = {
	.name		= "bare",
	.release	= bare_release,
};

static int __init bare_init(void)
{
	class_register(&bare_class);
	return 0;
}

/* Never registered here: registered through a helper. */
static struct class helper_class = {
	.name	= "helper",
};

static int __init helper_init(void)
{
	return my_class_register_helper(&helper_class);
}
