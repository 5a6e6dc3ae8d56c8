#ifndef __LINUX_MUTEX_H
#define __LINUX_MUTEX_H

/* sleeping locks with one owner (2.6.16 on) */

#include <asm/atomic.h>
#include <linux/spinlock.h>

struct mutex {
	atomic_t count;
	spinlock_t wait_lock;
};

#define DEFINE_MUTEX(name) \
	struct mutex name = { ATOMIC_INIT(1), SPIN_LOCK_UNLOCKED }

extern void mutex_init(struct mutex *lock);
extern void mutex_lock(struct mutex *lock);
extern int mutex_lock_interruptible(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);

#endif /* __LINUX_MUTEX_H */
