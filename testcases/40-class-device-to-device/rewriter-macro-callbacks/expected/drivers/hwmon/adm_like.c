/*
 * adm_like.c - fan and temperature monitor in the style of the ADM chips:
 * its sysfs callbacks and attributes are stamped out by macros that paste
 * their names, which spatch cannot match (C rewriter, macro-callbacks).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

struct adm_data {
	struct device *dev;		/* the chip */
	int fan[2];
	int fan_min[2];
	int temp;
};

extern int adm_read(struct device *dev, int reg);
extern void adm_write(struct device *dev, int reg, int value);

/* one show and one store callback per fan, with their attribute */
#define show_fan_offset(offset)						\
static ssize_t show_fan##offset##_min(struct device *cd,		\
				      struct device_attribute *attr,	\
				      char *buf)			\
{									\
	struct adm_data *data = dev_get_drvdata(cd);			\
	return sprintf(buf, "%d\n", data->fan_min[offset - 1]);	\
}									\
static ssize_t set_fan##offset##_min(struct device *cd,			\
				     struct device_attribute *attr,	\
				     const char *buf, size_t count)	\
{									\
	struct adm_data *data = dev_get_drvdata(cd);			\
									\
	data->fan_min[offset - 1] = simple_strtoul(buf, NULL, 10);	\
	adm_write(data->dev, 0x3b + offset, data->fan_min[offset - 1]);	\
	return count;							\
}									\
static DEVICE_ATTR(fan##offset##_min, S_IRUGO | S_IWUSR,		\
		   show_fan##offset##_min, set_fan##offset##_min)

show_fan_offset(1);
show_fan_offset(2);

/* where the node hangs: its name and its parent's */
#define show_link(name)							\
static ssize_t show_##name(struct device *cd,				\
			   struct device_attribute *attr, char *buf)	\
{									\
	return sprintf(buf, "%s on %s\n", cd->bus_id,			\
		       cd->parent ? cd->parent->bus_id : "nothing");	\
}									\
static DEVICE_ATTR(name, S_IRUGO, show_##name, NULL)

show_link(where);

/*
 * The prototype of a read-only callback; the callbacks are defined with
 * it below, and one of them already has a local called attr.
 */
#define ADM_SHOW(name) \
	static ssize_t name(struct device *cd, \
			    struct device_attribute *dattr, char *buf)

ADM_SHOW(show_temp)
{
	struct adm_data *data = dev_get_drvdata(cd);

	return sprintf(buf, "%d\n", data->temp * 1000);
}

ADM_SHOW(show_alarm)
{
	struct adm_data *data = dev_get_drvdata(cd);
	int attr = adm_read(data->dev, 0x41);

	return sprintf(buf, "%u\n", attr);
}

static DEVICE_ATTR(temp1_input, S_IRUGO, show_temp, NULL);
static DEVICE_ATTR(alarms, S_IRUGO, show_alarm, NULL);

/* statements that paste the attribute's name */
#define ADM_CREATE(cd, name) do {					\
	err = device_create_file(cd, &dev_attr_##name);			\
	if (err)							\
		goto out;						\
} while (0)

int adm_attach(struct device *cd, struct adm_data *data)
{
	int err;

	dev_set_drvdata(cd, data);
	ADM_CREATE(cd, fan1_min);
	ADM_CREATE(cd, fan2_min);
	ADM_CREATE(cd, where);
	ADM_CREATE(cd, temp1_input);
	ADM_CREATE(cd, alarms);
out:
	return err;
}
