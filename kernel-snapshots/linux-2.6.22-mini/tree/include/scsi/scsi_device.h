#ifndef _SCSI_SCSI_DEVICE_H
#define _SCSI_SCSI_DEVICE_H

/* a logical unit behind a host: a struct device on the scsi bus */

#include <linux/device.h>

struct Scsi_Host;

struct scsi_device {
	struct Scsi_Host *host;
	unsigned int id, lun;
	unsigned int queue_depth;
	char vendor[8];

	struct device sdev_gendev;
};

#define to_scsi_device(d) container_of(d, struct scsi_device, sdev_gendev)

extern int scsi_sysfs_add_sdev(struct scsi_device *sdev);

#endif /* _SCSI_SCSI_DEVICE_H */
