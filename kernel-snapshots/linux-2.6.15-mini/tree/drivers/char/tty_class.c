/*
 * tty_class.c - the "tty_port" class: one class device per tty port
 *
 * The class is a static object without a class-wide release: every
 * port is embedded in its driver's own structure and carries its own
 * release, which frees nothing.
 *
 * Written for the mini tree.  This program is free software; you can
 * redistribute it and/or modify it under the terms of the GNU General
 * Public License version 2.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/device.h>
#include <linux/tty_shared.h>

static struct class tty_port_class = {
	.name		= "tty_port",
	.owner		= THIS_MODULE,
};

/* the registered ports, by line */
static struct class_device *tty_port_nodes[TTY_PORT_MAX];

ssize_t tty_class_port_show_line(struct class_device *cd, char *buf)
{
	struct tty_class_port *port = to_tty_class_port(cd);

	return sprintf(buf, "%d\n", port->line);
}
EXPORT_SYMBOL_GPL(tty_class_port_show_line);

static CLASS_DEVICE_ATTR(line, S_IRUGO, tty_class_port_show_line, NULL);

static void tty_class_port_release(struct class_device *cd)
{
	/* embedded in a static driver structure: nothing to free */
}

int tty_class_port_register(struct tty_class_port *port, struct device *dev)
{
	int err;

	if (port->line < 0 || port->line >= TTY_PORT_MAX)
		return -EINVAL;
	if (tty_port_nodes[port->line])
		return -EBUSY;

	port->cdev.class = &tty_port_class;
	port->cdev.dev = dev;
	port->cdev.release = tty_class_port_release;
	snprintf(port->cdev.class_id, BUS_ID_SIZE, "ttyport%d", port->line);

	err = class_device_register(&port->cdev);
	if (err)
		return err;

	err = class_device_create_file(&port->cdev, &class_device_attr_line);
	if (err) {
		class_device_unregister(&port->cdev);
		return err;
	}

	tty_port_nodes[port->line] = &port->cdev;
	port->flags |= TTY_PORT_REGISTERED;
	return 0;
}
EXPORT_SYMBOL_GPL(tty_class_port_register);

void tty_class_port_unregister(struct tty_class_port *port)
{
	if (!(port->flags & TTY_PORT_REGISTERED))
		return;

	tty_port_nodes[port->line] = NULL;
	class_device_remove_file(&port->cdev, &class_device_attr_line);
	class_device_unregister(&port->cdev);
	port->flags &= ~TTY_PORT_REGISTERED;
}
EXPORT_SYMBOL_GPL(tty_class_port_unregister);

static int __init tty_class_init(void)
{
	return class_register(&tty_port_class);
}

static void __exit tty_class_exit(void)
{
	class_unregister(&tty_port_class);
}

postcore_initcall(tty_class_init);
module_exit(tty_class_exit);

MODULE_LICENSE("GPL");
