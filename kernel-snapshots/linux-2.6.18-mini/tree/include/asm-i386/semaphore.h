#ifndef _I386_SEMAPHORE_H
#define _I386_SEMAPHORE_H

/*
 * Counting semaphores: the driver core still locks a class's lists with
 * one (the mutex came in 2.6.16 but the class code kept its semaphore).
 */
#include <asm/atomic.h>
#include <linux/spinlock.h>

struct semaphore {
	atomic_t count;
	int sleepers;
};

#define __SEMAPHORE_INITIALIZER(name, n) \
	{ .count = ATOMIC_INIT(n), .sleepers = 0 }

#define __DECLARE_SEMAPHORE_GENERIC(name, count) \
	struct semaphore name = __SEMAPHORE_INITIALIZER(name, count)

#define DECLARE_MUTEX(name)		__DECLARE_SEMAPHORE_GENERIC(name, 1)
#define DECLARE_MUTEX_LOCKED(name)	__DECLARE_SEMAPHORE_GENERIC(name, 0)

#define init_MUTEX(sem) \
	do { atomic_set(&(sem)->count, 1); (sem)->sleepers = 0; } while (0)

extern void down(struct semaphore *sem);
extern int down_interruptible(struct semaphore *sem);
extern void up(struct semaphore *sem);

#endif /* _I386_SEMAPHORE_H */
