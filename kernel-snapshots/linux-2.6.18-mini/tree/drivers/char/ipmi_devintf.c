/*
 * ipmi_devintf.c - character device nodes for the IPMI interfaces
 *
 * (Written for the mini tree in the shape of 2.6.18.)  One node per
 * interface, /dev/ipmi<N>; an interface has no device of its own, so
 * the class devices have no parent.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kdev_t.h>
#include <linux/err.h>
#include <linux/slab.h>

#define IPMI_MAX_INTF	4

static int ipmi_major;

static int ipmi_uevent(struct class_device *cd, char **envp, int num_envp,
		       char *buffer, int buffer_size)
{
	int i = 0;
	int length = 0;

	add_uevent_var(envp, num_envp, &i, buffer, buffer_size, &length,
		       "IPMI_INTF=%u", MINOR(cd->devt));
	envp[i] = NULL;
	return 0;
}

static void ipmi_release(struct class_device *cd)
{
	kfree(cd);
}

static struct class ipmi_class = {
	.name		= "ipmi",
	.owner		= THIS_MODULE,
	.uevent		= ipmi_uevent,
	.release	= ipmi_release,
};

static int ipmi_open(struct inode *inode, struct file *file)
{
	return 0;
}

static int ipmi_close(struct inode *inode, struct file *file)
{
	return 0;
}

static struct file_operations ipmi_fops = {
	.owner		= THIS_MODULE,
	.open		= ipmi_open,
	.release	= ipmi_close,
};

/* the message handler calls these as interfaces come and go */
void ipmi_new_smi(int if_num)
{
	dev_t dev = MKDEV(ipmi_major, if_num);

	class_device_create(&ipmi_class, NULL, dev, NULL, "ipmi%d", if_num);
}

void ipmi_smi_gone(int if_num)
{
	class_device_destroy(&ipmi_class, MKDEV(ipmi_major, if_num));
}

static int __init init_ipmi_devintf(void)
{
	int rv;

	rv = class_register(&ipmi_class);
	if (rv)
		return rv;

	rv = register_chrdev(ipmi_major, "ipmidev", &ipmi_fops);
	if (rv < 0) {
		class_unregister(&ipmi_class);
		printk(KERN_ERR "ipmi: can't get major %d\n", ipmi_major);
		return rv;
	}
	if (ipmi_major == 0)
		ipmi_major = rv;
	return 0;
}
module_init(init_ipmi_devintf);

static void __exit cleanup_ipmi(void)
{
	unregister_chrdev(ipmi_major, "ipmidev");
	class_unregister(&ipmi_class);
}
module_exit(cleanup_ipmi);

MODULE_LICENSE("GPL");
