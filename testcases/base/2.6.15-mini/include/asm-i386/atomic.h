#ifndef __ARCH_I386_ATOMIC__
#define __ARCH_I386_ATOMIC__

#include <linux/compiler.h>

/*
 * Atomic operations that C can't guarantee us.  Useful for
 * resource counting etc..  This mini tree only needs their shape.
 */

typedef struct { volatile int counter; } atomic_t;

#define ATOMIC_INIT(i)	{ (i) }

#define atomic_read(v)		((v)->counter)
#define atomic_set(v,i)		(((v)->counter) = (i))

static __inline__ void atomic_inc(atomic_t *v)
{
	v->counter++;
}

static __inline__ int atomic_dec_and_test(atomic_t *v)
{
	return --v->counter == 0;
}

#endif
