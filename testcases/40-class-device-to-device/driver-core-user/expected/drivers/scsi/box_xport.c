/* A transport that keeps its host attributes in a box container (test input). */
#include <linux/device.h>
#include <linux/box_container.h>

static int xport_match(struct box_container *cont, struct device *dev)
{
	return dev != NULL;
}

static struct box_container xport_container = {
	.match = xport_match,
};

static ssize_t show_speed(struct device *cdev,
			  struct device_attribute *attr, char *buf)
{
	struct box_container *cont = box_container_classdev_to_container(cdev);

	return sprintf(buf, "%d\n", cont == &xport_container);
}
static DEVICE_ATTR(speed, 0444, show_speed, NULL);

int xport_add_host(struct device *dev)
{
	struct device *cdev;
	int err = box_container_add_device(&xport_container, dev);

	if (err)
		return err;
	cdev = box_container_find_class_device(&xport_container, dev);
	return cdev ? device_create_file(cdev, &dev_attr_speed) : 0;
}
