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

/**
 * scsi_remove_host - remove a scsi host
 * @shost:	a pointer to a scsi host to remove
 **/
void scsi_remove_host(struct Scsi_Host *shost)
{
	shost->shost_state = SHOST_DEL;
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

	get_device(&shost->shost_gendev);

	error = scsi_sysfs_add_host(shost);
	if (error)
		goto out_del_classdev;

	return error;

 out_del_classdev:
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
	shost_class = class_create(THIS_MODULE, "scsi_host");
	if (IS_ERR(shost_class))
		return PTR_ERR(shost_class);
	shost_class->dev_release = scsi_host_cls_release;
	return 0;
}

void scsi_exit_hosts(void)
{
	class_destroy(shost_class);
}
