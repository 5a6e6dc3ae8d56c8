/*
 * drivers/rtc/class.c - the real-time clock class
 *
 * (Written for the mini tree in the shape of 2.6.18.)
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stat.h>
#include <linux/rtc.h>

static struct class *rtc_class;
static int rtc_next_id;

static void rtc_device_release(struct class_device *class_dev)
{
	struct rtc_device *rtc = to_rtc_device(class_dev);

	kfree(rtc);
}

/* the owner's name, created with every clock through its groups */
static ssize_t rtc_show_owner(struct class_device *class_dev, char *buf)
{
	struct rtc_device *rtc = to_rtc_device(class_dev);

	return sprintf(buf, "%s\n", rtc->owner ? rtc->owner->name : "none");
}

static CLASS_DEVICE_ATTR(owner, S_IRUGO, rtc_show_owner, NULL);

static struct attribute *rtc_core_attrs[] = {
	&class_device_attr_owner.attr,
	NULL
};

static struct attribute_group rtc_core_group = {
	.attrs = rtc_core_attrs,
};

static struct attribute_group *rtc_core_groups[] = {
	&rtc_core_group,
	NULL
};

/*
 * rtc_device_register - register a clock with the class
 * @name: the driver's name for it
 * @dev: the clock chip
 * @ops: what the chip can do
 * @owner: the driver's module
 */
struct rtc_device *rtc_device_register(const char *name, struct device *dev,
				       const struct rtc_class_ops *ops,
				       struct module *owner)
{
	struct rtc_device *rtc;
	int err;

	rtc = kzalloc(sizeof(struct rtc_device), GFP_KERNEL);
	if (rtc == NULL)
		return ERR_PTR(-ENOMEM);

	rtc->id = rtc_next_id++;
	rtc->ops = ops;
	rtc->owner = owner;
	rtc->class_dev.dev = dev;
	rtc->class_dev.class = rtc_class;
	rtc->class_dev.release = rtc_device_release;
	rtc->class_dev.groups = rtc_core_groups;
	mutex_init(&rtc->ops_lock);

	strlcpy(rtc->name, name, RTC_DEVICE_NAME_SIZE);
	snprintf(rtc->class_dev.class_id, BUS_ID_SIZE, "rtc%d", rtc->id);

	err = class_device_register(&rtc->class_dev);
	if (err) {
		kfree(rtc);
		return ERR_PTR(err);
	}

	dev_info(dev, "rtc core: registered %s as %s\n",
		 rtc->name, rtc->class_dev.class_id);
	return rtc;
}
EXPORT_SYMBOL_GPL(rtc_device_register);

void rtc_device_unregister(struct rtc_device *rtc)
{
	mutex_lock(&rtc->ops_lock);
	rtc->ops = NULL;
	mutex_unlock(&rtc->ops_lock);
	class_device_unregister(&rtc->class_dev);
}
EXPORT_SYMBOL_GPL(rtc_device_unregister);

#if 0
/* clocks keep the name user space first saw */
static int rtc_device_rename(struct rtc_device *rtc, char *name)
{
	return class_device_rename(&rtc->class_dev, name);
}
#endif

int rtc_interface_register(struct class_interface *intf)
{
	intf->class = rtc_class;
	return class_interface_register(intf);
}
EXPORT_SYMBOL_GPL(rtc_interface_register);

int rtc_read_time(struct class_device *class_dev, struct rtc_time *tm)
{
	struct rtc_device *rtc = to_rtc_device(class_dev);
	int err;

	err = mutex_lock_interruptible(&rtc->ops_lock);
	if (err)
		return -EBUSY;
	if (!rtc->ops)
		err = -ENODEV;
	else if (!rtc->ops->read_time)
		err = -EINVAL;
	else {
		memset(tm, 0, sizeof(struct rtc_time));
		err = rtc->ops->read_time(class_dev->dev, tm);
	}
	mutex_unlock(&rtc->ops_lock);
	return err;
}
EXPORT_SYMBOL_GPL(rtc_read_time);

int rtc_set_time(struct class_device *class_dev, struct rtc_time *tm)
{
	struct rtc_device *rtc = to_rtc_device(class_dev);
	int err;

	err = mutex_lock_interruptible(&rtc->ops_lock);
	if (err)
		return -EBUSY;
	if (!rtc->ops || !rtc->ops->set_time)
		err = -EINVAL;
	else
		err = rtc->ops->set_time(class_dev->dev, tm);
	mutex_unlock(&rtc->ops_lock);
	return err;
}
EXPORT_SYMBOL_GPL(rtc_set_time);

static int __init rtc_init(void)
{
	rtc_class = class_create(THIS_MODULE, "rtc");
	if (IS_ERR(rtc_class)) {
		printk(KERN_ERR "rtc: couldn't create class\n");
		return PTR_ERR(rtc_class);
	}
	return 0;
}

static void __exit rtc_exit(void)
{
	class_destroy(rtc_class);
}

subsys_initcall(rtc_init);
module_exit(rtc_exit);

MODULE_LICENSE("GPL");
