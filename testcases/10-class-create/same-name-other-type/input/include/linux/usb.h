#ifndef __LINUX_USB_H
#define __LINUX_USB_H
/* Test stub. */
#include <linux/fs.h>

struct usb_interface;

struct usb_class_driver {
	char *name;
	const struct file_operations *fops;
	int minor_base;
};

extern int usb_register_dev(struct usb_interface *intf,
			    struct usb_class_driver *class_driver);
extern void usb_deregister_dev(struct usb_interface *intf,
			       struct usb_class_driver *class_driver);
#endif
