/*
 * hwmon.c - the hardware monitoring class
 *
 * (Written for the mini tree in the shape of 2.6.22.)
 */

#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/hwmon.h>

#define HWMON_ID_PREFIX "hwmon"
#define HWMON_ID_FORMAT HWMON_ID_PREFIX "%d"

static struct class *hwmon_class;
static int hwmon_next_id;

/*
 * hwmon_device_register - register a sensor chip with the class
 * @dev: the chip's device, which holds the sensor attributes
 *
 * Returns the class device or an ERR_PTR().
 */
struct class_device *hwmon_device_register(struct device *dev)
{
	int id = hwmon_next_id++;

	return class_device_create(hwmon_class, NULL, MKDEV(0, 0), dev,
				   HWMON_ID_FORMAT, id);
}

void hwmon_device_unregister(struct class_device *cdev)
{
	int id;

	if (likely(sscanf(cdev->class_id, HWMON_ID_FORMAT, &id) == 1))
		class_device_unregister(cdev);
	else
		dev_err(cdev->dev, "hwmon_device_unregister() failed: "
			"bad class ID!\n");
}

static int __init hwmon_init(void)
{
	hwmon_class = class_create(THIS_MODULE, "hwmon");
	if (IS_ERR(hwmon_class)) {
		printk(KERN_ERR "hwmon.c: couldn't create sysfs class\n");
		return PTR_ERR(hwmon_class);
	}
	return 0;
}

static void __exit hwmon_exit(void)
{
	class_destroy(hwmon_class);
}

subsys_initcall(hwmon_init);
module_exit(hwmon_exit);

EXPORT_SYMBOL_GPL(hwmon_device_register);
EXPORT_SYMBOL_GPL(hwmon_device_unregister);

MODULE_LICENSE("GPL");
