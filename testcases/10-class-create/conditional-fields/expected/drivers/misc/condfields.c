#include <linux/config.h>
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static void ifdef_release(struct class_device *cd)
{
}

/* A field under a condition other than CONFIG_HOTPLUG: so is its assignment. */
static struct class *ifdef_class;

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
static struct class *alt_class;

static int __init condfields_init(void)
{
	int err;

	ifdef_class = class_create(THIS_MODULE, "ifdef");
	if (IS_ERR(ifdef_class))
		return PTR_ERR(ifdef_class);
#ifdef CONFIG_IFDEF_RELEASE
	ifdef_class->release = ifdef_release;
#endif
	alt_class = class_create(THIS_MODULE, "alt");
	if (IS_ERR(alt_class)) {
		err = PTR_ERR(alt_class);
		goto out_ifdef;
	}
#if defined(CONFIG_ALT_FAST)
	alt_class->release = fast_release;
#elif defined(CONFIG_ALT_SLOW)
	alt_class->release = slow_release;
#endif
#ifndef CONFIG_ALT_NO_HOTPLUG
# ifdef CONFIG_HOTPLUG
	alt_class->hotplug = alt_hotplug;
# endif
#endif
	alt_class->class_dev_attrs = alt_attrs;
	return 0;

out_ifdef:
	class_destroy(ifdef_class);
	return err;
}

static void __exit condfields_exit(void)
{
	class_destroy(alt_class);
	class_destroy(ifdef_class);
}

module_init(condfields_init);
module_exit(condfields_exit);
