/*
 * gizmo.c -- the gizmo core: every gizmo is a device of gizmo_class.  The
 * gizmo monitor, which counts the gizmos, hears of them through a class
 * interface defined in this file too.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has made its class devices struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/device.h>

struct gizmo {
	int		id;
	struct device	dev;
};

static struct class *gizmo_class;

/*
 * The virtual bus of the class above.  Its drivers are what were the
 * interfaces of the class: each device of the class has a mirror on the
 * bus, which no driver binds, and for each driver a twin, which only this
 * driver binds; the driver core calls the probe() and remove() of the
 * driver with the twin, and they call its add() and remove() with the
 * device of the class.
 */
struct gizmo_bus_driver {
	int (*add)(struct device *dev, struct gizmo_bus_driver *drv);
	void (*remove)(struct device *dev, struct gizmo_bus_driver *drv);
	struct device_driver driver;
};

struct gizmo_bus_dev {
	struct device		dev;
	struct gizmo_bus_driver	*drv;	/* NULL: the mirror */
};

#define to_gizmo_bus_dev(d) \
	container_of(d, struct gizmo_bus_dev, dev)
#define to_gizmo_bus_driver(d) \
	container_of(d, struct gizmo_bus_driver, driver)

static struct bus_type gizmo_bus_type;

/* devices and drivers come and go one at a time */
static DECLARE_MUTEX(gizmo_bus_sem);
/* twins made so far: the first part of their names, unique */
static unsigned int gizmo_bus_twins;

static int gizmo_bus_match(struct device *dev, struct device_driver *drv)
{
	struct gizmo_bus_dev *bdev = to_gizmo_bus_dev(dev);

	return bdev->drv && &bdev->drv->driver == drv;
}

static int gizmo_bus_probe(struct device *dev)
{
	struct gizmo_bus_driver *drv = to_gizmo_bus_dev(dev)->drv;

	return drv->add ? drv->add(dev->parent, drv) : 0;
}

static int gizmo_bus_remove(struct device *dev)
{
	struct gizmo_bus_driver *drv = to_gizmo_bus_dev(dev)->drv;

	if (drv->remove)
		drv->remove(dev->parent, drv);
	return 0;
}

static void gizmo_bus_release(struct device *dev)
{
	kfree(to_gizmo_bus_dev(dev));
}

/*
 * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A
 * failure is reported and otherwise ignored: cdev works without it, as
 * it did when the add() of an interface failed.  Called with the sem
 * held.
 */
static int gizmo_bus_add_dev(struct device *cdev, struct gizmo_bus_driver *drv)
{
	struct gizmo_bus_dev *bdev;
	int error = -ENOMEM;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		goto out;
	bdev->drv = drv;
	bdev->dev.parent = cdev;
	bdev->dev.bus = &gizmo_bus_type;
	bdev->dev.release = gizmo_bus_release;
	if (drv)
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%u-%s",
			 gizmo_bus_twins++, drv->driver.name);
	else
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%s", cdev->bus_id);
	error = device_register(&bdev->dev);
	if (error)
		put_device(&bdev->dev);
out:
	if (error)
		printk(KERN_WARNING "%s: no device for %s on the bus (%d)\n",
		       gizmo_bus_type.name, cdev->bus_id, error);
	return error;
}

/* bus_for_each_drv(): a new device of the class, its twin for drv */
static int gizmo_bus_add_twin(struct device_driver *drv, void *cdev)
{
	gizmo_bus_add_dev(cdev, to_gizmo_bus_driver(drv));
	return 0;
}

/* bus_for_each_dev(): a new driver, its twin of each mirror */
static int gizmo_bus_add_twins(struct device *dev, void *drv)
{
	if (!to_gizmo_bus_dev(dev)->drv)
		gizmo_bus_add_dev(dev->parent, drv);
	return 0;
}

/* bus_find_device(): the mirror and twins of a device of the class */
static int gizmo_bus_dev_of(struct device *dev, void *cdev)
{
	return dev->parent == cdev;
}

/* bus_find_device(): the twins of a driver */
static int gizmo_bus_twin_of(struct device *dev, void *drv)
{
	return to_gizmo_bus_dev(dev)->drv == drv;
}

/* Take what match() finds off the bus: remove() runs for each twin. */
static void gizmo_bus_del_devs(void *data,
			       int (*match)(struct device *, void *))
{
	struct device *dev;

	while ((dev = bus_find_device(&gizmo_bus_type, NULL, data, match))) {
		device_unregister(dev);
		put_device(dev);
	}
}

/**
 * gizmo_bus_add_device - tell the bus drivers of a new device
 * @dev: a device of gizmo_class, just registered
 *
 * The add() of each driver is called with @dev.
 */
static void gizmo_bus_add_device(struct device *dev)
{
	down(&gizmo_bus_sem);
	if (!gizmo_bus_add_dev(dev, NULL))
		bus_for_each_drv(&gizmo_bus_type, NULL, dev,
				 gizmo_bus_add_twin);
	up(&gizmo_bus_sem);
}

/**
 * gizmo_bus_del_device - tell the bus drivers a device goes
 * @dev: a device of gizmo_class, still registered
 *
 * The remove() of each driver that was given @dev is called with it.
 */
static void gizmo_bus_del_device(struct device *dev)
{
	down(&gizmo_bus_sem);
	gizmo_bus_del_devs(dev, gizmo_bus_dev_of);
	up(&gizmo_bus_sem);
}

/**
 * gizmo_bus_register_driver - register a driver of the bus
 * @drv: its add() is called with each device of gizmo_class,
 *	present or to come, and its remove() when the device goes
 */
static int gizmo_bus_register_driver(struct gizmo_bus_driver *drv)
{
	int error;

	drv->driver.bus = &gizmo_bus_type;
	drv->driver.probe = gizmo_bus_probe;
	drv->driver.remove = gizmo_bus_remove;
	down(&gizmo_bus_sem);
	error = driver_register(&drv->driver);
	if (!error)
		bus_for_each_dev(&gizmo_bus_type, NULL, drv,
				 gizmo_bus_add_twins);
	up(&gizmo_bus_sem);
	return error;
}

/**
 * gizmo_bus_unregister_driver - unregister a driver of the bus
 * @drv: its remove() is called with each device of gizmo_class
 *	it was given
 */
static void gizmo_bus_unregister_driver(struct gizmo_bus_driver *drv)
{
	down(&gizmo_bus_sem);
	gizmo_bus_del_devs(drv, gizmo_bus_twin_of);
	driver_unregister(&drv->driver);
	up(&gizmo_bus_sem);
}

static struct bus_type gizmo_bus_type = {
	.name	= "gizmo_bus",
	.match	= gizmo_bus_match,
};

static int gizmo_count;

static int gizmo_monitor_add(struct device *dev,
			     struct gizmo_bus_driver *intf)
{
	gizmo_count++;
	printk(KERN_INFO "gizmo: %s arrived, %d now\n", dev->bus_id,
	       gizmo_count);
	return 0;
}

static void gizmo_monitor_remove(struct device *dev,
				 struct gizmo_bus_driver *intf)
{
	gizmo_count--;
}

static struct gizmo_bus_driver gizmo_monitor_driver = {
	.add	= gizmo_monitor_add,
	.remove	= gizmo_monitor_remove,
	.driver = {
		.name = "gizmo_monitor",
	},
};

static void gizmo_release(struct device *dev)
{
	kfree(container_of(dev, struct gizmo, dev));
}

struct gizmo *gizmo_register(struct device *parent, int id)
{
	struct gizmo *g;
	int err;

	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return ERR_PTR(-ENOMEM);
	g->id = id;
	g->dev.parent = parent;
	g->dev.class = gizmo_class;
	g->dev.release = gizmo_release;
	snprintf(g->dev.bus_id, BUS_ID_SIZE, "gizmo%d", id);
	err = device_register(&g->dev);
	if (err) {
		put_device(&g->dev);
		return ERR_PTR(err);
	}
	gizmo_bus_add_device(&g->dev);
	return g;
}
EXPORT_SYMBOL_GPL(gizmo_register);

void gizmo_unregister(struct gizmo *g)
{
	gizmo_bus_del_device(&g->dev);
	device_unregister(&g->dev);
}
EXPORT_SYMBOL_GPL(gizmo_unregister);

static int __init gizmo_init(void)
{
	gizmo_class = class_create(THIS_MODULE, "gizmo");
	if (IS_ERR(gizmo_class))
		goto fail;
	if (bus_register(&gizmo_bus_type)) {
		class_destroy(gizmo_class);
		goto fail;
	}
	if (gizmo_bus_register_driver(&gizmo_monitor_driver))
		goto fail_class;
	return 0;

fail_class:
	bus_unregister(&gizmo_bus_type);
	class_destroy(gizmo_class);
fail:
	printk(KERN_ERR "gizmo: no class\n");
	return -ENODEV;
}

static void __exit gizmo_exit(void)
{
	gizmo_bus_unregister_driver(&gizmo_monitor_driver);
	bus_unregister(&gizmo_bus_type);
	class_destroy(gizmo_class);
}

module_init(gizmo_init);
module_exit(gizmo_exit);
MODULE_LICENSE("GPL");
