#ifndef __ARCH_I386_ATOMIC__
#define __ARCH_I386_ATOMIC__

/* The shape of i386 atomics; the mini tree is parsed, never run. */

typedef struct { volatile int counter; } atomic_t;

#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		((v)->counter)
#define atomic_set(v, i)	(((v)->counter) = (i))

static inline void atomic_inc(atomic_t *v)
{
	v->counter++;
}

static inline int atomic_dec_and_test(atomic_t *v)
{
	return --v->counter == 0;
}

#endif /* __ARCH_I386_ATOMIC__ */
