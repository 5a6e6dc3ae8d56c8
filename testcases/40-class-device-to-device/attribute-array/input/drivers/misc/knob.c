#include <linux/device.h>
#include <linux/sysfs.h>

static ssize_t knob_show_level(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%d\n", 3);
}

static ssize_t knob_show_name(struct class_device *cd, char *buf)
{
	return sprintf(buf, "knob\n");
}

static CLASS_DEVICE_ATTR(level, S_IRUGO, knob_show_level, NULL);
static CLASS_DEVICE_ATTR(name, S_IRUGO, knob_show_name, NULL);

static struct attribute *knob_attrs[] = {
	&class_device_attr_level.attr,
	&class_device_attr_name.attr,
	NULL,
};

static struct attribute_group knob_group = {
	.attrs = knob_attrs,
};

static struct class_device_attribute *knob_cd_attrs[] = {
	&class_device_attr_level,
	&class_device_attr_name,
	NULL,
};

static int knob_add_files(struct class_device *cd)
{
	int i, err;

	for (i = 0; knob_cd_attrs[i]; i++) {
		err = class_device_create_file(cd, knob_cd_attrs[i]);
		if (err)
			return err;
	}
	return sysfs_create_group(&cd->kobj, &knob_group);
}
