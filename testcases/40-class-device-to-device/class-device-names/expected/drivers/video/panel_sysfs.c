#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/panel_fb.h>

static ssize_t show_mode(struct device *dev,
			 struct device_attribute *attr, char *buf)
{
	struct panel_info *info = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", info->mode);
}

/* Names a dev of its own: its class_device becomes device. */
static ssize_t show_node(struct device *device,
			 struct device_attribute *attr, char *buf)
{
	struct panel_info *info = dev_get_drvdata(device);
	struct device *dev = info->device;

	return sprintf(buf, "%d %s\n", info->node, dev->bus_id);
}

/* Names a dev and a device of its own: its class_device stays, for a human. */
static ssize_t show_both(struct device *class_device,
			 struct device_attribute *attr, char *buf)
{
	struct panel_info *info = dev_get_drvdata(class_device);
	struct device *dev = info->device;
	int device = info->node;

	return sprintf(buf, "%d %s\n", device, dev->bus_id);
}

static DEVICE_ATTR(mode, S_IRUGO, show_mode, NULL);
static DEVICE_ATTR(node, S_IRUGO, show_node, NULL);
static DEVICE_ATTR(both, S_IRUGO, show_both, NULL);

int panel_register(struct panel_info *info, dev_t devt)
{
	/* class_device_create() gives the node its sysfs directory */
	info->dev = device_create(panel_class, info->device, devt,
				  "panel%d", info->node);
	if (IS_ERR(info->dev)) {
		printk(KERN_WARNING "panel: no class_device for node %d\n", info->node);
		info->dev = NULL;
		return -ENODEV;
	}
	dev_set_drvdata(info->dev, info);
	return device_create_file(info->dev, &dev_attr_mode);
}
