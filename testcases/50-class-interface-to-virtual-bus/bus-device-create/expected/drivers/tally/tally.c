/*
 * tally.c -- a class whose devices are made by device_create() and taken
 * away by device_destroy(), with its interface in the same file.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>
#include <linux/slab.h>

#define TALLY_MAJOR	240

static struct class *tally_class;

/*
 * The virtual bus of the class above.  Its drivers are what were the
 * interfaces of the class: each device of the class has a mirror on the
 * bus, which no driver binds, and for each driver a twin, which only this
 * driver binds; the driver core calls the probe() and remove() of the
 * driver with the twin, and they call its add() and remove() with the
 * device of the class.
 */
struct tally_bus_driver {
	int (*add)(struct device *dev, struct tally_bus_driver *drv);
	void (*remove)(struct device *dev, struct tally_bus_driver *drv);
	struct device_driver driver;
};

struct tally_bus_dev {
	struct device		dev;
	struct tally_bus_driver	*drv;	/* NULL: the mirror */
};

#define to_tally_bus_dev(d) \
	container_of(d, struct tally_bus_dev, dev)
#define to_tally_bus_driver(d) \
	container_of(d, struct tally_bus_driver, driver)

static struct bus_type tally_bus_type;

/* devices and drivers come and go one at a time */
static DECLARE_MUTEX(tally_bus_sem);
/* twins made so far: the first part of their names, unique */
static unsigned int tally_bus_twins;

static int tally_bus_match(struct device *dev, struct device_driver *drv)
{
	struct tally_bus_dev *bdev = to_tally_bus_dev(dev);

	return bdev->drv && &bdev->drv->driver == drv;
}

static int tally_bus_probe(struct device *dev)
{
	struct tally_bus_driver *drv = to_tally_bus_dev(dev)->drv;

	return drv->add ? drv->add(dev->parent, drv) : 0;
}

static int tally_bus_remove(struct device *dev)
{
	struct tally_bus_driver *drv = to_tally_bus_dev(dev)->drv;

	if (drv->remove)
		drv->remove(dev->parent, drv);
	return 0;
}

static void tally_bus_release(struct device *dev)
{
	kfree(to_tally_bus_dev(dev));
}

/*
 * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A
 * failure is reported and otherwise ignored: cdev works without it, as
 * it did when the add() of an interface failed.  Called with the sem
 * held.
 */
static int tally_bus_add_dev(struct device *cdev, struct tally_bus_driver *drv)
{
	struct tally_bus_dev *bdev;
	int error = -ENOMEM;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		goto out;
	bdev->drv = drv;
	bdev->dev.parent = cdev;
	bdev->dev.bus = &tally_bus_type;
	bdev->dev.release = tally_bus_release;
	if (drv)
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%u-%s",
			 tally_bus_twins++, drv->driver.name);
	else
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%s", cdev->bus_id);
	error = device_register(&bdev->dev);
	if (error)
		put_device(&bdev->dev);
out:
	if (error)
		printk(KERN_WARNING "%s: no device for %s on the bus (%d)\n",
		       tally_bus_type.name, cdev->bus_id, error);
	return error;
}

/* bus_for_each_drv(): a new device of the class, its twin for drv */
static int tally_bus_add_twin(struct device_driver *drv, void *cdev)
{
	tally_bus_add_dev(cdev, to_tally_bus_driver(drv));
	return 0;
}

/* bus_for_each_dev(): a new driver, its twin of each mirror */
static int tally_bus_add_twins(struct device *dev, void *drv)
{
	if (!to_tally_bus_dev(dev)->drv)
		tally_bus_add_dev(dev->parent, drv);
	return 0;
}

/* bus_find_device(): the mirror and twins of a device of the class */
static int tally_bus_dev_of(struct device *dev, void *cdev)
{
	return dev->parent == cdev;
}

/* bus_find_device(): the twins of a driver */
static int tally_bus_twin_of(struct device *dev, void *drv)
{
	return to_tally_bus_dev(dev)->drv == drv;
}

/* Take what match() finds off the bus: remove() runs for each twin. */
static void tally_bus_del_devs(void *data,
			       int (*match)(struct device *, void *))
{
	struct device *dev;

	while ((dev = bus_find_device(&tally_bus_type, NULL, data, match))) {
		device_unregister(dev);
		put_device(dev);
	}
}

/**
 * tally_bus_add_device - tell the bus drivers of a new device
 * @dev: a device of tally_class, just registered
 *
 * The add() of each driver is called with @dev.
 */
static void tally_bus_add_device(struct device *dev)
{
	down(&tally_bus_sem);
	if (!tally_bus_add_dev(dev, NULL))
		bus_for_each_drv(&tally_bus_type, NULL, dev,
				 tally_bus_add_twin);
	up(&tally_bus_sem);
}

/**
 * tally_bus_del_device - tell the bus drivers a device goes
 * @dev: a device of tally_class, still registered
 *
 * The remove() of each driver that was given @dev is called with it.
 */
static void tally_bus_del_device(struct device *dev)
{
	down(&tally_bus_sem);
	tally_bus_del_devs(dev, tally_bus_dev_of);
	up(&tally_bus_sem);
}

/* bus_find_device(): the mirror and twins of the device of a dev_t */
static int tally_bus_devt_of(struct device *dev, void *devt)
{
	return dev->parent->devt == *(dev_t *)devt;
}

/**
 * tally_bus_del_devt - tell the bus drivers a device goes
 * @devt: the dev_t of a device of tally_class, before device_destroy()
 *
 * The remove() of each driver that was given the device is called
 * with it.
 */
static void tally_bus_del_devt(dev_t devt)
{
	down(&tally_bus_sem);
	tally_bus_del_devs(&devt, tally_bus_devt_of);
	up(&tally_bus_sem);
}

/**
 * tally_bus_register_driver - register a driver of the bus
 * @drv: its add() is called with each device of tally_class,
 *	present or to come, and its remove() when the device goes
 */
static int tally_bus_register_driver(struct tally_bus_driver *drv)
{
	int error;

	drv->driver.bus = &tally_bus_type;
	drv->driver.probe = tally_bus_probe;
	drv->driver.remove = tally_bus_remove;
	down(&tally_bus_sem);
	error = driver_register(&drv->driver);
	if (!error)
		bus_for_each_dev(&tally_bus_type, NULL, drv,
				 tally_bus_add_twins);
	up(&tally_bus_sem);
	return error;
}

/**
 * tally_bus_unregister_driver - unregister a driver of the bus
 * @drv: its remove() is called with each device of tally_class
 *	it was given
 */
static void tally_bus_unregister_driver(struct tally_bus_driver *drv)
{
	down(&tally_bus_sem);
	tally_bus_del_devs(drv, tally_bus_twin_of);
	driver_unregister(&drv->driver);
	up(&tally_bus_sem);
}

static struct bus_type tally_bus_type = {
	.name	= "tally_bus",
	.match	= tally_bus_match,
};
static int tally_seen;

static int tally_add(struct device *dev, struct tally_bus_driver *intf)
{
	tally_seen++;
	return 0;
}

static struct tally_bus_driver tally_driver = {
	.add	= tally_add,
	.driver = {
		.name = "tally",
	},
};

static int __init tally_init(void)
{
	struct device *dev;
	int err;

	tally_class = class_create(THIS_MODULE, "tally");
	if (IS_ERR(tally_class))
		return PTR_ERR(tally_class);
	err = bus_register(&tally_bus_type);
	if (err) {
		class_destroy(tally_class);
		return err;
	}
	err = tally_bus_register_driver(&tally_driver);
	if (err)
		goto out_class;
	dev = device_create(tally_class, NULL, MKDEV(TALLY_MAJOR, 0), "tally");
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out_intf;
	}
	tally_bus_add_device(dev);
	return 0;

out_intf:
	tally_bus_unregister_driver(&tally_driver);
out_class:
	bus_unregister(&tally_bus_type);
	class_destroy(tally_class);
	return err;
}

static void __exit tally_exit(void)
{
	tally_bus_del_devt(MKDEV(TALLY_MAJOR, 0));
	device_destroy(tally_class, MKDEV(TALLY_MAJOR, 0));
	tally_bus_unregister_driver(&tally_driver);
	bus_unregister(&tally_bus_type);
	class_destroy(tally_class);
}

module_init(tally_init);
module_exit(tally_exit);
MODULE_LICENSE("GPL");
