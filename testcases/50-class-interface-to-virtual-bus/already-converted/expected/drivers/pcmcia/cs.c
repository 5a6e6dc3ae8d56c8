/*
 * cs.c -- Kernel Card Services - core services
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.
 *
 * The initial developer of the original code is David A. Hinds
 * <dahinds@users.sourceforge.net>.  Portions created by David A. Hinds
 * are Copyright (C) 1999 David A. Hinds.  All Rights Reserved.
 *
 * (C) 1999		David A. Hinds
 *
 * (Reduced for the mini tree: socket registration.  Every socket is a
 * class device of pcmcia_socket_class, whose own release and
 * class_release are custom.)
 */

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/device.h>

#include <pcmcia/ss.h>

/* Module parameters */

MODULE_AUTHOR("David Hinds <dahinds@users.sourceforge.net>");
MODULE_DESCRIPTION("Linux Kernel Card Services");
MODULE_LICENSE("GPL");

/* List of all sockets, protected by a rwsem */
LIST_HEAD(pcmcia_socket_list);
EXPORT_SYMBOL(pcmcia_socket_list);

static int socket_count;

static void pcmcia_release_socket(struct device *class_dev)
{
	struct pcmcia_socket *socket = dev_get_drvdata(class_dev);

	/* the socket driver owns the memory; only wake the waiter up */
	socket->state = 0;
	up(&socket->skt_sem);
}

static void pcmcia_release_socket_class(struct class *data)
{
	/* nothing to free: the class is static, this only marks it gone */
	printk(KERN_DEBUG "pcmcia: socket class released\n");
}

struct class pcmcia_socket_class = {
	.name = "pcmcia_socket",
	.dev_release = pcmcia_release_socket,
	.class_release = pcmcia_release_socket_class,
};
EXPORT_SYMBOL(pcmcia_socket_class);

/*
 * The virtual bus of the class above.  Its drivers are what were the
 * interfaces of the class: each device of the class has a mirror on the
 * bus, which no driver binds, and for each driver a twin, which only this
 * driver binds; the driver core calls the probe() and remove() of the
 * driver with the twin, and they call its add() and remove() with the
 * device of the class.
 */
struct pcmcia_socket_bus_dev {
	struct device		dev;
	struct pcmcia_socket_bus_driver	*drv;	/* NULL: the mirror */
};

#define to_pcmcia_socket_bus_dev(d) \
	container_of(d, struct pcmcia_socket_bus_dev, dev)
#define to_pcmcia_socket_bus_driver(d) \
	container_of(d, struct pcmcia_socket_bus_driver, driver)

/* devices and drivers come and go one at a time */
static DECLARE_MUTEX(pcmcia_socket_bus_sem);
/* twins made so far: the first part of their names, unique */
static unsigned int pcmcia_socket_bus_twins;

static int pcmcia_socket_bus_match(struct device *dev,
				   struct device_driver *drv)
{
	struct pcmcia_socket_bus_dev *bdev = to_pcmcia_socket_bus_dev(dev);

	return bdev->drv && &bdev->drv->driver == drv;
}

static int pcmcia_socket_bus_probe(struct device *dev)
{
	struct pcmcia_socket_bus_driver *drv;

	drv = to_pcmcia_socket_bus_dev(dev)->drv;
	return drv->add ? drv->add(dev->parent, drv) : 0;
}

static int pcmcia_socket_bus_remove(struct device *dev)
{
	struct pcmcia_socket_bus_driver *drv;

	drv = to_pcmcia_socket_bus_dev(dev)->drv;
	if (drv->remove)
		drv->remove(dev->parent, drv);
	return 0;
}

static void pcmcia_socket_bus_release(struct device *dev)
{
	kfree(to_pcmcia_socket_bus_dev(dev));
}

/*
 * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A
 * failure is reported and otherwise ignored: cdev works without it, as
 * it did when the add() of an interface failed.  Called with the sem
 * held.
 */
static int pcmcia_socket_bus_add_dev(struct device *cdev,
				     struct pcmcia_socket_bus_driver *drv)
{
	struct pcmcia_socket_bus_dev *bdev;
	int error = -ENOMEM;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		goto out;
	bdev->drv = drv;
	bdev->dev.parent = cdev;
	bdev->dev.bus = &pcmcia_socket_bus_type;
	bdev->dev.release = pcmcia_socket_bus_release;
	if (drv)
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%u-%s",
			 pcmcia_socket_bus_twins++, drv->driver.name);
	else
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%s", cdev->bus_id);
	error = device_register(&bdev->dev);
	if (error)
		put_device(&bdev->dev);
out:
	if (error)
		printk(KERN_WARNING "%s: no device for %s on the bus (%d)\n",
		       pcmcia_socket_bus_type.name, cdev->bus_id, error);
	return error;
}

/* bus_for_each_drv(): a new device of the class, its twin for drv */
static int pcmcia_socket_bus_add_twin(struct device_driver *drv, void *cdev)
{
	pcmcia_socket_bus_add_dev(cdev, to_pcmcia_socket_bus_driver(drv));
	return 0;
}

/* bus_for_each_dev(): a new driver, its twin of each mirror */
static int pcmcia_socket_bus_add_twins(struct device *dev, void *drv)
{
	if (!to_pcmcia_socket_bus_dev(dev)->drv)
		pcmcia_socket_bus_add_dev(dev->parent, drv);
	return 0;
}

/* bus_find_device(): the mirror and twins of a device of the class */
static int pcmcia_socket_bus_dev_of(struct device *dev, void *cdev)
{
	return dev->parent == cdev;
}

/* bus_find_device(): the twins of a driver */
static int pcmcia_socket_bus_twin_of(struct device *dev, void *drv)
{
	return to_pcmcia_socket_bus_dev(dev)->drv == drv;
}

/* Take what match() finds off the bus: remove() runs for each twin. */
static void pcmcia_socket_bus_del_devs(void *data,
				       int (*match)(struct device *, void *))
{
	struct device *dev;

	while ((dev = bus_find_device(&pcmcia_socket_bus_type, NULL, data,
				      match))) {
		device_unregister(dev);
		put_device(dev);
	}
}

/**
 * pcmcia_socket_bus_add_device - tell the bus drivers of a new device
 * @dev: a device of pcmcia_socket_class, just registered
 *
 * The add() of each driver is called with @dev.
 */
void pcmcia_socket_bus_add_device(struct device *dev)
{
	down(&pcmcia_socket_bus_sem);
	if (!pcmcia_socket_bus_add_dev(dev, NULL))
		bus_for_each_drv(&pcmcia_socket_bus_type, NULL, dev,
				 pcmcia_socket_bus_add_twin);
	up(&pcmcia_socket_bus_sem);
}

/**
 * pcmcia_socket_bus_del_device - tell the bus drivers a device goes
 * @dev: a device of pcmcia_socket_class, still registered
 *
 * The remove() of each driver that was given @dev is called with it.
 */
void pcmcia_socket_bus_del_device(struct device *dev)
{
	down(&pcmcia_socket_bus_sem);
	pcmcia_socket_bus_del_devs(dev, pcmcia_socket_bus_dev_of);
	up(&pcmcia_socket_bus_sem);
}

/**
 * pcmcia_socket_bus_register_driver - register a driver of the bus
 * @drv: its add() is called with each device of pcmcia_socket_class,
 *	present or to come, and its remove() when the device goes
 */
int pcmcia_socket_bus_register_driver(struct pcmcia_socket_bus_driver *drv)
{
	int error;

	drv->driver.bus = &pcmcia_socket_bus_type;
	drv->driver.probe = pcmcia_socket_bus_probe;
	drv->driver.remove = pcmcia_socket_bus_remove;
	down(&pcmcia_socket_bus_sem);
	error = driver_register(&drv->driver);
	if (!error)
		bus_for_each_dev(&pcmcia_socket_bus_type, NULL, drv,
				 pcmcia_socket_bus_add_twins);
	up(&pcmcia_socket_bus_sem);
	return error;
}
EXPORT_SYMBOL(pcmcia_socket_bus_register_driver);

/**
 * pcmcia_socket_bus_unregister_driver - unregister a driver of the bus
 * @drv: its remove() is called with each device of pcmcia_socket_class
 *	it was given
 */
void pcmcia_socket_bus_unregister_driver(struct pcmcia_socket_bus_driver *drv)
{
	down(&pcmcia_socket_bus_sem);
	pcmcia_socket_bus_del_devs(drv, pcmcia_socket_bus_twin_of);
	driver_unregister(&drv->driver);
	up(&pcmcia_socket_bus_sem);
}
EXPORT_SYMBOL(pcmcia_socket_bus_unregister_driver);

struct bus_type pcmcia_socket_bus_type = {
	.name	= "pcmcia_socket_bus",
	.match	= pcmcia_socket_bus_match,
};
EXPORT_SYMBOL(pcmcia_socket_bus_type);

/**
 * pcmcia_register_socket - add a new pcmcia socket device
 */
int pcmcia_register_socket(struct pcmcia_socket *socket)
{
	int ret;

	if (!socket || !socket->ops || !socket->resource_ops)
		return -EINVAL;

	/* try to obtain a socket number [yes, it gets ugly if we
	 * register more than 2^sizeof(unsigned int) pcmcia
	 * sockets... but the socket number is deprecated
	 * anyways, so I don't care] */
	socket->sock = socket_count++;
	list_add_tail(&socket->socket_list, &pcmcia_socket_list);

	/* set proper values in socket->dev */
	dev_set_drvdata(&socket->dev, socket);
	socket->dev.class = &pcmcia_socket_class;
	snprintf(socket->dev.bus_id, BUS_ID_SIZE, "pcmcia_socket%u",
		 socket->sock);

	/* base address = 0, map = 0 */
	spin_lock_init(&socket->lock);
	init_MUTEX(&socket->skt_sem);

	ret = device_register(&socket->dev);
	if (ret) {
		list_del_init(&socket->socket_list);
		return ret;
	}
	pcmcia_socket_bus_add_device(&socket->dev);

	printk(KERN_DEBUG "pcmcia: registered socket %u on %s\n",
	       socket->sock,
	       socket->dev.parent ? socket->dev.parent->bus_id : "no device");
	return 0;
}
EXPORT_SYMBOL(pcmcia_register_socket);

/**
 * pcmcia_unregister_socket - remove a pcmcia socket device
 */
void pcmcia_unregister_socket(struct pcmcia_socket *socket)
{
	if (!socket)
		return;

	list_del_init(&socket->socket_list);

	/* wait for sysfs to drop all references */
	down(&socket->skt_sem);
	pcmcia_socket_bus_del_device(&socket->dev);
	device_unregister(&socket->dev);
	down(&socket->skt_sem);
}
EXPORT_SYMBOL(pcmcia_unregister_socket);

static int __init init_pcmcia_cs(void)
{
	int ret;

	ret = class_register(&pcmcia_socket_class);
	if (ret)
		return ret;
	ret = bus_register(&pcmcia_socket_bus_type);
	if (ret) {
		class_unregister(&pcmcia_socket_class);
		return ret;
	}
	ret = pcmcia_socket_bus_register_driver(&pccard_rsrc_driver);
	if (ret) {
		bus_unregister(&pcmcia_socket_bus_type);
		class_unregister(&pcmcia_socket_class);
	}
	return ret;
}

static void __exit exit_pcmcia_cs(void)
{
	pcmcia_socket_bus_unregister_driver(&pccard_rsrc_driver);
	bus_unregister(&pcmcia_socket_bus_type);
	class_unregister(&pcmcia_socket_class);
}

subsys_initcall(init_pcmcia_cs);
module_exit(exit_pcmcia_cs);
