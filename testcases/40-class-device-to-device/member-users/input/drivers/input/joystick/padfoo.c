/* A joystick driver: it sets the physical device and never names the API. */
#include <linux/joypad.h>
#include <linux/kernel.h>

struct gameport {
	struct device dev;
	char phys[32];
};

static int padfoo_connect(struct gameport *gameport, struct joypad_dev *joypad_dev)
{
	joypad_dev->name = "Foo pad";
	joypad_dev->cdev.dev = &gameport->dev;
	joypad_dev->private = gameport;
	printk(KERN_INFO "joypad: %s on %s\n", joypad_dev->cdev.class_id,
	       joypad_dev->cdev.dev->bus_id);
	return joypad_register_device(joypad_dev);
}
