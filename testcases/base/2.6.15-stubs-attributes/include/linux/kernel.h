/* Test stub: printk and friends. */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/errno.h>

#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"

typedef __builtin_va_list va_list;
#define va_start(v, l)	__builtin_va_start(v, l)
#define va_end(v)	__builtin_va_end(v)

extern int printk(const char *fmt, ...);
extern int sprintf(char *buf, const char *fmt, ...);
extern int snprintf(char *buf, size_t size, const char *fmt, ...);
extern int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
extern unsigned long simple_strtoul(const char *cp, char **endp,
				    unsigned int base);
extern long simple_strtol(const char *cp, char **endp, unsigned int base);
extern void BUG_ON(int condition);
extern void WARN_ON(int condition);

#define pr_debug(fmt, arg...)	do { } while (0)

#define offsetof(type, member)	((size_t) &((type *)0)->member)
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif
