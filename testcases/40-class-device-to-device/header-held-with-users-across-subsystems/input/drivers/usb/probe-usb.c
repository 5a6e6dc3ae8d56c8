#include <linux/device.h>
#include <linux/probe.h>

void probe_usb_unregister(struct probe *p)
{
	class_device_unregister(&p->cdev);
}
