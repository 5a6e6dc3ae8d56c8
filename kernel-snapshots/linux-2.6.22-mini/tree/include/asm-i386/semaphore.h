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

#define init_MUTEX(sem) \
	do { atomic_set(&(sem)->count, 1); (sem)->sleepers = 0; } while (0)

extern void down(struct semaphore *sem);
extern int down_interruptible(struct semaphore *sem);
extern void up(struct semaphore *sem);

#endif /* _I386_SEMAPHORE_H */
