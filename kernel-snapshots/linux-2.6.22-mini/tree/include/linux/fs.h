#ifndef _LINUX_FS_H
#define _LINUX_FS_H

/* character devices: the file operations and major numbers */

#include <linux/types.h>

struct module;
struct inode;
struct file;

struct file_operations {
	struct module *owner;
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t,
			 loff_t *);
	int (*open)(struct inode *, struct file *);
	int (*release)(struct inode *, struct file *);
};

extern int register_chrdev(unsigned int major, const char *name,
			   const struct file_operations *fops);
extern int unregister_chrdev(unsigned int major, const char *name);

#endif /* _LINUX_FS_H */
