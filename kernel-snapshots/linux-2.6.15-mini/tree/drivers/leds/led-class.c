/*
 * LED Class Core
 *
 * Written for the mini tree in the shape of the LED class of the 2.6.15
 * era: a dynamic class ("leds"), one class device per LED below its
 * physical device, a brightness attribute and a trigger attribute.
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/leds.h>

static struct class *leds_class;
static LIST_HEAD(leds_list);
static DEFINE_SPINLOCK(leds_list_lock);

static void led_update_brightness(struct led_classdev *led_cdev, int value)
{
	if (value > LED_FULL)
		value = LED_FULL;
	led_cdev->brightness = value;
	if (!(led_cdev->flags & LED_SUSPENDED))
		led_cdev->brightness_set(led_cdev, value);
}

static ssize_t led_brightness_show(struct class_device *dev, char *buf)
{
	struct led_classdev *led_cdev = class_get_devdata(dev);

	/* no lock needed for this */
	return sprintf(buf, "%u\n", led_cdev->brightness);
}

static ssize_t led_brightness_store(struct class_device *dev,
				    const char *buf, size_t size)
{
	struct led_classdev *led_cdev = class_get_devdata(dev);
	ssize_t ret = -EINVAL;
	char *after;
	unsigned long state = simple_strtoul(buf, &after, 10);

	if (after - buf > 0) {
		ret = after - buf;
		led_update_brightness(led_cdev, state);
	}

	return ret;
}

static CLASS_DEVICE_ATTR(brightness, 0644, led_brightness_show,
			 led_brightness_store);

#ifdef CONFIG_LEDS_TRIGGERS
/* the trigger core (ledtrig.c) provides both callbacks when configured */
extern ssize_t led_trigger_show(struct class_device *dev, char *buf);
extern ssize_t led_trigger_store(struct class_device *dev, const char *buf,
				 size_t count);
static CLASS_DEVICE_ATTR(trigger, 0644, led_trigger_show, led_trigger_store);
#else
/* without triggers the attribute only says so */
static ssize_t led_trigger_show(struct class_device *dev, char *buf)
{
	return sprintf(buf, "[none]\n");
}
static CLASS_DEVICE_ATTR(trigger, 0444, led_trigger_show, NULL);
#endif

/**
 * led_classdev_register - register a new object of led_classdev class.
 * @parent: The device to register.
 * @led_cdev: the led_classdev structure for this device.
 */
int led_classdev_register(struct device *parent, struct led_classdev *led_cdev)
{
	int rc;

	led_cdev->class_dev = class_device_create(leds_class, NULL, 0,
						  parent, "%s", led_cdev->name);
	if (IS_ERR(led_cdev->class_dev))
		return PTR_ERR(led_cdev->class_dev);

	class_set_devdata(led_cdev->class_dev, led_cdev);

	/* register the attributes */
	rc = class_device_create_file(led_cdev->class_dev,
				      &class_device_attr_brightness);
	if (rc)
		goto err_out;

	rc = class_device_create_file(led_cdev->class_dev,
				      &class_device_attr_trigger);
	if (rc)
		goto err_out_brightness;

	/* add to the list of leds */
	spin_lock(&leds_list_lock);
	list_add_tail(&led_cdev->node, &leds_list);
	spin_unlock(&leds_list_lock);

	printk(KERN_INFO "Registered led device: %s\n",
	       led_cdev->class_dev->class_id);

	return 0;

err_out_brightness:
	class_device_remove_file(led_cdev->class_dev,
				 &class_device_attr_brightness);
err_out:
	class_device_unregister(led_cdev->class_dev);
	return rc;
}
EXPORT_SYMBOL_GPL(led_classdev_register);

/**
 * led_classdev_unregister - unregisters a object of led_properties class.
 * @led_cdev: the led device to unregister
 *
 * Unregisters a previously registered via led_classdev_register object.
 */
void led_classdev_unregister(struct led_classdev *led_cdev)
{
	class_device_remove_file(led_cdev->class_dev,
				 &class_device_attr_trigger);
	class_device_remove_file(led_cdev->class_dev,
				 &class_device_attr_brightness);
	class_device_unregister(led_cdev->class_dev);

	spin_lock(&leds_list_lock);
	list_del_init(&led_cdev->node);
	spin_unlock(&leds_list_lock);
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

MODULE_AUTHOR("John Lenz, Richard Purdie");
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("LED Class Interface");
