/*
 * knob-core.c -- the knob class and its devices.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver; step 10 left
 * the class static because of its class_release.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/knob.h>

static void knob_class_release(struct class *cls)
{
	printk(KERN_DEBUG "knob: class gone\n");
}

struct class knob_class = {
	.name		= "knob",
	.class_release	= knob_class_release,
};

/*
 * The virtual bus of the class above.  Its drivers are what were the
 * interfaces of the class: each device of the class has a mirror on the
 * bus, which no driver binds, and for each driver a twin, which only this
 * driver binds; the driver core calls the probe() and remove() of the
 * driver with the twin, and they call its add() and remove() with the
 * device of the class.
 */
struct knob_bus_dev {
	struct device		dev;
	struct knob_bus_driver	*drv;	/* NULL: the mirror */
};

#define to_knob_bus_dev(d) \
	container_of(d, struct knob_bus_dev, dev)
#define to_knob_bus_driver(d) \
	container_of(d, struct knob_bus_driver, driver)

/* devices and drivers come and go one at a time */
static DECLARE_MUTEX(knob_bus_sem);
/* twins made so far: the first part of their names, unique */
static unsigned int knob_bus_twins;

static int knob_bus_match(struct device *dev, struct device_driver *drv)
{
	struct knob_bus_dev *bdev = to_knob_bus_dev(dev);

	return bdev->drv && &bdev->drv->driver == drv;
}

static int knob_bus_probe(struct device *dev)
{
	struct knob_bus_driver *drv = to_knob_bus_dev(dev)->drv;

	return drv->add ? drv->add(dev->parent, drv) : 0;
}

static int knob_bus_remove(struct device *dev)
{
	struct knob_bus_driver *drv = to_knob_bus_dev(dev)->drv;

	if (drv->remove)
		drv->remove(dev->parent, drv);
	return 0;
}

static void knob_bus_release(struct device *dev)
{
	kfree(to_knob_bus_dev(dev));
}

/*
 * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A
 * failure is reported and otherwise ignored: cdev works without it, as
 * it did when the add() of an interface failed.  Called with the sem
 * held.
 */
static int knob_bus_add_dev(struct device *cdev, struct knob_bus_driver *drv)
{
	struct knob_bus_dev *bdev;
	int error = -ENOMEM;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		goto out;
	bdev->drv = drv;
	bdev->dev.parent = cdev;
	bdev->dev.bus = &knob_bus_type;
	bdev->dev.release = knob_bus_release;
	if (drv)
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%u-%s",
			 knob_bus_twins++, drv->driver.name);
	else
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%s", cdev->bus_id);
	error = device_register(&bdev->dev);
	if (error)
		put_device(&bdev->dev);
out:
	if (error)
		printk(KERN_WARNING "%s: no device for %s on the bus (%d)\n",
		       knob_bus_type.name, cdev->bus_id, error);
	return error;
}

/* bus_for_each_drv(): a new device of the class, its twin for drv */
static int knob_bus_add_twin(struct device_driver *drv, void *cdev)
{
	knob_bus_add_dev(cdev, to_knob_bus_driver(drv));
	return 0;
}

/* bus_for_each_dev(): a new driver, its twin of each mirror */
static int knob_bus_add_twins(struct device *dev, void *drv)
{
	if (!to_knob_bus_dev(dev)->drv)
		knob_bus_add_dev(dev->parent, drv);
	return 0;
}

/* bus_find_device(): the mirror and twins of a device of the class */
static int knob_bus_dev_of(struct device *dev, void *cdev)
{
	return dev->parent == cdev;
}

/* bus_find_device(): the twins of a driver */
static int knob_bus_twin_of(struct device *dev, void *drv)
{
	return to_knob_bus_dev(dev)->drv == drv;
}

/* Take what match() finds off the bus: remove() runs for each twin. */
static void knob_bus_del_devs(void *data, int (*match)(struct device *, void *))
{
	struct device *dev;

	while ((dev = bus_find_device(&knob_bus_type, NULL, data, match))) {
		device_unregister(dev);
		put_device(dev);
	}
}

/**
 * knob_bus_add_device - tell the bus drivers of a new device
 * @dev: a device of knob_class, just registered
 *
 * The add() of each driver is called with @dev.
 */
void knob_bus_add_device(struct device *dev)
{
	down(&knob_bus_sem);
	if (!knob_bus_add_dev(dev, NULL))
		bus_for_each_drv(&knob_bus_type, NULL, dev, knob_bus_add_twin);
	up(&knob_bus_sem);
}

/**
 * knob_bus_del_device - tell the bus drivers a device goes
 * @dev: a device of knob_class, still registered
 *
 * The remove() of each driver that was given @dev is called with it.
 */
void knob_bus_del_device(struct device *dev)
{
	down(&knob_bus_sem);
	knob_bus_del_devs(dev, knob_bus_dev_of);
	up(&knob_bus_sem);
}

/**
 * knob_bus_register_driver - register a driver of the bus
 * @drv: its add() is called with each device of knob_class,
 *	present or to come, and its remove() when the device goes
 */
int knob_bus_register_driver(struct knob_bus_driver *drv)
{
	int error;

	drv->driver.bus = &knob_bus_type;
	drv->driver.probe = knob_bus_probe;
	drv->driver.remove = knob_bus_remove;
	down(&knob_bus_sem);
	error = driver_register(&drv->driver);
	if (!error)
		bus_for_each_dev(&knob_bus_type, NULL, drv, knob_bus_add_twins);
	up(&knob_bus_sem);
	return error;
}

/**
 * knob_bus_unregister_driver - unregister a driver of the bus
 * @drv: its remove() is called with each device of knob_class
 *	it was given
 */
void knob_bus_unregister_driver(struct knob_bus_driver *drv)
{
	down(&knob_bus_sem);
	knob_bus_del_devs(drv, knob_bus_twin_of);
	driver_unregister(&drv->driver);
	up(&knob_bus_sem);
}

struct bus_type knob_bus_type = {
	.name	= "knob_bus",
	.match	= knob_bus_match,
};

static int knob_count;

int knob_add(struct knob *k)
{
	int rc;

	k->dev.class = &knob_class;
	snprintf(k->dev.bus_id, BUS_ID_SIZE, "knob%d", knob_count++);
	rc = device_register(&k->dev);
	if (rc)
		return rc;
	knob_bus_add_device(&k->dev);
	return 0;
}

void knob_remove(struct knob *k)
{
	knob_bus_del_device(&k->dev);
	device_unregister(&k->dev);
}

static int __init knob_init(void)
{
	int rc;

	rc = class_register(&knob_class);
	if (rc) {
		printk(KERN_ERR "knob: no class (%d)\n", rc);
		return rc;
	}
	rc = bus_register(&knob_bus_type);
	if (rc) {
		class_unregister(&knob_class);
		printk(KERN_ERR "knob: no class (%d)\n", rc);
		return rc;
	}
	return 0;
}

static void __exit knob_exit(void)
{
	bus_unregister(&knob_bus_type);
	class_unregister(&knob_class);
}

subsys_initcall(knob_init);
module_exit(knob_exit);
MODULE_LICENSE("GPL");
