/*
 * drivers/scsi/scsi_sysfs.c - the midlayer's sysfs attributes
 *
 * (Written for the mini tree in the shape of 2.6.22.)  Half way: host
 * attributes are class device attributes of the host's class device;
 * device attributes are already plain device attributes of each
 * scsi_device.
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/stat.h>
#include <scsi/scsi_host.h>
#include <scsi/scsi_device.h>

#include "scsi_priv.h"

/* ---- host attributes (class devices) ---- */

static ssize_t show_unique_id(struct class_device *class_dev, char *buf)
{
	struct Scsi_Host *shost = class_to_shost(class_dev);

	return snprintf(buf, 20, "%u\n", shost->unique_id);
}

static CLASS_DEVICE_ATTR(unique_id, S_IRUGO, show_unique_id, NULL);

static ssize_t show_can_queue(struct class_device *class_dev, char *buf)
{
	struct Scsi_Host *shost = class_to_shost(class_dev);

	return snprintf(buf, 20, "%d\n", shost->can_queue);
}

static CLASS_DEVICE_ATTR(can_queue, S_IRUGO, show_can_queue, NULL);

static struct class_device_attribute *scsi_sysfs_shost_attrs[] = {
	&class_device_attr_unique_id,
	&class_device_attr_can_queue,
	NULL
};

/* ---- device attributes (already struct device) ---- */

static ssize_t sdev_show_vendor(struct device *dev,
				struct device_attribute *attr, char *buf)
{
	struct scsi_device *sdev = to_scsi_device(dev);

	return snprintf(buf, 20, "%.8s\n", sdev->vendor);
}

static DEVICE_ATTR(vendor, S_IRUGO, sdev_show_vendor, NULL);

static ssize_t sdev_show_queue_depth(struct device *dev,
				     struct device_attribute *attr, char *buf)
{
	struct scsi_device *sdev = to_scsi_device(dev);

	return snprintf(buf, 20, "%u\n", sdev->queue_depth);
}

static DEVICE_ATTR(queue_depth, S_IRUGO, sdev_show_queue_depth, NULL);

static struct device_attribute *scsi_sysfs_sdev_attrs[] = {
	&dev_attr_vendor,
	&dev_attr_queue_depth,
	NULL
};

int scsi_sysfs_add_host(struct Scsi_Host *shost)
{
	int error, i;

	if (shost->hostt->shost_attrs) {
		for (i = 0; shost->hostt->shost_attrs[i]; i++) {
			error = class_device_create_file(&shost->shost_classdev,
					shost->hostt->shost_attrs[i]);
			if (error)
				return error;
		}
	}
	for (i = 0; scsi_sysfs_shost_attrs[i]; i++) {
		error = class_device_create_file(&shost->shost_classdev,
						 scsi_sysfs_shost_attrs[i]);
		if (error)
			return error;
	}
	return 0;
}

int scsi_sysfs_add_sdev(struct scsi_device *sdev)
{
	struct scsi_host_template *sht = sdev->host->hostt;
	int error, i;

	error = device_add(&sdev->sdev_gendev);
	if (error)
		return error;
	if (sht->sdev_attrs) {
		for (i = 0; sht->sdev_attrs[i]; i++) {
			error = device_create_file(&sdev->sdev_gendev,
						   sht->sdev_attrs[i]);
			if (error)
				return error;
		}
	}
	for (i = 0; scsi_sysfs_sdev_attrs[i]; i++) {
		error = device_create_file(&sdev->sdev_gendev,
					   scsi_sysfs_sdev_attrs[i]);
		if (error)
			return error;
	}
	return 0;
}
