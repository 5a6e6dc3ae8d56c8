#include <linux/bar.h>

static struct class_device *bar_ctl;

int bar_ctl_init(dev_t devt)
{
	bar_ctl = class_device_create(&bar_class, NULL, devt, NULL, "barctl");
	if (IS_ERR(bar_ctl))
		return PTR_ERR(bar_ctl);
	printk(KERN_INFO "%s: control node ready\n", bar_class.name);
	return 0;
}
