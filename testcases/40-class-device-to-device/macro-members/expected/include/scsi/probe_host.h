#ifndef _PROBE_HOST_H
#define _PROBE_HOST_H
#include <linux/device.h>

struct probe_host {
	int host_no;
	struct device host_gendev;
	struct device host_classdev;
};

struct probe_port {
	struct device dev;
	void *data;
};

#define probe_port_get_drvdata(p) dev_get_drvdata(&(p)->dev)

#define dev_to_probe_host(d) \
	container_of(d, struct probe_host, host_gendev)

extern struct probe_host *probe_host_lookup(int no);
#endif
