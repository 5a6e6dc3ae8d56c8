#include <linux/device.h>
#include <linux/slab.h>

struct beacon {
	int id;
	struct class_device cdev;
};

static ssize_t beacon_show_id(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", container_of(cd, struct beacon, cdev)->id);
}

static struct class_device_attribute beacon_cd_attrs[] = {
	__ATTR(id, S_IRUGO, beacon_show_id, NULL),
	__ATTR_NULL,
};

static void beacon_release(struct class_device *cd)
{
	kfree(container_of(cd, struct beacon, cdev));
}

static int beacon_hotplug(struct class_device *cd, char **envp, int num_envp,
			  char *buffer, int buffer_size)
{
	envp[0] = NULL;
	return 0;
}

static struct class beacon_class = {
	.name		= "beacon",
	.release	= beacon_release,
	.hotplug	= beacon_hotplug,
	.class_dev_attrs = beacon_cd_attrs,
};

static void beacon_setup(struct class *cls)
{
	cls->release = beacon_release;
	cls->hotplug = beacon_hotplug;
	cls->class_dev_attrs = beacon_cd_attrs;
}

static int beacon_count(struct class *cls)
{
	struct class_device *cd;
	int n = 0;

	down(&cls->sem);
	list_for_each_entry(cd, &cls->children, node)
		n++;
	up(&cls->sem);
	return n;
}
