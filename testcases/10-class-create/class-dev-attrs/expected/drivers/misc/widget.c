#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static ssize_t show_level(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", 1);
}

static struct class_device_attribute widget_attrs[] = {
	__ATTR(level, S_IRUGO, show_level, NULL),
	__ATTR_NULL,
};

static void widget_release(struct class_device *cd)
{
	kfree(class_get_devdata(cd));
}

static struct class *widget_class;

static int __init widget_init(void)
{
	int ret;

	widget_class = class_create(THIS_MODULE, "widget");
	if (IS_ERR(widget_class)) {
		ret = PTR_ERR(widget_class);
		goto out;
	}
	widget_class->release = widget_release;
	widget_class->class_dev_attrs = widget_attrs;
	ret = widget_probe_all(widget_class);
	if (ret)
		goto out_class;
	return 0;

out_class:
	class_destroy(widget_class);
out:
	return ret;
}

static void __exit widget_exit(void)
{
	class_destroy(widget_class);
}

module_init(widget_init);
module_exit(widget_exit);
