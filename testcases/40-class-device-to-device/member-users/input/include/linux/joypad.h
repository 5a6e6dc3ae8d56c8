#ifndef _JOYPAD_H
#define _JOYPAD_H
/*
 * A subsystem whose device embeds its class device (the shape of
 * struct input_dev in 2.6.16): its drivers set cdev.dev and never name
 * the class_device API.
 */
#include <linux/device.h>

struct joypad_dev {
	void *private;
	const char *name;
	int id;
	struct class_device cdev;
};

#define to_joypad_dev(d) container_of(d, struct joypad_dev, cdev)

extern struct joypad_dev *joypad_allocate_device(void);
extern int joypad_register_device(struct joypad_dev *);

static inline struct joypad_dev *joypad_get_device(struct joypad_dev *dev)
{
	return to_joypad_dev(class_device_get(&dev->cdev));
}

static inline void joypad_put_device(struct joypad_dev *dev)
{
	class_device_put(&dev->cdev);
}

#endif
