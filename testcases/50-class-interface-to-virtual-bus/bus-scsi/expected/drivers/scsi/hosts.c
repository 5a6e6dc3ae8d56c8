/*
 *  hosts.c Copyright (C) 1992 Drew Eckhardt
 *          Copyright (C) 1993, 1994, 1995 Eric Youngdale
 *          Copyright (C) 2002-2003 Christoph Hellwig
 *
 *  mid to lowlevel SCSI driver interface
 *      Initial versions: Drew Eckhardt
 *      Subsequent revisions: Eric Youngdale
 *
 *  (Reduced for the mini tree: allocating, adding and removing a host,
 *  and the "scsi_host" class each host's class device belongs to.)
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/device.h>

#include <scsi/scsi_host.h>

#include "scsi_priv.h"

static int scsi_host_next_hn;		/* host_no for next new host */


static void scsi_host_cls_release(struct device *class_dev)
{
	put_device(&class_to_shost(class_dev)->shost_gendev);
}

struct class *shost_class;

/*
 * The virtual bus of the class above.  Its drivers are what were the
 * interfaces of the class: each device of the class has a mirror on the
 * bus, which no driver binds, and for each driver a twin, which only this
 * driver binds; the driver core calls the probe() and remove() of the
 * driver with the twin, and they call its add() and remove() with the
 * device of the class.
 */
struct shost_bus_dev {
	struct device		dev;
	struct shost_bus_driver	*drv;	/* NULL: the mirror */
};

#define to_shost_bus_dev(d) \
	container_of(d, struct shost_bus_dev, dev)
#define to_shost_bus_driver(d) \
	container_of(d, struct shost_bus_driver, driver)

/* devices and drivers come and go one at a time */
static DECLARE_MUTEX(shost_bus_sem);
/* twins made so far: the first part of their names, unique */
static unsigned int shost_bus_twins;

static int shost_bus_match(struct device *dev, struct device_driver *drv)
{
	struct shost_bus_dev *bdev = to_shost_bus_dev(dev);

	return bdev->drv && &bdev->drv->driver == drv;
}

static int shost_bus_probe(struct device *dev)
{
	struct shost_bus_driver *drv = to_shost_bus_dev(dev)->drv;

	return drv->add ? drv->add(dev->parent, drv) : 0;
}

static int shost_bus_remove(struct device *dev)
{
	struct shost_bus_driver *drv = to_shost_bus_dev(dev)->drv;

	if (drv->remove)
		drv->remove(dev->parent, drv);
	return 0;
}

static void shost_bus_release(struct device *dev)
{
	kfree(to_shost_bus_dev(dev));
}

/*
 * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A
 * failure is reported and otherwise ignored: cdev works without it, as
 * it did when the add() of an interface failed.  Called with the sem
 * held.
 */
static int shost_bus_add_dev(struct device *cdev, struct shost_bus_driver *drv)
{
	struct shost_bus_dev *bdev;
	int error = -ENOMEM;

	bdev = kzalloc(sizeof(*bdev), GFP_KERNEL);
	if (!bdev)
		goto out;
	bdev->drv = drv;
	bdev->dev.parent = cdev;
	bdev->dev.bus = &shost_bus_type;
	bdev->dev.release = shost_bus_release;
	if (drv)
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%u-%s",
			 shost_bus_twins++, drv->driver.name);
	else
		snprintf(bdev->dev.bus_id, BUS_ID_SIZE, "%s", cdev->bus_id);
	error = device_register(&bdev->dev);
	if (error)
		put_device(&bdev->dev);
out:
	if (error)
		printk(KERN_WARNING "%s: no device for %s on the bus (%d)\n",
		       shost_bus_type.name, cdev->bus_id, error);
	return error;
}

/* bus_for_each_drv(): a new device of the class, its twin for drv */
static int shost_bus_add_twin(struct device_driver *drv, void *cdev)
{
	shost_bus_add_dev(cdev, to_shost_bus_driver(drv));
	return 0;
}

/* bus_for_each_dev(): a new driver, its twin of each mirror */
static int shost_bus_add_twins(struct device *dev, void *drv)
{
	if (!to_shost_bus_dev(dev)->drv)
		shost_bus_add_dev(dev->parent, drv);
	return 0;
}

/* bus_find_device(): the mirror and twins of a device of the class */
static int shost_bus_dev_of(struct device *dev, void *cdev)
{
	return dev->parent == cdev;
}

/* bus_find_device(): the twins of a driver */
static int shost_bus_twin_of(struct device *dev, void *drv)
{
	return to_shost_bus_dev(dev)->drv == drv;
}

/* Take what match() finds off the bus: remove() runs for each twin. */
static void shost_bus_del_devs(void *data,
			       int (*match)(struct device *, void *))
{
	struct device *dev;

	while ((dev = bus_find_device(&shost_bus_type, NULL, data, match))) {
		device_unregister(dev);
		put_device(dev);
	}
}

/**
 * shost_bus_add_device - tell the bus drivers of a new device
 * @dev: a device of shost_class, just registered
 *
 * The add() of each driver is called with @dev.
 */
void shost_bus_add_device(struct device *dev)
{
	down(&shost_bus_sem);
	if (!shost_bus_add_dev(dev, NULL))
		bus_for_each_drv(&shost_bus_type, NULL, dev,
				 shost_bus_add_twin);
	up(&shost_bus_sem);
}

/**
 * shost_bus_del_device - tell the bus drivers a device goes
 * @dev: a device of shost_class, still registered
 *
 * The remove() of each driver that was given @dev is called with it.
 */
void shost_bus_del_device(struct device *dev)
{
	down(&shost_bus_sem);
	shost_bus_del_devs(dev, shost_bus_dev_of);
	up(&shost_bus_sem);
}

/**
 * shost_bus_register_driver - register a driver of the bus
 * @drv: its add() is called with each device of shost_class,
 *	present or to come, and its remove() when the device goes
 */
int shost_bus_register_driver(struct shost_bus_driver *drv)
{
	int error;

	drv->driver.bus = &shost_bus_type;
	drv->driver.probe = shost_bus_probe;
	drv->driver.remove = shost_bus_remove;
	down(&shost_bus_sem);
	error = driver_register(&drv->driver);
	if (!error)
		bus_for_each_dev(&shost_bus_type, NULL, drv,
				 shost_bus_add_twins);
	up(&shost_bus_sem);
	return error;
}

/**
 * shost_bus_unregister_driver - unregister a driver of the bus
 * @drv: its remove() is called with each device of shost_class
 *	it was given
 */
void shost_bus_unregister_driver(struct shost_bus_driver *drv)
{
	down(&shost_bus_sem);
	shost_bus_del_devs(drv, shost_bus_twin_of);
	driver_unregister(&drv->driver);
	up(&shost_bus_sem);
}

struct bus_type shost_bus_type = {
	.name	= "scsi_host_bus",
	.match	= shost_bus_match,
};

/**
 * scsi_remove_host - remove a scsi host
 * @shost:	a pointer to a scsi host to remove
 **/
void scsi_remove_host(struct Scsi_Host *shost)
{
	shost->shost_state = SHOST_DEL;
	shost_bus_del_device(&shost->shost_classdev);
	device_unregister(&shost->shost_classdev);
	device_del(&shost->shost_gendev);
}
EXPORT_SYMBOL(scsi_remove_host);

/**
 * scsi_add_host - add a scsi host
 * @shost:	scsi host pointer to add
 * @dev:	a struct device of type scsi class
 *
 * Return value:
 * 	0 on success / != 0 for error
 **/
int scsi_add_host(struct Scsi_Host *shost, struct device *dev)
{
	int error = -EINVAL;

	printk(KERN_INFO "scsi%d : %s\n", shost->host_no,
	       shost->hostt->name);

	if (!shost->can_queue) {
		printk(KERN_ERR "%s: can_queue = 0 no longer supported\n",
		       shost->hostt->name);
		goto out;
	}

	if (!shost->shost_gendev.parent)
		shost->shost_gendev.parent = dev ? dev : &platform_bus;

	error = device_add(&shost->shost_gendev);
	if (error)
		goto out;

	shost->shost_state = SHOST_RUNNING;
	get_device(shost->shost_gendev.parent);

	error = device_add(&shost->shost_classdev);
	if (error)
		goto out_del_gendev;
	shost_bus_add_device(&shost->shost_classdev);

	get_device(&shost->shost_gendev);

	error = scsi_sysfs_add_host(shost);
	if (error)
		goto out_del_classdev;

	return error;

 out_del_classdev:
	shost_bus_del_device(&shost->shost_classdev);
	device_del(&shost->shost_classdev);
 out_del_gendev:
	device_del(&shost->shost_gendev);
 out:
	return error;
}
EXPORT_SYMBOL(scsi_add_host);

static void scsi_host_dev_release(struct device *dev)
{
	struct Scsi_Host *shost = dev_to_shost(dev);

	kfree(shost);
}

/**
 * scsi_host_alloc - register a scsi host adapter instance.
 * @sht:	pointer to scsi host template
 * @privsize:	extra bytes to allocate for driver
 *
 * Note:
 * 	Allocate a new Scsi_Host and perform basic initialization.
 * 	The host is not published to the scsi midlayer until scsi_add_host
 * 	is called.
 *
 * Return value:
 * 	Pointer to a new Scsi_Host
 **/
struct Scsi_Host *scsi_host_alloc(struct scsi_host_template *sht, int privsize)
{
	struct Scsi_Host *shost;

	shost = kzalloc(sizeof(struct Scsi_Host) + privsize, GFP_KERNEL);
	if (!shost)
		return NULL;

	spin_lock_init(&shost->default_lock);
	shost->host_lock = &shost->default_lock;
	INIT_LIST_HEAD(&shost->__devices);
	shost->shost_state = SHOST_CREATED;

	shost->host_no = scsi_host_next_hn++; /* XXX(hch): still racy */
	shost->hostt = sht;
	shost->this_id = sht->this_id;
	shost->can_queue = sht->can_queue;
	shost->sg_tablesize = sht->sg_tablesize;
	shost->cmd_per_lun = sht->cmd_per_lun;
	shost->max_channel = 0;
	shost->max_id = 8;
	shost->max_lun = 8;

	device_initialize(&shost->shost_gendev);
	snprintf(shost->shost_gendev.bus_id, BUS_ID_SIZE, "host%d",
		shost->host_no);
	shost->shost_gendev.release = scsi_host_dev_release;

	device_initialize(&shost->shost_classdev);
	shost->shost_classdev.parent = &shost->shost_gendev;
	shost->shost_classdev.class = shost_class;
	snprintf(shost->shost_classdev.bus_id, BUS_ID_SIZE, "host%d",
		  shost->host_no);

	return shost;
}
EXPORT_SYMBOL(scsi_host_alloc);

/**
 * scsi_host_get - inc a Scsi_Host ref count
 * @shost:	Pointer to Scsi_Host to inc.
 **/
struct Scsi_Host *scsi_host_get(struct Scsi_Host *shost)
{
	if ((shost->shost_state == SHOST_DEL) ||
		!get_device(&shost->shost_gendev))
		return NULL;
	return shost;
}
EXPORT_SYMBOL(scsi_host_get);

/**
 * scsi_host_put - dec a Scsi_Host ref count
 * @shost:	Pointer to Scsi_Host to dec.
 **/
void scsi_host_put(struct Scsi_Host *shost)
{
	put_device(&shost->shost_gendev);
}
EXPORT_SYMBOL(scsi_host_put);

int scsi_init_hosts(void)
{
	int err;

	shost_class = class_create(THIS_MODULE, "scsi_host");
	if (IS_ERR(shost_class))
		return PTR_ERR(shost_class);
	err = bus_register(&shost_bus_type);
	if (err) {
		class_destroy(shost_class);
		return err;
	}
	shost_class->dev_release = scsi_host_cls_release;
	return 0;
}

void scsi_exit_hosts(void)
{
	bus_unregister(&shost_bus_type);
	class_destroy(shost_class);
}
