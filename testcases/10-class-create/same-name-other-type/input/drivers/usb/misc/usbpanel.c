#include <linux/module.h>
#include <linux/usb.h>

/*
 * Another object under the same name: a USB class driver, not the
 * struct class of panel.c.  Its address stays.
 */
static const struct file_operations usbpanel_fops;

static struct usb_class_driver panel_class = {
	.name		= "panel%d",
	.fops		= &usbpanel_fops,
	.minor_base	= 144,
};

static int usbpanel_probe(struct usb_interface *interface)
{
	return usb_register_dev(interface, &panel_class);
}

static void usbpanel_disconnect(struct usb_interface *interface)
{
	usb_deregister_dev(interface, &panel_class);
}
