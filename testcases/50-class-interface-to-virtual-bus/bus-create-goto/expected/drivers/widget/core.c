/*
 * core.c -- the widget core: the class and its devices.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have made its class dynamic and its class devices struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/widget.h>

struct class *widget_class;
EXPORT_SYMBOL_GPL(widget_class);

/*
 * The virtual bus of the class above.  Its drivers are what were the
 * interfaces of the class: each device of the class has a mirror on the
 * bus, which no driver binds, and for each driver a twin, which only this
 * driver binds; the driver core calls the probe() and remove() of the
 * driver with the twin, and they call its add() and remove() with the
 * device of the class.
 */
struct widget_bus_dev {
	struct device		dev;
	struct widget_bus_driver	*drv;	/* NULL: the mirror */
};

#define to_widget_bus_dev(d) \
	container_of(d, struct widget_bus_dev, dev)
#define to_widget_bus_driver(d) \
	container_of(d, struct widget_bus_driver, driver)

/* devices and drivers come and go one at a time */
static DECLARE_MUTEX(widget_bus_sem);
/* twins made so far: the first part of their names, unique */
static unsigned int widget_bus_twins;

static int widget_bus_match(struct device *dev, struct device_driver *drv)
{
	struct widget_bus_dev *bdev = to_widget_bus_dev(dev);

	return bdev->drv && &bdev->drv->driver == drv;
}

static int widget_bus_probe(struct device *dev)
{
	struct widget_bus_driver *drv = to_widget_bus_dev(dev)->drv;

	return drv->add ? drv->add(dev->parent, drv) : 0;
}

static int widget_bus_remove(struct device *dev)
{
	struct widget_bus_driver *drv = to_widget_bus_dev(dev)->drv;

	if (drv->remove)
		drv->remove(dev->parent, drv);
	return 0;
}

static void widget_bus_release(struct device *dev)
{
	kfree(to_widget_bus_dev(dev));
}

/*
 * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A
 * failure is reported and otherwise ignored: cdev works without it, as
 * it did when the add() of an interface failed.  Called with the sem
 * held.
 */
static int widget_bus_add_dev(struct device *cdev,
			      struct widget_bus_driver *drv)
{
	struct widget_bus_dev *bdev;
	int error = -ENOMEM;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		goto out;
	bdev->drv = drv;
	bdev->dev.parent = cdev;
	bdev->dev.bus = &widget_bus_type;
	bdev->dev.release = widget_bus_release;
	if (drv)
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%u-%s",
			 widget_bus_twins++, drv->driver.name);
	else
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%s", cdev->bus_id);
	error = device_register(&bdev->dev);
	if (error)
		put_device(&bdev->dev);
out:
	if (error)
		printk(KERN_WARNING "%s: no device for %s on the bus (%d)\n",
		       widget_bus_type.name, cdev->bus_id, error);
	return error;
}

/* bus_for_each_drv(): a new device of the class, its twin for drv */
static int widget_bus_add_twin(struct device_driver *drv, void *cdev)
{
	widget_bus_add_dev(cdev, to_widget_bus_driver(drv));
	return 0;
}

/* bus_for_each_dev(): a new driver, its twin of each mirror */
static int widget_bus_add_twins(struct device *dev, void *drv)
{
	if (!to_widget_bus_dev(dev)->drv)
		widget_bus_add_dev(dev->parent, drv);
	return 0;
}

/* bus_find_device(): the mirror and twins of a device of the class */
static int widget_bus_dev_of(struct device *dev, void *cdev)
{
	return dev->parent == cdev;
}

/* bus_find_device(): the twins of a driver */
static int widget_bus_twin_of(struct device *dev, void *drv)
{
	return to_widget_bus_dev(dev)->drv == drv;
}

/* Take what match() finds off the bus: remove() runs for each twin. */
static void widget_bus_del_devs(void *data,
				int (*match)(struct device *, void *))
{
	struct device *dev;

	while ((dev = bus_find_device(&widget_bus_type, NULL, data, match))) {
		device_unregister(dev);
		put_device(dev);
	}
}

/**
 * widget_bus_add_device - tell the bus drivers of a new device
 * @dev: a device of widget_class, just registered
 *
 * The add() of each driver is called with @dev.
 */
void widget_bus_add_device(struct device *dev)
{
	down(&widget_bus_sem);
	if (!widget_bus_add_dev(dev, NULL))
		bus_for_each_drv(&widget_bus_type, NULL, dev,
				 widget_bus_add_twin);
	up(&widget_bus_sem);
}

/**
 * widget_bus_del_device - tell the bus drivers a device goes
 * @dev: a device of widget_class, still registered
 *
 * The remove() of each driver that was given @dev is called with it.
 */
void widget_bus_del_device(struct device *dev)
{
	down(&widget_bus_sem);
	widget_bus_del_devs(dev, widget_bus_dev_of);
	up(&widget_bus_sem);
}

/**
 * widget_bus_register_driver - register a driver of the bus
 * @drv: its add() is called with each device of widget_class,
 *	present or to come, and its remove() when the device goes
 */
int widget_bus_register_driver(struct widget_bus_driver *drv)
{
	int error;

	drv->driver.bus = &widget_bus_type;
	drv->driver.probe = widget_bus_probe;
	drv->driver.remove = widget_bus_remove;
	down(&widget_bus_sem);
	error = driver_register(&drv->driver);
	if (!error)
		bus_for_each_dev(&widget_bus_type, NULL, drv,
				 widget_bus_add_twins);
	up(&widget_bus_sem);
	return error;
}
EXPORT_SYMBOL_GPL(widget_bus_register_driver);

/**
 * widget_bus_unregister_driver - unregister a driver of the bus
 * @drv: its remove() is called with each device of widget_class
 *	it was given
 */
void widget_bus_unregister_driver(struct widget_bus_driver *drv)
{
	down(&widget_bus_sem);
	widget_bus_del_devs(drv, widget_bus_twin_of);
	driver_unregister(&drv->driver);
	up(&widget_bus_sem);
}
EXPORT_SYMBOL_GPL(widget_bus_unregister_driver);

struct bus_type widget_bus_type = {
	.name	= "widget_bus",
	.match	= widget_bus_match,
};
EXPORT_SYMBOL_GPL(widget_bus_type);

static int widget_next;

int widget_register(struct widget *w, struct device *parent)
{
	int ret;

	w->index = widget_next++;
	device_initialize(&w->cdev);
	w->cdev.class = widget_class;
	w->cdev.parent = parent;
	snprintf(w->cdev.bus_id, BUS_ID_SIZE, "widget%d", w->index);
	ret = device_add(&w->cdev);
	if (ret)
		goto out_put;
	widget_bus_add_device(&w->cdev);
	return 0;

out_put:
	put_device(&w->cdev);
	return ret;
}
EXPORT_SYMBOL_GPL(widget_register);

void widget_unregister(struct widget *w)
{
	widget_bus_del_device(&w->cdev);
	device_del(&w->cdev);
	put_device(&w->cdev);
}
EXPORT_SYMBOL_GPL(widget_unregister);

static int __init widget_init(void)
{
	int err = 0;

	widget_class = class_create(THIS_MODULE, "widget");
	if (IS_ERR(widget_class)) {
		err = PTR_ERR(widget_class);
		goto out;
	}
	err = bus_register(&widget_bus_type);
	if (err) {
		class_destroy(widget_class);
		goto out;
	}
	printk(KERN_INFO "widget: core ready\n");
out:
	return err;
}

static void __exit widget_exit(void)
{
	bus_unregister(&widget_bus_type);
	class_destroy(widget_class);
}

subsys_initcall(widget_init);
module_exit(widget_exit);
MODULE_LICENSE("GPL");
