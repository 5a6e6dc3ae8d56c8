/*
 * class.c -- the clock class: clock devices and the register function of
 * the interfaces that follow them.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once steps 10
 * and 40 have run.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/clock.h>

static struct class *clock_class;

/*
 * The virtual bus of the class above.  Its drivers are what were the
 * interfaces of the class: each device of the class has a mirror on the
 * bus, which no driver binds, and for each driver a twin, which only this
 * driver binds; the driver core calls the probe() and remove() of the
 * driver with the twin, and they call its add() and remove() with the
 * device of the class.
 */
struct clock_bus_dev {
	struct device		dev;
	struct clock_bus_driver	*drv;	/* NULL: the mirror */
};

#define to_clock_bus_dev(d) \
	container_of(d, struct clock_bus_dev, dev)
#define to_clock_bus_driver(d) \
	container_of(d, struct clock_bus_driver, driver)

/* devices and drivers come and go one at a time */
static DECLARE_MUTEX(clock_bus_sem);
/* twins made so far: the first part of their names, unique */
static unsigned int clock_bus_twins;

static int clock_bus_match(struct device *dev, struct device_driver *drv)
{
	struct clock_bus_dev *bdev = to_clock_bus_dev(dev);

	return bdev->drv && &bdev->drv->driver == drv;
}

static int clock_bus_probe(struct device *dev)
{
	struct clock_bus_driver *drv = to_clock_bus_dev(dev)->drv;

	return drv->add ? drv->add(dev->parent, drv) : 0;
}

static int clock_bus_remove(struct device *dev)
{
	struct clock_bus_driver *drv = to_clock_bus_dev(dev)->drv;

	if (drv->remove)
		drv->remove(dev->parent, drv);
	return 0;
}

static void clock_bus_release(struct device *dev)
{
	kfree(to_clock_bus_dev(dev));
}

/*
 * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A
 * failure is reported and otherwise ignored: cdev works without it, as
 * it did when the add() of an interface failed.  Called with the sem
 * held.
 */
static int clock_bus_add_dev(struct device *cdev, struct clock_bus_driver *drv)
{
	struct clock_bus_dev *bdev;
	int error = -ENOMEM;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		goto out;
	bdev->drv = drv;
	bdev->dev.parent = cdev;
	bdev->dev.bus = &clock_bus_type;
	bdev->dev.release = clock_bus_release;
	if (drv)
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%u-%s",
			 clock_bus_twins++, drv->driver.name);
	else
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%s", cdev->bus_id);
	error = device_register(&bdev->dev);
	if (error)
		put_device(&bdev->dev);
out:
	if (error)
		printk(KERN_WARNING "%s: no device for %s on the bus (%d)\n",
		       clock_bus_type.name, cdev->bus_id, error);
	return error;
}

/* bus_for_each_drv(): a new device of the class, its twin for drv */
static int clock_bus_add_twin(struct device_driver *drv, void *cdev)
{
	clock_bus_add_dev(cdev, to_clock_bus_driver(drv));
	return 0;
}

/* bus_for_each_dev(): a new driver, its twin of each mirror */
static int clock_bus_add_twins(struct device *dev, void *drv)
{
	if (!to_clock_bus_dev(dev)->drv)
		clock_bus_add_dev(dev->parent, drv);
	return 0;
}

/* bus_find_device(): the mirror and twins of a device of the class */
static int clock_bus_dev_of(struct device *dev, void *cdev)
{
	return dev->parent == cdev;
}

/* bus_find_device(): the twins of a driver */
static int clock_bus_twin_of(struct device *dev, void *drv)
{
	return to_clock_bus_dev(dev)->drv == drv;
}

/* Take what match() finds off the bus: remove() runs for each twin. */
static void clock_bus_del_devs(void *data,
			       int (*match)(struct device *, void *))
{
	struct device *dev;

	while ((dev = bus_find_device(&clock_bus_type, NULL, data, match))) {
		device_unregister(dev);
		put_device(dev);
	}
}

/**
 * clock_bus_add_device - tell the bus drivers of a new device
 * @dev: a device of clock_class, just registered
 *
 * The add() of each driver is called with @dev.
 */
void clock_bus_add_device(struct device *dev)
{
	down(&clock_bus_sem);
	if (!clock_bus_add_dev(dev, NULL))
		bus_for_each_drv(&clock_bus_type, NULL, dev,
				 clock_bus_add_twin);
	up(&clock_bus_sem);
}

/**
 * clock_bus_del_device - tell the bus drivers a device goes
 * @dev: a device of clock_class, still registered
 *
 * The remove() of each driver that was given @dev is called with it.
 */
void clock_bus_del_device(struct device *dev)
{
	down(&clock_bus_sem);
	clock_bus_del_devs(dev, clock_bus_dev_of);
	up(&clock_bus_sem);
}

/**
 * clock_bus_register_driver - register a driver of the bus
 * @drv: its add() is called with each device of clock_class,
 *	present or to come, and its remove() when the device goes
 */
int clock_bus_register_driver(struct clock_bus_driver *drv)
{
	int error;

	drv->driver.bus = &clock_bus_type;
	drv->driver.probe = clock_bus_probe;
	drv->driver.remove = clock_bus_remove;
	down(&clock_bus_sem);
	error = driver_register(&drv->driver);
	if (!error)
		bus_for_each_dev(&clock_bus_type, NULL, drv,
				 clock_bus_add_twins);
	up(&clock_bus_sem);
	return error;
}
EXPORT_SYMBOL_GPL(clock_bus_register_driver);

/**
 * clock_bus_unregister_driver - unregister a driver of the bus
 * @drv: its remove() is called with each device of clock_class
 *	it was given
 */
void clock_bus_unregister_driver(struct clock_bus_driver *drv)
{
	down(&clock_bus_sem);
	clock_bus_del_devs(drv, clock_bus_twin_of);
	driver_unregister(&drv->driver);
	up(&clock_bus_sem);
}
EXPORT_SYMBOL_GPL(clock_bus_unregister_driver);

struct bus_type clock_bus_type = {
	.name	= "clock_bus",
	.match	= clock_bus_match,
};
EXPORT_SYMBOL_GPL(clock_bus_type);
static int clock_next;

static void clock_device_release(struct device *dev)
{
	kfree(to_clock_device(dev));
}

struct clock_device *clock_device_register(struct device *parent,
					   unsigned long hz)
{
	struct clock_device *clock;
	int err;

	clock = kzalloc(sizeof(*clock), GFP_KERNEL);
	if (!clock)
		return ERR_PTR(-ENOMEM);
	clock->id = clock_next++;
	clock->hz = hz;
	clock->dev.parent = parent;
	clock->dev.class = clock_class;
	clock->dev.release = clock_device_release;
	snprintf(clock->dev.bus_id, BUS_ID_SIZE, "clock%d", clock->id);

	err = device_register(&clock->dev);
	if (err) {
		put_device(&clock->dev);
		return ERR_PTR(err);
	}
	clock_bus_add_device(&clock->dev);
	return clock;
}
EXPORT_SYMBOL_GPL(clock_device_register);

void clock_device_unregister(struct clock_device *clock)
{
	clock_bus_del_device(&clock->dev);
	device_unregister(&clock->dev);
}
EXPORT_SYMBOL_GPL(clock_device_unregister);

int clock_interface_register(struct clock_bus_driver *intf)
{
	return clock_bus_register_driver(intf);
}
EXPORT_SYMBOL_GPL(clock_interface_register);

static int __init clock_init(void)
{
	int err;

	clock_class = class_create(THIS_MODULE, "clock");
	if (IS_ERR(clock_class)) {
		printk(KERN_ERR "clock: no class\n");
		return PTR_ERR(clock_class);
	}
	err = bus_register(&clock_bus_type);
	if (err) {
		class_destroy(clock_class);
		printk(KERN_ERR "clock: no class\n");
		return err;
	}
	return 0;
}

static void __exit clock_exit(void)
{
	bus_unregister(&clock_bus_type);
	class_destroy(clock_class);
}

subsys_initcall(clock_init);
module_exit(clock_exit);
MODULE_LICENSE("GPL");
