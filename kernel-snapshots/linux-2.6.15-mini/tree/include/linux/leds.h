/*
 * Driver model for leds and led triggers
 *
 * Written for the mini tree in the shape of the LED class that was
 * merged just after 2.6.15: one class device per LED, created by
 * led_classdev_register() below the device that drives it.
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.
 */
#ifndef __LINUX_LEDS_H_INCLUDED
#define __LINUX_LEDS_H_INCLUDED

#include <linux/list.h>
#include <linux/spinlock.h>

struct device;
struct class_device;

/*
 * LED Core
 */

enum led_brightness {
	LED_OFF		= 0,
	LED_HALF	= 127,
	LED_FULL	= 255,
};

struct led_classdev {
	const char		*name;
	int			 brightness;
	int			 flags;
#define LED_SUSPENDED		(1 << 0)

	/* A function to set the brightness of the led */
	void		(*brightness_set)(struct led_classdev *led_cdev,
					  enum led_brightness brightness);

	struct class_device	*class_dev;
	/* LED Device linked list */
	struct list_head	 node;

	/* Protects the LED properties data above */
	spinlock_t		 lock;
};

extern int led_classdev_register(struct device *parent,
				 struct led_classdev *led_cdev);
extern void led_classdev_unregister(struct led_classdev *led_cdev);

#endif		/* __LINUX_LEDS_H_INCLUDED */
