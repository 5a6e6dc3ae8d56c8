/*
 * ds.c -- 16-bit PCMCIA core support
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
 * (C) 2003 - 2004	Dominik Brodowski
 *
 * (Reduced for the mini tree: the pcmcia bus hears of sockets through a
 * class interface on pcmcia_socket_class.)
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/list.h>
#include <linux/device.h>

#include <pcmcia/ss.h>

/*====================================================================*/

/* Module parameters */

MODULE_AUTHOR("David Hinds <dahinds@users.sourceforge.net>");
MODULE_DESCRIPTION("PCMCIA Driver Services");
MODULE_LICENSE("GPL");

struct bus_type pcmcia_bus_type = {
	.name = "pcmcia",
};
EXPORT_SYMBOL(pcmcia_bus_type);

/* per-socket state of the 16-bit bus */
struct pcmcia_bus_socket {
	struct pcmcia_socket	*parent;
	int			state;
#define DS_SOCKET_PRESENT	0x01
#define DS_SOCKET_DEAD		0x80
};

static int __devinit pcmcia_bus_add_socket(struct device *class_dev,
					struct pcmcia_socket_bus_driver *intf)
{
	struct pcmcia_socket *socket = dev_get_drvdata(class_dev);
	struct pcmcia_bus_socket *s;

	s = kzalloc(sizeof(struct pcmcia_bus_socket), GFP_KERNEL);
	if (!s)
		return -ENOMEM;

	/* get reference to parent socket */
	s->parent = socket;
	s->state = DS_SOCKET_PRESENT;
	socket->driver_data = s;

	printk(KERN_DEBUG "ds: bus socket added for %s\n",
	       class_dev->bus_id);
	return 0;
}

static void pcmcia_bus_remove_socket(struct device *class_dev,
				struct pcmcia_socket_bus_driver *class_intf)
{
	struct pcmcia_socket *socket = dev_get_drvdata(class_dev);
	struct pcmcia_bus_socket *s = socket->driver_data;

	if (!s)
		return;

	s->state |= DS_SOCKET_DEAD;
	socket->driver_data = NULL;
	kfree(s);
}


/* the pcmcia_bus_interface is used to handle pcmcia socket devices */
static struct pcmcia_socket_bus_driver pcmcia_bus_driver = {
	.add = &pcmcia_bus_add_socket,
	.remove = &pcmcia_bus_remove_socket,
	.driver = {
		.name = "pcmcia_bus",
	},
};


static int __init init_pcmcia_bus(void)
{
	int ret;

	ret = bus_register(&pcmcia_bus_type);
	if (ret)
		return ret;
	ret = pcmcia_socket_bus_register_driver(&pcmcia_bus_driver);
	if (ret)
		bus_unregister(&pcmcia_bus_type);
	return ret;
}
fs_initcall(init_pcmcia_bus); /* one level after subsys_initcall so that
			       * pcmcia_socket_class is already registered */


static void __exit exit_pcmcia_bus(void)
{
	pcmcia_socket_bus_unregister_driver(&pcmcia_bus_driver);
	bus_unregister(&pcmcia_bus_type);
}
module_exit(exit_pcmcia_bus);
