#ifndef _SCSI_PRIV_H
#define _SCSI_PRIV_H

#include <linux/device.h>

/*
 * Declarations shared by the files of the SCSI midlayer; low-level
 * drivers do not include this.
 */

struct Scsi_Host;

/* hosts.c */
extern struct class *shost_class;

/*
 * A driver of the virtual bus of the class above, what was an interface
 * of the class: add() is called with each device of the class, present
 * or to come, and remove() when the device or the driver goes.
 */
struct shost_bus_driver {
	int (*add)(struct device *dev, struct shost_bus_driver *drv);
	void (*remove)(struct device *dev, struct shost_bus_driver *drv);
	struct device_driver driver;
};

extern struct bus_type shost_bus_type;
extern int shost_bus_register_driver(struct shost_bus_driver *);
extern void shost_bus_unregister_driver(struct shost_bus_driver *);
extern void shost_bus_add_device(struct device *);
extern void shost_bus_del_device(struct device *);
extern int scsi_init_hosts(void);
extern void scsi_exit_hosts(void);

/* scsi_sysfs.c */
extern int scsi_sysfs_add_host(struct Scsi_Host *);

#endif /* _SCSI_PRIV_H */
