/* Test stub. */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H
#define EIO		5
#define ENOMEM		12
#define EBUSY		16
#define ENODEV		19
#define EINVAL		22
#endif
