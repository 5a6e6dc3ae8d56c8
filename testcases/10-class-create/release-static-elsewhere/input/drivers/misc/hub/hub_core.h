#ifndef _HUB_CORE_H
#define _HUB_CORE_H

#include <linux/device.h>

extern struct class hub_host_class;

#endif
