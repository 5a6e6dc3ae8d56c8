/* drivers/base/power/power.h - test stub */
extern int device_pm_add(struct device *dev);
extern void device_pm_remove(struct device *dev);
