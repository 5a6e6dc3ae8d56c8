#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/lcd.h>

int third_add(struct class_device *cd)
{
	class_device_create_file(cd, &class_device_attr_power);
	return class_device_create_file(cd, &class_device_attr_dev);
}
