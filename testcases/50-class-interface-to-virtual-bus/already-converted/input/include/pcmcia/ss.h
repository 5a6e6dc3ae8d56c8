/*
 * ss.h
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
 * (Reduced for the mini tree: the socket, which is a class device of the
 * pcmcia_socket class, and the class interfaces that follow sockets.)
 */

#ifndef _LINUX_SS_H
#define _LINUX_SS_H

#include <linux/config.h>
#include <linux/device.h>
#include <linux/spinlock.h>

/* Definitions for card status flags for GetStatus */
#define SS_WRPROT	0x0001
#define SS_CARDLOCK	0x0002
#define SS_EJECTION	0x0004
#define SS_INSERTION	0x0008
#define SS_BATDEAD	0x0010
#define SS_BATWARN	0x0020
#define SS_READY	0x0040
#define SS_DETECT	0x0080
#define SS_POWERON	0x0100

/* socket capabilities */
#define SS_CAP_PAGE_REGS	0x0001
#define SS_CAP_VIRTUAL_BUS	0x0002
#define SS_CAP_MEM_ALIGN	0x0004
#define SS_CAP_STATIC_MAP	0x0008
#define SS_CAP_PCCARD		0x4000
#define SS_CAP_CARDBUS		0x8000

struct pcmcia_socket;
struct resource;

struct pccard_operations {
	int (*init)(struct pcmcia_socket *sock);
	int (*suspend)(struct pcmcia_socket *sock);
	int (*get_status)(struct pcmcia_socket *sock, u_int *value);
};

struct pccard_resource_ops {
	int	(*validate_mem)		(struct pcmcia_socket *s);
	int	(*adjust_io_region)	(struct resource *res,
					 unsigned long r_start,
					 unsigned long r_end,
					 struct pcmcia_socket *s);
	int	(*init)			(struct pcmcia_socket *s);
	void	(*exit)			(struct pcmcia_socket *s);
};

struct pcmcia_socket {
	struct module			*owner;
	spinlock_t			lock;
	struct pccard_operations *	ops;
	struct pccard_resource_ops *	resource_ops;
	void				*resource_data;

	u_int				state;
	u_int				features;
	u_int				irq_mask;
	u_int				map_size;
	u_int				io_offset;
	u_char				pci_irq;
	u_int				sock;	/* socket number */

	/* socket operations */
	struct list_head		socket_list;

	/* Zoom video behaviour is so chip specific its not worth adding
	   this to _ops */
	void (*zoom_video)(struct pcmcia_socket *, int);

	/* state thread */
	struct semaphore		skt_sem; /* protects socket h/w state */

	/* pcmcia (16-bit) */
	u8				pcmcia_state_present:1;
	u8				device_count;

	/* socket device */
	struct device		dev;
	void				*driver_data;	/* socket driver data */
};

/* the class the sockets belong to, and the interfaces that watch it */
extern struct class pcmcia_socket_class;

/*
 * A driver of the virtual bus of the class above, what was an interface
 * of the class: add() is called with each device of the class, present
 * or to come, and remove() when the device or the driver goes.
 */
struct pcmcia_socket_bus_driver {
	int (*add)(struct device *dev, struct pcmcia_socket_bus_driver *drv);
	void (*remove)(struct device *dev,
		       struct pcmcia_socket_bus_driver *drv);
	struct device_driver driver;
};

extern struct bus_type pcmcia_socket_bus_type;
extern int pcmcia_socket_bus_register_driver(struct pcmcia_socket_bus_driver *);
extern void
pcmcia_socket_bus_unregister_driver(struct pcmcia_socket_bus_driver *);
extern void pcmcia_socket_bus_add_device(struct device *);
extern void pcmcia_socket_bus_del_device(struct device *);
extern struct pcmcia_socket_bus_driver pccard_rsrc_driver;

/* socket drivers are expected to use these callbacks in their .drv struct */
extern int pcmcia_socket_dev_suspend(struct device *dev, pm_message_t state);
extern int pcmcia_socket_dev_resume(struct device *dev);

/* socket drivers use this callback in their IRQ handler */
extern void pcmcia_parse_events(struct pcmcia_socket *socket,
				unsigned int events);

extern int pcmcia_register_socket(struct pcmcia_socket *socket);
extern void pcmcia_unregister_socket(struct pcmcia_socket *socket);

#endif /* _LINUX_SS_H */
