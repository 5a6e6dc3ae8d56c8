#include <linux/device.h>

/* A "const CLASS_DEVICE_ATTR(" in a comment stays as written. */
static const char *const alarm_modes[] = { "off", "on" };
static unsigned long alarm_at;

static ssize_t rtc_alarm_show(struct class_device *dev, char *buf)
{
	return sprintf(buf, "%lu %s\n", alarm_at, alarm_modes[alarm_at != 0]);
}

static ssize_t rtc_alarm_store(struct class_device *dev, const char *buf,
			       size_t n)
{
	alarm_at = simple_strtoul(buf, NULL, 0);
	return n;
}

/* a qualifier before the declarer: device_create_file() takes no const */
static const CLASS_DEVICE_ATTR(wakealarm, S_IRUGO | S_IWUSR,
		rtc_alarm_show, rtc_alarm_store);

static int rtc_alarm_add(struct class_device *class_dev)
{
	printk("const CLASS_DEVICE_ATTR(wakealarm) added\n");
	return class_device_create_file(class_dev, &class_device_attr_wakealarm);
}

static void rtc_alarm_remove(struct class_device *class_dev)
{
	class_device_remove_file(class_dev, &class_device_attr_wakealarm);
}
