/*
 * linux/mm/slab.h
 * Written by Mark Hemment, 1996.
 * (markhe@nextd.demon.co.uk)
 */

#ifndef _LINUX_SLAB_H
#define	_LINUX_SLAB_H

#if	defined(__KERNEL__)

#include <linux/config.h>
#include <linux/types.h>

/* flags for kmalloc(), a subset of the gfp flags */
#define	__GFP_WAIT	((gfp_t)0x10u)	/* Can wait and reschedule? */
#define	__GFP_IO	((gfp_t)0x40u)	/* Can start physical IO? */
#define	__GFP_FS	((gfp_t)0x80u)	/* Can call down to low-level FS? */
#define	__GFP_HIGH	((gfp_t)0x20u)	/* Should access emergency pools? */

#define GFP_ATOMIC	(__GFP_HIGH)
#define GFP_KERNEL	(__GFP_WAIT | __GFP_IO | __GFP_FS)

extern void *__kmalloc(size_t, gfp_t);

static inline void *kmalloc(size_t size, gfp_t flags)
{
	return __kmalloc(size, flags);
}

extern void *kzalloc(size_t, gfp_t);
extern void *kcalloc(size_t, size_t, gfp_t);
extern void kfree(const void *);
extern unsigned int ksize(const void *);

#endif	/* __KERNEL__ */

#endif	/* _LINUX_SLAB_H */
