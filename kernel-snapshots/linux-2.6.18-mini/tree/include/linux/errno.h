#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

/* the error numbers the tree returns */
#define ENOENT		 2
#define EIO		 5
#define ENXIO		 6
#define ENOMEM		12
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define EINVAL		22
#define ENOSPC		28

#endif /* _LINUX_ERRNO_H */
