#ifndef _SCSI_SCSI_HOST_H
#define _SCSI_SCSI_HOST_H

/*
 * scsi_host.h - host adapters: the template a low-level driver fills and
 * the host the midlayer makes from it.  A host is a struct device
 * (shost_gendev) plus, in this release, a class device of the
 * "scsi_host" class (shost_classdev) that carries the host attributes.
 */

#include <linux/device.h>
#include <linux/list.h>

struct Scsi_Host;
struct scsi_device;

struct scsi_host_template {
	struct module *module;
	const char *name;

	int (*queuecommand)(struct scsi_device *sdev, void *cmnd);

	int can_queue;
	int this_id;
	unsigned short sg_tablesize;

	/* the host's own attributes: class device attributes here */
	struct class_device_attribute **shost_attrs;

	/* each scsi_device's: plain device attributes */
	struct device_attribute **sdev_attrs;
};

struct Scsi_Host {
	struct list_head __devices;
	struct scsi_host_template *hostt;

	unsigned int host_no;
	unsigned int unique_id;
	int this_id;
	int can_queue;

	struct device shost_gendev;
	struct class_device shost_classdev;

	unsigned long hostdata[0];	/* the driver's, see shost_priv() */
};

#define class_to_shost(d) container_of(d, struct Scsi_Host, shost_classdev)
#define dev_to_shost(d) container_of(d, struct Scsi_Host, shost_gendev)

static inline void *shost_priv(struct Scsi_Host *shost)
{
	return (void *)shost->hostdata;
}

extern struct Scsi_Host *scsi_host_alloc(struct scsi_host_template *sht,
					 int privsize);
extern int scsi_add_host(struct Scsi_Host *shost, struct device *dev);
extern void scsi_remove_host(struct Scsi_Host *shost);
extern void scsi_host_put(struct Scsi_Host *shost);

#endif /* _SCSI_SCSI_HOST_H */
