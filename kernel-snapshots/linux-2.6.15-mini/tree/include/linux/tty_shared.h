/*
 * tty_shared.h - the class device of a tty port
 *
 * Shared by the tty drivers under drivers/char, which own the "tty_port"
 * class, and the serial drivers under drivers/serial, which embed a
 * port in their own per-port structure.
 *
 * Written for the mini tree.
 */
#ifndef _LINUX_TTY_SHARED_H
#define _LINUX_TTY_SHARED_H

#include <linux/device.h>

#define TTY_PORT_MAX	8

struct tty_class_port {
	int			line;		/* index among all ports */
	unsigned int		flags;
#define TTY_PORT_REGISTERED	0x0001
	const char		*driver_name;
	struct class_device	cdev;		/* class tty_port, ttyportN */
};

#define to_tty_class_port(d) container_of(d, struct tty_class_port, cdev)

extern int tty_class_port_register(struct tty_class_port *port,
				   struct device *dev);
extern void tty_class_port_unregister(struct tty_class_port *port);

/* the "line" attribute, for drivers that add their own next to it */
extern ssize_t tty_class_port_show_line(struct class_device *cd, char *buf);

#endif /* _LINUX_TTY_SHARED_H */
