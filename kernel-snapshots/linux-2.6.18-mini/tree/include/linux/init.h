#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>

/* code and data only needed while booting or loading */
#define __init		__attribute__((__section__(".init.text")))
#define __exit		__attribute__((__section__(".exit.text")))
#define __devinit
#define __devexit
#define __devexit_p(x)	x

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

#define __define_initcall(level, fn) \
	static initcall_t __initcall_##fn __attribute_used__ \
	__attribute__((__section__(".initcall" level ".init"))) = fn

#define core_initcall(fn)	__define_initcall("1", fn)
#define postcore_initcall(fn)	__define_initcall("2", fn)
#define subsys_initcall(fn)	__define_initcall("4", fn)
#define device_initcall(fn)	__define_initcall("6", fn)

#endif /* _LINUX_INIT_H */
