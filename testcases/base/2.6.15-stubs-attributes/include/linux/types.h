/* Test stub: just the types the test inputs use. */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

typedef unsigned int dev_t;
typedef unsigned long size_t;
typedef long ssize_t;
typedef unsigned short mode_t;
typedef unsigned long long u64;
typedef unsigned int gfp_t;
typedef long long loff_t;

#define NULL ((void *)0)

#endif
