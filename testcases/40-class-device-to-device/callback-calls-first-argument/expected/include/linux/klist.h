/* Test stub. */
#ifndef _LINUX_KLIST_H
#define _LINUX_KLIST_H
#include <linux/list.h>
struct klist_node;
struct klist {
	struct list_head	k_list;
	void			(*get)(struct klist_node *);
	void			(*put)(struct klist_node *);
};
struct klist_node {
	struct klist		*n_klist;
	struct list_head	n_node;
};
extern void klist_init(struct klist *k, void (*get)(struct klist_node *),
		       void (*put)(struct klist_node *));
extern void klist_add_tail(struct klist *k, struct klist_node *n);
extern void klist_del(struct klist_node *n);
#endif
