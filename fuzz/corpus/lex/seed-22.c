#include <linux/device.h>
#include <linux/kernel.h>
#include <scsi/probe_transport.h>

static ssize_t show_host_no(struct class_device *cdev, char *buf)
{
	struct probe_host *h = transport_class_to_probe_host(cdev);

	return sprintf(buf, "%d\n", h->host_no);
}
static CLASS_DEVICE_ATTR(host_no, S_IRUGO, show_host_no, NULL);

/* A port is a struct device already: its macro stays. */
int probe_port_has_data(struct probe_port *p)
{
	return probe_port_get_drvdata(p) != NULL;
}
