#include <linux/module.h>
#include <linux/device.h>

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

static struct class widget_class = {
	.name			= "widget",
	.owner			= THIS_MODULE,
	.release		= widget_release,
	.class_dev_attrs	= widget_attrs,
};

static int __init widget_init(void)
{
	int ret;

	ret = class_register(&widget_class);
	if (ret < 0)
		goto out;
	ret = widget_probe_all(&widget_class);
	if (ret)
		goto out_class;
	return 0;

out_class:
	class_unregister(&widget_class);
out:
	return ret;
}

static void __exit widget_exit(void)
{
	class_unregister(&widget_class);
}

module_init(widget_init);
module_exit(widget_exit);
