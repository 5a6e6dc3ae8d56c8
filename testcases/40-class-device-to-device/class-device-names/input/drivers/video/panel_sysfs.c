#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/panel_fb.h>

static ssize_t show_mode(struct class_device *class_device, char *buf)
{
	struct panel_info *info = class_get_devdata(class_device);

	return sprintf(buf, "%d\n", info->mode);
}

/* Names a dev of its own: its class_device becomes device. */
static ssize_t show_node(struct class_device *class_device, char *buf)
{
	struct panel_info *info = class_get_devdata(class_device);
	struct device *dev = info->device;

	return sprintf(buf, "%d %s\n", info->node, dev->bus_id);
}

/* Names a dev and a device of its own: its class_device stays, for a human. */
static ssize_t show_both(struct class_device *class_device, char *buf)
{
	struct panel_info *info = class_get_devdata(class_device);
	struct device *dev = info->device;
	int device = info->node;

	return sprintf(buf, "%d %s\n", device, dev->bus_id);
}

static CLASS_DEVICE_ATTR(mode, S_IRUGO, show_mode, NULL);
static CLASS_DEVICE_ATTR(node, S_IRUGO, show_node, NULL);
static CLASS_DEVICE_ATTR(both, S_IRUGO, show_both, NULL);

int panel_register(struct panel_info *info, dev_t devt)
{
	/* class_device_create() gives the node its sysfs directory */
	info->class_device = class_device_create(panel_class, NULL, devt, info->device,
						 "panel%d", info->node);
	if (IS_ERR(info->class_device)) {
		printk(KERN_WARNING "panel: no class_device for node %d\n", info->node);
		info->class_device = NULL;
		return -ENODEV;
	}
	class_set_devdata(info->class_device, info);
	return class_device_create_file(info->class_device, &class_device_attr_mode);
}
