/*
 * stub: libc's <errno.h> reaches this name for the error numbers: give it
 * the system's, then the rest of the stubs (see stub-kernel.h).
 */
#include_next <linux/errno.h>
#include "../stub-kernel.h"
