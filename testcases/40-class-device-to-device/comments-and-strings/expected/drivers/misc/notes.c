/*
 * This driver no longer uses struct class_device; class_device_create()
 * and CLASS_DEVICE_ATTR() are mentioned here only in comments.
 */
#include <linux/device.h>

static const char notes_msg[] = "class_device_create failed";
static const char notes_attr[] = "class_device_attr_notes";

static int notes_init(void)
{
	/* class_set_devdata(cd, p) was here */
	printk(KERN_ERR "notes: %s (class_get_devdata)\n", notes_msg);
	return 0;
}
