/*
 * Uses a joypad and a char device of its own: the char device's member is
 * also called cdev and has a dev, a dev_t that stays.
 */
#include <linux/cdev.h>
#include <linux/joypad.h>

struct padchar {
	struct cdev cdev;
	struct joypad_dev *joypad;
};

static int padchar_setup(struct padchar *pc, struct device *parent, dev_t devt)
{
	pc->cdev.dev = devt;
	pc->joypad->cdev.dev = parent;
	return cdev_add(&pc->cdev, pc->cdev.dev, 1);
}
