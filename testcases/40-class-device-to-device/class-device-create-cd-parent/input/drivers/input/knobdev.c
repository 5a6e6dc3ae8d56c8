#include <linux/device.h>
#include <linux/err.h>

struct knob_handle {
	int minor;
	struct class_device *cdev;
};

static struct class *knob_class;

/* A per-handler node under the input device's own class device. */
static int knobdev_connect(struct knob_handle *h, struct class_device *parent_cd)
{
	h->cdev = class_device_create(knob_class, parent_cd, MKDEV(13, h->minor),
				      NULL, "knob%d", h->minor);
	return IS_ERR(h->cdev) ? PTR_ERR(h->cdev) : 0;
}

/* Both parents given: the class-device parent wins. */
static int knobdev_connect2(struct knob_handle *h, struct class_device *parent_cd,
			    struct device *phys)
{
	h->cdev = class_device_create(knob_class, parent_cd, MKDEV(13, h->minor),
				      phys, "knob%d", h->minor);
	return IS_ERR(h->cdev) ? PTR_ERR(h->cdev) : 0;
}
