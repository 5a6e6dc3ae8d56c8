#ifndef __LINUX_SPINLOCK_H
#define __LINUX_SPINLOCK_H

/*
 * include/linux/spinlock.h - generic spinlock/rwlock declarations
 *
 * Uniprocessor, non-debug flavour only: the lock is a token that
 * the parser must see, nothing more.
 */
#include <linux/config.h>
#include <linux/compiler.h>
#include <linux/cache.h>

typedef struct {
	volatile unsigned int slock;
} spinlock_t;

#define SPIN_LOCK_UNLOCKED	(spinlock_t) { 1 }
#define DEFINE_SPINLOCK(x)	spinlock_t x = SPIN_LOCK_UNLOCKED
#define spin_lock_init(x)	do { *(x) = SPIN_LOCK_UNLOCKED; } while (0)

#define spin_lock(lock)		do { (void)(lock); } while (0)
#define spin_unlock(lock)	do { (void)(lock); } while (0)
#define spin_lock_irqsave(lock, flags) \
	do { (flags) = 0; (void)(lock); } while (0)
#define spin_unlock_irqrestore(lock, flags) \
	do { (void)(flags); (void)(lock); } while (0)

/* the semaphore that 2.6.15 still uses where later kernels take a mutex */
struct semaphore {
	int count;
	int sleepers;
} ____cacheline_aligned_in_smp;

#define __SEMAPHORE_INITIALIZER(name, n) { .count = (n), .sleepers = 0 }
#define DECLARE_MUTEX(name) \
	struct semaphore name = __SEMAPHORE_INITIALIZER(name, 1)
#define init_MUTEX(sem)	do { (sem)->count = 1; (sem)->sleepers = 0; } while (0)

extern void down(struct semaphore *sem);
extern int down_interruptible(struct semaphore *sem);
extern void up(struct semaphore *sem);

struct rw_semaphore {
	long count;
	spinlock_t wait_lock;
};

extern void down_read(struct rw_semaphore *sem);
extern void up_read(struct rw_semaphore *sem);
extern void down_write(struct rw_semaphore *sem);
extern void up_write(struct rw_semaphore *sem);

#endif /* __LINUX_SPINLOCK_H */
