/* Test stub. */
#ifndef _LINUX_COMPLETION_H
#define _LINUX_COMPLETION_H
struct completion {
	unsigned int done;
};
extern void init_completion(struct completion *x);
extern void complete(struct completion *x);
extern void wait_for_completion(struct completion *x);
#endif
