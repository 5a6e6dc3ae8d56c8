#include <linux/config.h>
#include <linux/module.h>
#include <linux/device.h>

static void ifdef_release(struct class_device *cd)
{
}

/* A field under a condition other than CONFIG_HOTPLUG: so is its assignment. */
static struct class ifdef_class = {
	.name		= "ifdef",
#ifdef CONFIG_IFDEF_RELEASE
	.release	= ifdef_release,
#endif
};

static void fast_release(struct class_device *cd)
{
}

static void slow_release(struct class_device *cd)
{
}

static int alt_hotplug(struct class_device *cd, char **envp, int num_envp,
		       char *buffer, int buffer_size)
{
	return 0;
}

static struct class_device_attribute alt_attrs[] = {
	__ATTR_NULL,
};

/*
 * Alternatives, nesting and a dead branch: the assignments keep the
 * initializer's order and its #if lines; what holds no field goes.
 */
static struct class alt_class = {
	.owner		= THIS_MODULE,
#if defined(CONFIG_ALT_FAST)
	.release	= fast_release,	/* the fast one */
#elif defined(CONFIG_ALT_SLOW)
	.release	= slow_release,
#endif
	.name		= "alt",
#ifndef CONFIG_ALT_NO_HOTPLUG
# ifdef CONFIG_HOTPLUG
	.hotplug	= alt_hotplug,
# endif
#endif
#ifdef CONFIG_ALT_EMPTY
	/* nothing here */
#endif
	.class_dev_attrs = alt_attrs,
};

static int __init condfields_init(void)
{
	int err;

	err = class_register(&ifdef_class);
	if (err)
		return err;
	err = class_register(&alt_class);
	if (err)
		goto out_ifdef;
	return 0;

out_ifdef:
	class_unregister(&ifdef_class);
	return err;
}

static void __exit condfields_exit(void)
{
	class_unregister(&alt_class);
	class_unregister(&ifdef_class);
}

module_init(condfields_init);
module_exit(condfields_exit);
