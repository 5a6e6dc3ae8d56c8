#ifndef __LINUX_SPINLOCK_H
#define __LINUX_SPINLOCK_H

/* uniprocessor, non-debug locks: tokens for the parser */

typedef struct {
	volatile unsigned int slock;
} spinlock_t;

#define SPIN_LOCK_UNLOCKED	((spinlock_t) { 1 })
#define DEFINE_SPINLOCK(x)	spinlock_t x = SPIN_LOCK_UNLOCKED
#define spin_lock(lock)		do { (void)(lock); } while (0)
#define spin_unlock(lock)	do { (void)(lock); } while (0)

struct rw_semaphore {
	long count;
	spinlock_t wait_lock;
};

extern void down_read(struct rw_semaphore *sem);
extern void up_read(struct rw_semaphore *sem);
extern void down_write(struct rw_semaphore *sem);
extern void up_write(struct rw_semaphore *sem);

#endif /* __LINUX_SPINLOCK_H */
