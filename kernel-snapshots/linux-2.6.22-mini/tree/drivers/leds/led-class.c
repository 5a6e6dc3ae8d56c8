/*
 * drivers/leds/led-class.c - the LED class
 *
 * (Written for the mini tree in the shape of 2.6.22, already converted:
 * every LED is a struct device made with device_create() below the
 * device that drives it, with device attributes.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/stat.h>
#include <linux/leds.h>

struct class *leds_class;
static LIST_HEAD(leds_list);

static ssize_t led_brightness_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct led_classdev *led_cdev = dev_get_drvdata(dev);

	return sprintf(buf, "%u\n", led_cdev->brightness);
}

static ssize_t led_brightness_store(struct device *dev,
				    struct device_attribute *attr,
				    const char *buf, size_t size)
{
	struct led_classdev *led_cdev = dev_get_drvdata(dev);
	char *after;
	unsigned long state = simple_strtoul(buf, &after, 10);

	if (after == buf)
		return -EINVAL;
	led_cdev->brightness = state;
	led_cdev->brightness_set(led_cdev, state);
	return size;
}

static DEVICE_ATTR(brightness, 0644, led_brightness_show,
		   led_brightness_store);

/*
 * led_classdev_register - register a new LED
 * @parent: the device that drives it
 * @led_cdev: the LED
 */
int led_classdev_register(struct device *parent, struct led_classdev *led_cdev)
{
	int rc;

	led_cdev->dev = device_create(leds_class, parent, 0, "%s",
				      led_cdev->name);
	if (IS_ERR(led_cdev->dev))
		return PTR_ERR(led_cdev->dev);
	dev_set_drvdata(led_cdev->dev, led_cdev);

	rc = device_create_file(led_cdev->dev, &dev_attr_brightness);
	if (rc) {
		device_unregister(led_cdev->dev);
		return rc;
	}
	list_add_tail(&led_cdev->node, &leds_list);

	printk(KERN_INFO "Registered led device: %s\n",
	       led_cdev->dev->bus_id);
	return 0;
}
EXPORT_SYMBOL_GPL(led_classdev_register);

void led_classdev_unregister(struct led_classdev *led_cdev)
{
	device_remove_file(led_cdev->dev, &dev_attr_brightness);
	device_unregister(led_cdev->dev);
	list_del_init(&led_cdev->node);
}
EXPORT_SYMBOL_GPL(led_classdev_unregister);

static int __init leds_init(void)
{
	leds_class = class_create(THIS_MODULE, "leds");
	if (IS_ERR(leds_class))
		return PTR_ERR(leds_class);
	return 0;
}

static void __exit leds_exit(void)
{
	class_destroy(leds_class);
}

subsys_initcall(leds_init);
module_exit(leds_exit);

EXPORT_SYMBOL_GPL(leds_class);

MODULE_LICENSE("GPL");
