/*
 * dimmer.c - a const array of class device attributes built by the
 * file's own macro (its first argument is the sysfs name), created and
 * removed in a loop: the array loses its const (device_create_file()
 * does not take one) and power, which every struct device has, becomes
 * dimmer_power.  The lamp attributes are not a class device's: their
 * power stays.
 */
#include <linux/device.h>
#include <linux/sysfs.h>
#include <linux/stringify.h>

struct dimmer {
	int level, power;
	struct class_device cdev;
};

#define to_dimmer(c) container_of(c, struct dimmer, cdev)

static ssize_t dimmer_show_power(struct class_device *cdev, char *buf)
{
	return sprintf(buf, "%d\n", to_dimmer(cdev)->power);
}

static ssize_t dimmer_store_power(struct class_device *cdev, const char *buf, size_t count)
{
	to_dimmer(cdev)->power = simple_strtoul(buf, NULL, 0);
	return count;
}

static ssize_t dimmer_show_level(struct class_device *cdev, char *buf)
{
	return sprintf(buf, "%d\n", to_dimmer(cdev)->level);
}

#define DIMMER_ATTR(_name,_mode,_show,_store)			\
{								\
	.attr	= { .name = __stringify(_name), .mode = _mode },	\
	.show	= _show,					\
	.store	= _store,					\
}

static const struct class_device_attribute dimmer_attributes[] = {
	DIMMER_ATTR(power, 0644, dimmer_show_power, dimmer_store_power),
	DIMMER_ATTR(level, 0444, dimmer_show_level, NULL),
};

struct lamp_attribute {
	struct attribute attr;
	int (*show)(int, char *);
};

static int lamp_show(int id, char *buf)
{
	return sprintf(buf, "%d\n", id);
}

static const struct lamp_attribute lamp_attributes[] = {
	DIMMER_ATTR(power, 0444, lamp_show, NULL),
};

int dimmer_add_files(struct dimmer *d)
{
	int i, rc;

	for (i = 0; i < ARRAY_SIZE(dimmer_attributes); i++) {
		rc = class_device_create_file(&d->cdev, &dimmer_attributes[i]);
		if (rc) {
			while (--i >= 0)
				class_device_remove_file(&d->cdev,
							 &dimmer_attributes[i]);
			return rc;
		}
	}
	return 0;
}
