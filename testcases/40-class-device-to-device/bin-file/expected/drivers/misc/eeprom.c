#include <linux/device.h>
#include <linux/sysfs.h>

static ssize_t eeprom_read(struct kobject *kobj, char *buf, loff_t off,
			   size_t count)
{
	struct device *cd = container_of(kobj, struct device, kobj);

	memset(buf, 0, count);
	return cd ? count : 0;
}

static struct bin_attribute eeprom_attr = {
	.attr = { .name = "eeprom", .mode = S_IRUGO, .owner = THIS_MODULE },
	.size = 256,
	.read = eeprom_read,
};

static int eeprom_add(struct device *cd)
{
	return device_create_bin_file(cd, &eeprom_attr);
}

static void eeprom_remove(struct device *cd)
{
	device_remove_bin_file(cd, &eeprom_attr);
}
