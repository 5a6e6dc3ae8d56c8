#include <linux/device.h>
#include <linux/probe.h>

int probe_scsi_register(struct probe *p, struct device *parent)
{
	p->cdev.dev = parent;
	return class_device_register(&p->cdev);
}
