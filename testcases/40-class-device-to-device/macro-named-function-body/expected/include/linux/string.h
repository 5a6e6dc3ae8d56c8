/* Test stub. */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H
#include <linux/types.h>
extern size_t strlen(const char *s);
extern size_t strlcpy(char *dest, const char *src, size_t size);
extern void *memset(void *s, int c, size_t n);
#endif
