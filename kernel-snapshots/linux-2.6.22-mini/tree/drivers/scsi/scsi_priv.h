#ifndef _SCSI_PRIV_H
#define _SCSI_PRIV_H

/* what the files of the SCSI midlayer share */

struct Scsi_Host;

extern struct class shost_class;

extern int scsi_init_hosts(void);
extern void scsi_exit_hosts(void);
extern int scsi_sysfs_add_host(struct Scsi_Host *shost);

#endif /* _SCSI_PRIV_H */
