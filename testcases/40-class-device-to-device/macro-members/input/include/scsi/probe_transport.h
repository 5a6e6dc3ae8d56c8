#ifndef _PROBE_TRANSPORT_H
#define _PROBE_TRANSPORT_H
#include <scsi/probe_host.h>

/* The host of a transport class device: its physical device's host. */
#define transport_class_to_probe_host(tc) \
	dev_to_probe_host((tc)->dev)

/* Typed by no step file: stays as it is. */
#define probe_host_gendev_parent(h) ((h)->host_gendev.parent)

#endif
