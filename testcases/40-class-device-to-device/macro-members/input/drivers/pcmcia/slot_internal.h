#ifndef _SLOT_INTERNAL_H
#define _SLOT_INTERNAL_H

#define slot_socket_name(skt)	((skt)->dev.class_id)

#endif
