/*
 * cs.c -- Kernel Card Services - core services
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.
 *
 * The initial developer of the original code is David A. Hinds
 * <dahinds@users.sourceforge.net>.  Portions created by David A. Hinds
 * are Copyright (C) 1999 David A. Hinds.  All Rights Reserved.
 *
 * (C) 1999		David A. Hinds
 *
 * (Reduced for the mini tree: socket registration.  Every socket is a
 * class device of pcmcia_socket_class, whose own release and
 * class_release are custom.)
 */

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/device.h>

#include <pcmcia/ss.h>

/* Module parameters */

MODULE_AUTHOR("David Hinds <dahinds@users.sourceforge.net>");
MODULE_DESCRIPTION("Linux Kernel Card Services");
MODULE_LICENSE("GPL");

/* List of all sockets, protected by a rwsem */
LIST_HEAD(pcmcia_socket_list);
EXPORT_SYMBOL(pcmcia_socket_list);

static int socket_count;

static void pcmcia_release_socket(struct device *class_dev)
{
	struct pcmcia_socket *socket = dev_get_drvdata(class_dev);

	/* the socket driver owns the memory; only wake the waiter up */
	socket->state = 0;
	up(&socket->skt_sem);
}

static void pcmcia_release_socket_class(struct class *data)
{
	/* nothing to free: the class is static, this only marks it gone */
	printk(KERN_DEBUG "pcmcia: socket class released\n");
}

struct class pcmcia_socket_class = {
	.name = "pcmcia_socket",
	.dev_release = pcmcia_release_socket,
	.class_release = pcmcia_release_socket_class,
};
EXPORT_SYMBOL(pcmcia_socket_class);

/**
 * pcmcia_register_socket - add a new pcmcia socket device
 */
int pcmcia_register_socket(struct pcmcia_socket *socket)
{
	int ret;

	if (!socket || !socket->ops || !socket->resource_ops)
		return -EINVAL;

	/* try to obtain a socket number [yes, it gets ugly if we
	 * register more than 2^sizeof(unsigned int) pcmcia
	 * sockets... but the socket number is deprecated
	 * anyways, so I don't care] */
	socket->sock = socket_count++;
	list_add_tail(&socket->socket_list, &pcmcia_socket_list);

	/* set proper values in socket->dev */
	dev_set_drvdata(&socket->dev, socket);
	socket->dev.class = &pcmcia_socket_class;
	snprintf(socket->dev.bus_id, BUS_ID_SIZE, "pcmcia_socket%u",
		 socket->sock);

	/* base address = 0, map = 0 */
	spin_lock_init(&socket->lock);
	init_MUTEX(&socket->skt_sem);

	ret = device_register(&socket->dev);
	if (ret) {
		list_del_init(&socket->socket_list);
		return ret;
	}

	printk(KERN_DEBUG "pcmcia: registered socket %u on %s\n",
	       socket->sock,
	       socket->dev.parent ? socket->dev.parent->bus_id : "no device");
	return 0;
}
EXPORT_SYMBOL(pcmcia_register_socket);

/**
 * pcmcia_unregister_socket - remove a pcmcia socket device
 */
void pcmcia_unregister_socket(struct pcmcia_socket *socket)
{
	if (!socket)
		return;

	list_del_init(&socket->socket_list);

	/* wait for sysfs to drop all references */
	down(&socket->skt_sem);
	device_unregister(&socket->dev);
	down(&socket->skt_sem);
}
EXPORT_SYMBOL(pcmcia_unregister_socket);

static int __init init_pcmcia_cs(void)
{
	int ret;

	ret = class_register(&pcmcia_socket_class);
	if (ret)
		return ret;
	ret = class_interface_register(&pccard_rsrc_interface);
	if (ret)
		class_unregister(&pcmcia_socket_class);
	return ret;
}

static void __exit exit_pcmcia_cs(void)
{
	class_interface_unregister(&pccard_rsrc_interface);
	class_unregister(&pcmcia_socket_class);
}

subsys_initcall(init_pcmcia_cs);
module_exit(exit_pcmcia_cs);
