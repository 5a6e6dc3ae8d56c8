/*
 * drivers/scsi/hosts.c - allocating and registering SCSI hosts
 *
 * (Written for the mini tree in the shape of 2.6.22.)  Not converted
 * yet: the host's class device is a struct class_device of the static
 * shost_class, with the host's struct device as its "device".
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <scsi/scsi_host.h>

#include "scsi_priv.h"

static int scsi_host_next_hn;

static void scsi_host_cls_release(struct class_device *class_dev)
{
	put_device(&class_to_shost(class_dev)->shost_gendev);
}

static void scsi_host_dev_release(struct device *dev)
{
	struct Scsi_Host *shost = dev_to_shost(dev);

	kfree(shost);
}

struct class shost_class = {
	.name		= "scsi_host",
	.release	= scsi_host_cls_release,
};

/*
 * scsi_host_alloc - a new host for a low-level driver
 * @sht: the driver's template
 * @privsize: bytes the driver wants after the host (shost_priv())
 */
struct Scsi_Host *scsi_host_alloc(struct scsi_host_template *sht,
				  int privsize)
{
	struct Scsi_Host *shost;

	shost = kzalloc(sizeof(struct Scsi_Host) + privsize, GFP_KERNEL);
	if (!shost)
		return NULL;

	INIT_LIST_HEAD(&shost->__devices);
	shost->host_no = scsi_host_next_hn++;
	shost->hostt = sht;
	shost->this_id = sht->this_id;
	shost->can_queue = sht->can_queue;

	device_initialize(&shost->shost_gendev);
	snprintf(shost->shost_gendev.bus_id, BUS_ID_SIZE, "host%d",
		 shost->host_no);
	shost->shost_gendev.release = scsi_host_dev_release;

	class_device_initialize(&shost->shost_classdev);
	shost->shost_classdev.dev = &shost->shost_gendev;
	shost->shost_classdev.class = &shost_class;
	snprintf(shost->shost_classdev.class_id, BUS_ID_SIZE, "host%d",
		 shost->host_no);
	return shost;
}
EXPORT_SYMBOL(scsi_host_alloc);

/* scsi_add_host - make a host visible below @dev */
int scsi_add_host(struct Scsi_Host *shost, struct device *dev)
{
	int error;

	if (!shost->shost_gendev.parent)
		shost->shost_gendev.parent = dev;

	error = device_add(&shost->shost_gendev);
	if (error)
		return error;

	error = class_device_add(&shost->shost_classdev);
	if (error)
		goto out_del_gendev;
	get_device(&shost->shost_gendev);

	error = scsi_sysfs_add_host(shost);
	if (error)
		goto out_del_classdev;
	return 0;

 out_del_classdev:
	class_device_del(&shost->shost_classdev);
 out_del_gendev:
	device_del(&shost->shost_gendev);
	return error;
}
EXPORT_SYMBOL(scsi_add_host);

void scsi_remove_host(struct Scsi_Host *shost)
{
	class_device_unregister(&shost->shost_classdev);
	device_del(&shost->shost_gendev);
}
EXPORT_SYMBOL(scsi_remove_host);

void scsi_host_put(struct Scsi_Host *shost)
{
	put_device(&shost->shost_gendev);
}
EXPORT_SYMBOL(scsi_host_put);

int scsi_init_hosts(void)
{
	return class_register(&shost_class);
}

void scsi_exit_hosts(void)
{
	class_unregister(&shost_class);
}
