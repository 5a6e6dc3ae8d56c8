#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *errgoto_class;

static int errgoto_ready;

/* The success path reaches "return err" with err untouched. */
static int __init errgoto_init(void)
{
	int err;

	errgoto_class = class_create(THIS_MODULE, "errgoto");
	if (IS_ERR(errgoto_class)) {
		err = PTR_ERR(errgoto_class);
		goto out;
	}
	err = 0;
	if (!errgoto_ready)
		goto out;
	errgoto_ready = 2;
out:
	return err;
}

/* Here the success path writes err before reading it. */
static int __init errgoto_probe_init(void)
{
	int err;

	errgoto_class = class_create(THIS_MODULE, "errgoto");
	if (IS_ERR(errgoto_class)) {
		err = PTR_ERR(errgoto_class);
		goto out;
	}
	err = errgoto_probe();
	if (err)
		class_destroy(errgoto_class);
out:
	return err;
}

static void __exit errgoto_exit(void)
{
	class_destroy(errgoto_class);
}
module_init(errgoto_init);
module_exit(errgoto_exit);
