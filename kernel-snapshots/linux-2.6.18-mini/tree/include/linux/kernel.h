#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

/* printk, the string formatters, container_of and friends */

#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/compiler.h>

/* the compiler's <stdarg.h>: the tree is parsed with -nostdinc */
typedef __builtin_va_list va_list;
#define va_start(v, l)	__builtin_va_start(v, l)
#define va_end(v)	__builtin_va_end(v)
#define va_arg(v, l)	__builtin_va_arg(v, l)

#define INT_MAX		((int)(~0U >> 1))
#define ARRAY_SIZE(x)	(sizeof(x) / sizeof((x)[0]))

#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"

extern int printk(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
extern int sprintf(char *buf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
extern int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
extern int vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
	__attribute__((format(printf, 3, 0)));
extern int sscanf(const char *, const char *, ...)
	__attribute__((format(scanf, 2, 3)));
extern unsigned long simple_strtoul(const char *, char **, unsigned int);

#define WARN_ON(cond) do {						\
	if (unlikely(cond))						\
		printk("warning at %s:%d\n", __FILE__, __LINE__);	\
} while (0)

#define pr_debug(fmt, arg...)	do { } while (0)

#define container_of(ptr, type, member) ({			\
	const typeof(((type *)0)->member) *__mptr = (ptr);	\
	(type *)((char *)__mptr - offsetof(type, member)); })

#endif /* _LINUX_KERNEL_H */
