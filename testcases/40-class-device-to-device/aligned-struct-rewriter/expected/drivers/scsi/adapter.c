#include <linux/device.h>

struct adapter_host {
	int host_no;
	struct device shost_classdev;
	unsigned long hostdata[0] __attribute__ ((aligned (sizeof(unsigned long))));
};

struct adapter_port {
	int port_no;
	struct device port_cdev;
};

static ssize_t adapter_show_port(struct device *cd,
				 struct device_attribute *attr, char *buf)
{
	struct adapter_port *p = container_of(cd, struct adapter_port, port_cdev);

	return sprintf(buf, "%d\n", p->port_no);
}

static DEVICE_ATTR(port, S_IRUGO, adapter_show_port, NULL);
