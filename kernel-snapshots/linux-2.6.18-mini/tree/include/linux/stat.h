#ifndef _LINUX_STAT_H
#define _LINUX_STAT_H

/* permission bits for sysfs attributes */
#define S_IRUSR 00400
#define S_IWUSR 00200
#define S_IRGRP 00040
#define S_IWGRP 00020
#define S_IROTH 00004
#define S_IWOTH 00002

#define S_IRUGO		(S_IRUSR | S_IRGRP | S_IROTH)
#define S_IWUGO		(S_IWUSR | S_IWGRP | S_IWOTH)

#endif /* _LINUX_STAT_H */
