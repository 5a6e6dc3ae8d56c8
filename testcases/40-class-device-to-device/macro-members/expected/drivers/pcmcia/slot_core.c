#include <linux/kernel.h>
#include <linux/slot_ss.h>
#include "slot_internal.h"

/* The slot's own name macro, typed by this use: the one of the class device. */
#define slot_parent(skt)	((skt)->dev.parent)

int slot_socket_register(struct slot_socket *s)
{
	printk(KERN_INFO "slot %s on %p\n", slot_socket_name(s), slot_parent(s));
	s->dev.class = &slot_socket_class;
	return device_register(&s->dev);
}
