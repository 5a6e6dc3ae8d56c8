#include <linux/device.h>
#include <linux/sysfs.h>

static ssize_t eeprom_read(struct kobject *kobj, char *buf, loff_t off,
			   size_t count)
{
	struct class_device *cd = to_class_dev(kobj);

	memset(buf, 0, count);
	return cd ? count : 0;
}

static struct bin_attribute eeprom_attr = {
	.attr = { .name = "eeprom", .mode = S_IRUGO, .owner = THIS_MODULE },
	.size = 256,
	.read = eeprom_read,
};

static int eeprom_add(struct class_device *cd)
{
	return class_device_create_bin_file(cd, &eeprom_attr);
}

static void eeprom_remove(struct class_device *cd)
{
	class_device_remove_bin_file(cd, &eeprom_attr);
}
