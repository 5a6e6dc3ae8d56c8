#ifndef _LINUX_CONFIG_H
#define _LINUX_CONFIG_H

/*
 * The configuration: "make *config" writes autoconf.h.  The mini tree has
 * none; whoever parses it provides one (see the snapshot's README).
 */
#include <linux/autoconf.h>

#endif
