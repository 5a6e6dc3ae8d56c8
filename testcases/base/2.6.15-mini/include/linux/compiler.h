#ifndef __LINUX_COMPILER_H
#define __LINUX_COMPILER_H

#ifndef __ASSEMBLY__

#ifdef __CHECKER__
# define __user		__attribute__((noderef, address_space(1)))
# define __kernel	/* default address space */
# define __iomem	__attribute__((noderef, address_space(2)))
# define __nocast	__attribute__((nocast))
#else
# define __user
# define __kernel
# define __iomem
# define __nocast
#endif

#ifdef __KERNEL__

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#define __attribute_used__	__attribute__((__used__))
#define __must_check		__attribute__((warn_unused_result))
#define __deprecated		__attribute__((deprecated))
#define noinline		__attribute__((noinline))
#define __attribute_const__	__attribute__((__const__))

#endif /* __KERNEL__ */

#endif /* __ASSEMBLY__ */

#endif /* __LINUX_COMPILER_H */
