/*
 * box_container.c: class devices the driver core keeps for its users
 * (test input; the driver core's own user of the class device API).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/box_container.h>

struct internal_box {
	struct box_container *cont;
	struct class_device classdev;
};

static struct internal_box *last_box;

struct box_container *
box_container_classdev_to_container(struct class_device *classdev)
{
	struct internal_box *ib = container_of(classdev, struct internal_box, classdev);

	return ib->cont;
}

static void box_release(struct class_device *classdev)
{
	struct internal_box *ib = container_of(classdev, struct internal_box, classdev);
	struct device *dev = classdev->dev;

	kfree(ib);
	put_device(dev);
}

int box_container_add_class_device(struct class_device *classdev)
{
	return class_device_add(classdev);
}

int box_container_add_device(struct box_container *cont, struct device *dev)
{
	struct internal_box *ib = kmalloc(sizeof(*ib), GFP_KERNEL);

	if (!ib)
		return -ENOMEM;
	ib->cont = cont;
	class_device_initialize(&ib->classdev);
	ib->classdev.dev = get_device(dev);
	ib->classdev.class = cont->class;
	ib->classdev.release = box_release;
	last_box = ib;
	return box_container_add_class_device(&ib->classdev);
}

struct class_device *
box_container_find_class_device(struct box_container *cont, struct device *dev)
{
	if (last_box && last_box->cont == cont && last_box->classdev.dev == dev)
		return &last_box->classdev;
	return NULL;
}
