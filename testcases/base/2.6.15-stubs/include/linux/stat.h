/* Test stub. */
#ifndef _LINUX_STAT_H
#define _LINUX_STAT_H
#define S_IRUGO		00444
#define S_IWUSR		00200
#endif
