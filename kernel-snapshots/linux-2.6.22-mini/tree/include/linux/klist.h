#ifndef _LINUX_KLIST_H
#define _LINUX_KLIST_H

/*
 * Lists whose nodes are reference counted, so a walker can drop the lock
 * between two entries (the driver core's children, drivers and buses).
 */
#include <linux/spinlock.h>
#include <linux/list.h>
#include <linux/kobject.h>

struct klist_node;

struct klist {
	spinlock_t k_lock;
	struct list_head k_list;
	void (*get)(struct klist_node *);
	void (*put)(struct klist_node *);
};

struct klist_node {
	struct klist *n_klist;
	struct list_head n_node;
	struct kref n_ref;
};

extern void klist_init(struct klist *k, void (*get)(struct klist_node *),
		       void (*put)(struct klist_node *));
extern void klist_add_tail(struct klist_node *n, struct klist *k);
extern void klist_del(struct klist_node *n);
extern int klist_node_attached(struct klist_node *n);

#endif /* _LINUX_KLIST_H */
