#ifndef _LINUX_STRING_H_
#define _LINUX_STRING_H_

#include <linux/types.h>

extern size_t strlen(const char *s);
extern int strcmp(const char *a, const char *b);
extern char *strcpy(char *dest, const char *src);
extern size_t strlcpy(char *dest, const char *src, size_t size);
extern void *memset(void *s, int c, size_t n);
extern void *memcpy(void *dest, const void *src, size_t n);

#endif /* _LINUX_STRING_H_ */
