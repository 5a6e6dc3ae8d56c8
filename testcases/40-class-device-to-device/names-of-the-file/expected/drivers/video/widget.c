#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/err.h>

/*
 * Names of the file's own that carry the API's word go with it
 * (class_device_attrs -> device_attrs); names that meet one the file has,
 * names others can see and Kconfig options keep theirs.
 */

static struct class *widget_class;
static struct device *widget_device;

#define WIDGET_DEVICE_ATTR(_name, _mode, _show, _store)		\
	struct device_attribute dev_attr_widget_##_name =		\
		__ATTR(_name, _mode, _show, _store)

static ssize_t show_rotate(struct device *cd,
			   struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", 0);
}

static WIDGET_DEVICE_ATTR(rotate, S_IRUGO, show_rotate, NULL);

static struct device_attribute *device_attrs[] = {
	&dev_attr_widget_rotate,
};

static int widget_init_device(void)
{
	int i, error = 0;

	for (i = 0; i < ARRAY_SIZE(device_attrs); i++) {
		error = device_create_file(widget_device, device_attrs[i]);
		if (error)
			break;
	}
	return error;
}

/* Keeps its name: widget_add_device is taken. */
static int widget_add_class_device(void)
{
	return widget_init_device();
}

int widget_add_device(void)
{
	return widget_add_class_device();
}

/* Not the file's own: others may call it. */
int widget_register_class_device(void)
{
	widget_device = device_create(widget_class, NULL, MKDEV(0, 0),
				      "widget");
	if (IS_ERR(widget_device)) {
		printk(KERN_WARNING "Unable to create class_device for widget\n");
		return PTR_ERR(widget_device);
	}
	return widget_add_device();
}

#if defined(CONFIG_WIDGET_CLASS_DEVICE) || defined(CONFIG_WIDGET_CLASS_DEVICE_MODULE)
int widget_has_class = 1;
#endif
