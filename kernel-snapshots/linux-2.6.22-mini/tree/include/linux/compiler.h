#ifndef __LINUX_COMPILER_H
#define __LINUX_COMPILER_H

/* annotations for sparse and gcc, reduced to what the tree uses */

#ifdef __CHECKER__
# define __user		__attribute__((noderef, address_space(1)))
# define __iomem	__attribute__((noderef, address_space(2)))
#else
# define __user
# define __iomem
#endif

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define __attribute_used__	__attribute__((__used__))
#define __must_check		__attribute__((warn_unused_result))

#endif /* __LINUX_COMPILER_H */
