#ifndef _LINUX_FS_H
#define _LINUX_FS_H

/*
 * This file has definitions for some important file table
 * structures etc.
 *
 * (Only what character drivers of the mini tree touch.)
 */

#include <linux/config.h>
#include <linux/types.h>
#include <linux/kdev_t.h>
#include <linux/list.h>

struct module;
struct poll_table_struct;
struct vm_area_struct;

/* file is open for reading */
#define FMODE_READ 1
/* file is open for writing */
#define FMODE_WRITE 2

struct inode {
	struct list_head	i_list;
	unsigned long		i_ino;
	umode_t			i_mode;
	dev_t			i_rdev;
	loff_t			i_size;
	void			*i_private;
};

struct file {
	struct list_head	f_list;
	struct file_operations	*f_op;
	mode_t			f_mode;
	loff_t			f_pos;
	unsigned int		f_flags;
	void			*private_data;
};

static inline unsigned iminor(struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned imajor(struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

/*
 * NOTE:
 * read, write, poll, fsync, readv, writev can be called
 *   without the big kernel lock held in all filesystems.
 */
struct file_operations {
	struct module *owner;
	loff_t (*llseek) (struct file *, loff_t, int);
	ssize_t (*read) (struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write) (struct file *, const char __user *, size_t, loff_t *);
	unsigned int (*poll) (struct file *, struct poll_table_struct *);
	int (*ioctl) (struct inode *, struct file *, unsigned int,
		      unsigned long);
	int (*mmap) (struct file *, struct vm_area_struct *);
	int (*open) (struct inode *, struct file *);
	int (*release) (struct inode *, struct file *);
};

extern int register_chrdev(unsigned int, const char *,
			   struct file_operations *);
extern int unregister_chrdev(unsigned int, const char *);
extern int register_chrdev_region(dev_t, unsigned, const char *);
extern void unregister_chrdev_region(dev_t, unsigned);

extern loff_t no_llseek(struct file *file, loff_t offset, int origin);
extern int nonseekable_open(struct inode * inode, struct file * filp);

#endif /* _LINUX_FS_H */
