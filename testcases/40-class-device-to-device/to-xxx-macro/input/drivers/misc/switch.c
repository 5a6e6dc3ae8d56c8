#include <linux/device.h>
#include <linux/kobject.h>

struct sw {
	int on;
	struct class_device cdev;
};

#define to_sw(d) container_of(d, struct sw, cdev)
#define to_sw_cd(obj) container_of(obj, struct class_device, kobj)

static ssize_t sw_show_on(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", to_sw(cd)->on);
}

static struct sw *sw_from_kobj(struct kobject *kobj)
{
	struct class_device *cd = to_class_dev(kobj);

	return to_sw(cd);
}

static struct sw *sw_from_kobj2(struct kobject *kobj)
{
	return to_sw(to_sw_cd(kobj));
}
