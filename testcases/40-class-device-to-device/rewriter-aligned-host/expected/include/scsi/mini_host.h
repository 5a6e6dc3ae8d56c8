/*
 * mini_host.h - a SCSI-like host adapter: the host structure is aligned
 * with __attribute__((aligned)), which spatch cannot parse, so its class
 * device members are retyped by the aligned-structs pass, and so are the
 * fields its users reach through them (dev, class_id).
 */
#ifndef _SCSI_MINI_HOST_H
#define _SCSI_MINI_HOST_H

#include <linux/device.h>
#include <linux/list.h>

struct mini_host_template {
	const char *name;
	int can_queue;
};

struct mini_host {
	struct list_head	__devices;
	struct mini_host_template *hostt;
	unsigned int		host_no;

	/* ldm bits */
	struct device		shost_gendev;
	struct device		shost_classdev;
	struct device		*transport_classdev;	/* set by the transport */
	struct device_attribute **host_attrs;	/* NULL terminated */

	unsigned long hostdata[0];
} __attribute__((aligned(sizeof(unsigned long))));

#define class_to_mhost(d)	\
	container_of(d, struct mini_host, shost_classdev)

extern struct mini_host *mini_host_alloc(struct mini_host_template *t, int size);
extern int mini_add_host(struct mini_host *shost, struct device *dev);

#endif /* _SCSI_MINI_HOST_H */
