/*
 * scsi_sysfs.c
 *
 * SCSI sysfs interface routines.
 *
 * Created to pull SCSI mid layer sysfs routines into one file.
 *
 * (Reduced for the mini tree: the host attributes, which the midlayer
 * stamps out with macros and collects in a table of pointers, merged at
 * add time with the ones a low-level driver gives in its template.)
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/string.h>
#include <linux/kernel.h>

#include <scsi/scsi_host.h>

#include "scsi_priv.h"

static ssize_t store_scan(struct class_device *class_dev, const char *buf,
			  size_t count)
{
	struct Scsi_Host *shost = class_to_shost(class_dev);
	unsigned int channel, id, lun;

	if (sscanf(buf, "%u %u %u", &channel, &id, &lun) != 3)
		return -EINVAL;
	if (channel > shost->max_channel || id >= shost->max_id)
		return -EINVAL;
	scsi_scan_host(shost);
	return count;
}
static CLASS_DEVICE_ATTR(scan, S_IWUSR, NULL, store_scan);

/*
 * shost_show_function: macro to create an attr function that can be used to
 * show a non-bit field.
 */
#define shost_show_function(name, field, format_string)			\
static ssize_t								\
show_##name (struct class_device *class_dev, char *buf)			\
{									\
	struct Scsi_Host *shost = class_to_shost(class_dev);		\
	return snprintf (buf, 20, format_string, shost->field);		\
}

/*
 * shost_rd_attr: macro to create a function and attribute variable for a
 * read only field.
 */
#define shost_rd_attr2(name, field, format_string)			\
	shost_show_function(name, field, format_string)			\
static CLASS_DEVICE_ATTR(name, S_IRUGO, show_##name, NULL);

#define shost_rd_attr(field, format_string) \
shost_rd_attr2(field, field, format_string)

/*
 * Create the actual show/store functions and data structures.
 */
shost_rd_attr(unique_id, "%u\n");
shost_rd_attr(host_busy, "%hu\n");
shost_rd_attr(cmd_per_lun, "%hd\n");
shost_rd_attr(sg_tablesize, "%hu\n");
shost_rd_attr2(proc_name, hostt->proc_name, "%s\n");

static ssize_t show_shost_state(struct class_device *class_dev, char *buf)
{
	struct Scsi_Host *shost = class_to_shost(class_dev);
	static const char *names[] = {
		"?", "created", "running", "cancel", "deleted", "recovery",
	};

	if (shost->shost_state >= ARRAY_SIZE(names))
		return -EINVAL;
	return snprintf(buf, 20, "%s\n", names[shost->shost_state]);
}
static CLASS_DEVICE_ATTR(state, S_IRUGO, show_shost_state, NULL);

#define SHOST_ATTR(name)	&class_device_attr_##name

static struct class_device_attribute *scsi_sysfs_shost_attrs[] = {
	SHOST_ATTR(unique_id),
	SHOST_ATTR(host_busy),
	SHOST_ATTR(cmd_per_lun),
	SHOST_ATTR(sg_tablesize),
	SHOST_ATTR(proc_name),
	SHOST_ATTR(scan),
	SHOST_ATTR(state),
	NULL
};

/* a driver's own attribute of the same name wins over the midlayer's */
static int shost_attr_overridden(struct class_device_attribute **attrs,
				 struct class_device_attribute *attr)
{
	int i;

	if (!attrs)
		return 0;

	for (i = 0; attrs[i]; i++)
		if (!strcmp(attrs[i]->attr.name, attr->attr.name))
			return 1;
	return 0;
}

/**
 * scsi_sysfs_add_host - add scsi host to subsystem
 * @shost:     scsi host struct to add to subsystem
 **/
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
		if (!shost_attr_overridden(shost->hostt->shost_attrs,
					   scsi_sysfs_shost_attrs[i])) {
			error = class_device_create_file(&shost->shost_classdev,
					scsi_sysfs_shost_attrs[i]);
			if (error)
				return error;
		}
	}

	return 0;
}
