#include <linux/device.h>
#include <linux/sysfs.h>

static ssize_t knob_show_level(struct device *cd,
			       struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", 3);
}

static ssize_t knob_show_name(struct device *cd,
			      struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "knob\n");
}

static DEVICE_ATTR(level, S_IRUGO, knob_show_level, NULL);
static DEVICE_ATTR(name, S_IRUGO, knob_show_name, NULL);

static struct attribute *knob_attrs[] = {
	&dev_attr_level.attr,
	&dev_attr_name.attr,
	NULL,
};

static struct attribute_group knob_group = {
	.attrs = knob_attrs,
};

static struct device_attribute *knob_cd_attrs[] = {
	&dev_attr_level,
	&dev_attr_name,
	NULL,
};

static int knob_add_files(struct device *cd)
{
	int i, err;

	for (i = 0; knob_cd_attrs[i]; i++) {
		err = device_create_file(cd, knob_cd_attrs[i]);
		if (err)
			return err;
	}
	return sysfs_create_group(&cd->kobj, &knob_group);
}
