/* Test stub: as in 2.6.16, <linux/fs.h> brings <linux/err.h>. */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H
#include <linux/types.h>
#include <linux/err.h>
struct module;
struct file_operations {
	struct module *owner;
};
extern int register_chrdev(unsigned int major, const char *name,
			   struct file_operations *fops);
extern int unregister_chrdev(unsigned int major, const char *name);
#endif
