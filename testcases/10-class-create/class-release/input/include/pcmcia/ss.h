#ifndef _LINUX_SS_H
#define _LINUX_SS_H

#include <linux/device.h>
#include <linux/completion.h>

struct pcmcia_socket {
	struct class_device		dev;
	struct completion		socket_released;
};

extern struct class pcmcia_socket_class;

#endif /* _LINUX_SS_H */
