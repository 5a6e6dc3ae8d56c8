#include <linux/joypad.h>
#include <linux/kernel.h>

static struct class joypad_class = {
	.name = "joypad",
};

int joypad_register_device(struct joypad_dev *dev)
{
	dev->cdev.class = &joypad_class;
	snprintf(dev->cdev.bus_id, sizeof(dev->cdev.bus_id), "joypad%d",
		 dev->id);
	return device_add(&dev->cdev);
}
