#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

struct ib_device {
	char			name[64];
	struct class_device	class_dev;
};

extern int ib_cache_setup(void);
extern void ib_cache_cleanup(void);

static void ib_device_release(struct class_device *cdev)
{
	struct ib_device *dev = container_of(cdev, struct ib_device, class_dev);

	kfree(dev);
}

static int ib_device_uevent(struct class_device *cdev, char **envp,
			    int num_envp, char *buf, int size)
{
	struct ib_device *dev = container_of(cdev, struct ib_device, class_dev);
	int i = 0, len = 0;

	if (add_uevent_var(envp, num_envp, &i, buf, size, &len,
			   "NAME=%s", dev->name))
		return -ENOMEM;
	envp[i] = NULL;
	return 0;
}

static struct class *ib_class;

int ib_sysfs_setup(void)
{
	int ret;

	ib_class = class_create(THIS_MODULE, "infiniband");
	if (IS_ERR(ib_class)) {
		ret = PTR_ERR(ib_class);
		printk(KERN_ERR "Couldn't create InfiniBand device class\n");
		return ret;
	}
	ib_class->release = ib_device_release;
	ib_class->uevent = ib_device_uevent;
	ret = ib_cache_setup();
	if (ret) {
		printk(KERN_WARNING "Couldn't set up InfiniBand P_Key/GID cache\n");
		class_destroy(ib_class);
	}
	return ret;
}

void ib_sysfs_cleanup(void)
{
	ib_cache_cleanup();
	class_destroy(ib_class);
}
