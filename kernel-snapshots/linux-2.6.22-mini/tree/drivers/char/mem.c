/*
 * drivers/char/mem.c - the memory devices: null, zero, full
 *
 * (Written for the mini tree in the shape of 2.6.22, already converted:
 * the nodes are struct devices with no parent, which this core puts
 * under /sys/devices/virtual/mem/.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/err.h>

#define MEM_MAJOR	1

static struct class *mem_class;

static int memory_open(struct inode *inode, struct file *filp)
{
	return 0;
}

static const struct file_operations memory_fops = {
	.open		= memory_open,
};

static const struct {
	unsigned int minor;
	char *name;
} devlist[] = {
	{ 3, "null" },
	{ 5, "zero" },
	{ 7, "full" },
};

static int __init chr_dev_init(void)
{
	int i;

	if (register_chrdev(MEM_MAJOR, "mem", &memory_fops))
		printk(KERN_ERR "unable to get major %d for memory devs\n",
		       MEM_MAJOR);

	mem_class = class_create(THIS_MODULE, "mem");
	if (IS_ERR(mem_class))
		return PTR_ERR(mem_class);
	for (i = 0; i < ARRAY_SIZE(devlist); i++)
		device_create(mem_class, NULL,
			      MKDEV(MEM_MAJOR, devlist[i].minor),
			      "%s", devlist[i].name);
	return 0;
}

fs_initcall(chr_dev_init);
