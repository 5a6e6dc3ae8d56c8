#ifndef _LINUX_RTC_H_
#define _LINUX_RTC_H_

/*
 * rtc.h - the real-time clock class (2.6.17 on)
 *
 * Every clock is a struct rtc_device holding its class device; the class
 * API below is typed with struct class_device * throughout, while the
 * driver operations take the clock chip's own struct device.
 */

#include <linux/device.h>
#include <linux/mutex.h>

struct rtc_time {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
};

struct rtc_class_ops {
	int (*read_time)(struct device *, struct rtc_time *);
	int (*set_time)(struct device *, struct rtc_time *);
};

#define RTC_DEVICE_NAME_SIZE 20

struct rtc_device {
	struct class_device class_dev;
	struct module *owner;

	int id;
	char name[RTC_DEVICE_NAME_SIZE];

	const struct rtc_class_ops *ops;
	struct mutex ops_lock;
};

#define to_rtc_device(d) container_of(d, struct rtc_device, class_dev)

extern struct rtc_device *rtc_device_register(const char *name,
					      struct device *dev,
					      const struct rtc_class_ops *ops,
					      struct module *owner);
extern void rtc_device_unregister(struct rtc_device *rdev);
extern int rtc_interface_register(struct class_interface *intf);

extern int rtc_read_time(struct class_device *class_dev,
			 struct rtc_time *tm);
extern int rtc_set_time(struct class_device *class_dev, struct rtc_time *tm);

#endif /* _LINUX_RTC_H_ */
