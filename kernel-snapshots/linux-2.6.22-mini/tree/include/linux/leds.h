#ifndef __LINUX_LEDS_H_INCLUDED
#define __LINUX_LEDS_H_INCLUDED

/*
 * leds.h - the LED class.  Each LED is a struct device of class "leds"
 * (this tree's LED core is already converted from struct class_device).
 */

#include <linux/list.h>

struct device;

enum led_brightness {
	LED_OFF		= 0,
	LED_HALF	= 127,
	LED_FULL	= 255,
};

struct led_classdev {
	const char *name;
	int brightness;

	void (*brightness_set)(struct led_classdev *led_cdev,
			       enum led_brightness brightness);

	struct device *dev;
	struct list_head node;
};

extern struct class *leds_class;

extern int led_classdev_register(struct device *parent,
				 struct led_classdev *led_cdev);
extern void led_classdev_unregister(struct led_classdev *led_cdev);

#endif /* __LINUX_LEDS_H_INCLUDED */
