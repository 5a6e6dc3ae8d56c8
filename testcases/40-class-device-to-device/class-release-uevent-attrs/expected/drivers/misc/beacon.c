#include <linux/device.h>
#include <linux/slab.h>

struct beacon {
	int id;
	struct device cdev;
};

static ssize_t beacon_show_id(struct device *cd,
			      struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", container_of(cd, struct beacon, cdev)->id);
}

static struct device_attribute beacon_cd_attrs[] = {
	__ATTR(id, S_IRUGO, beacon_show_id, NULL),
	__ATTR_NULL,
};

static void beacon_release(struct device *cd)
{
	kfree(container_of(cd, struct beacon, cdev));
}

static int beacon_hotplug(struct device *cd, char **envp, int num_envp,
			  char *buffer, int buffer_size)
{
	envp[0] = NULL;
	return 0;
}

static struct class beacon_class = {
	.name		= "beacon",
	.dev_release	= beacon_release,
	.dev_uevent	= beacon_hotplug,
	.dev_attrs = beacon_cd_attrs,
};

static void beacon_setup(struct class *cls)
{
	cls->dev_release = beacon_release;
	cls->dev_uevent = beacon_hotplug;
	cls->dev_attrs = beacon_cd_attrs;
}

static int beacon_count(struct class *cls)
{
	struct device *cd;
	int n = 0;

	down(&cls->sem);
	list_for_each_entry(cd, &cls->devices, node)
		n++;
	up(&cls->sem);
	return n;
}
