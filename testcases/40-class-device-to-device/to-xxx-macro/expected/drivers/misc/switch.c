#include <linux/device.h>
#include <linux/kobject.h>

struct sw {
	int on;
	struct device cdev;
};

#define to_sw(d) container_of(d, struct sw, cdev)
#define to_sw_cd(obj) container_of(obj, struct device, kobj)

static ssize_t sw_show_on(struct device *cd,
			  struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", to_sw(cd)->on);
}

static struct sw *sw_from_kobj(struct kobject *kobj)
{
	struct device *cd = container_of(kobj, struct device, kobj);

	return to_sw(cd);
}

static struct sw *sw_from_kobj2(struct kobject *kobj)
{
	return to_sw(to_sw_cd(kobj));
}
