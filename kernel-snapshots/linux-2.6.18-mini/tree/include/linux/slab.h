#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>

/* the allocator's entry points, with the two gfp masks drivers use */
#define GFP_ATOMIC	((gfp_t)0x20u)
#define GFP_KERNEL	((gfp_t)0xd0u)

extern void *kmalloc(size_t size, gfp_t flags);
extern void *kzalloc(size_t size, gfp_t flags);
extern void kfree(const void *objp);

#endif /* _LINUX_SLAB_H */
