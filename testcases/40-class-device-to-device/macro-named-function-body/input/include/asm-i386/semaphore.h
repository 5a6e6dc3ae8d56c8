/* Test stub. */
#ifndef _I386_SEMAPHORE_H
#define _I386_SEMAPHORE_H
struct semaphore {
	int count;
};
extern void down(struct semaphore *sem);
extern void up(struct semaphore *sem);
extern void init_MUTEX(struct semaphore *sem);
#endif
