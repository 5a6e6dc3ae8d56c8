#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <linux/compiler.h>
#include <asm/posix_types.h>
#include <asm/types.h>

typedef __u32			dev_t;
typedef __kernel_ino_t		ino_t;
typedef __kernel_mode_t		mode_t;
typedef __kernel_off_t		off_t;
typedef __kernel_pid_t		pid_t;
typedef __kernel_loff_t		loff_t;
typedef __kernel_size_t		size_t;
typedef __kernel_ssize_t	ssize_t;
typedef __kernel_ptrdiff_t	ptrdiff_t;
typedef __kernel_time_t		time_t;

typedef unsigned gfp_t;

#endif /* _LINUX_TYPES_H */
