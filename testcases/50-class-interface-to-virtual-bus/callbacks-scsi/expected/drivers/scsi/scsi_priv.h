#ifndef _SCSI_PRIV_H
#define _SCSI_PRIV_H

/*
 * Declarations shared by the files of the SCSI midlayer; low-level
 * drivers do not include this.
 */

struct Scsi_Host;

/* hosts.c */
extern struct class *shost_class;
extern int scsi_init_hosts(void);
extern void scsi_exit_hosts(void);

/* scsi_sysfs.c */
extern int scsi_sysfs_add_host(struct Scsi_Host *);

#endif /* _SCSI_PRIV_H */
