/*
 * lm_like.c - a voltage/temperature monitor in the style of the LM78
 * family, for the mini tree.
 *
 * The chip sits on the platform bus.  Its attributes hang off the hwmon
 * class device that hwmon_device_register() returns; as in the real
 * sensors drivers, most callbacks and attributes are stamped out by
 * macros that paste their names together.
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation; either version 2 of the License, or
 * (at your option) any later version.
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/hwmon.h>

/* The LM registers */
#define LM_REG_IN(nr)		(0x20 + (nr))
#define LM_REG_IN_MIN(nr)	(0x2b + (nr) * 2)
#define LM_REG_IN_MAX(nr)	(0x2c + (nr) * 2)
#define LM_REG_TEMP		0x27
#define LM_REG_ALARM1		0x41
#define LM_REG_VID_FANDIV	0x47

/* Conversions: inputs are in 16 mV steps */
#define IN_TO_REG(val)	(SENSORS_LIMIT((((val) * 10 + 8) / 16), 0, 255))
#define IN_FROM_REG(val)	(((val) * 16) / 10)

struct lm_data {
	struct device *dev;		/* the chip */
	struct class_device *class_dev;	/* its hwmon node */
	struct semaphore update_lock;
	unsigned long last_updated;	/* in jiffies */

	u8 in[3];		/* Register value */
	u8 in_min[3];		/* Register value */
	u8 temp;		/* Register value */
	u16 alarms;		/* Register encoding, combined */
	u8 vid;			/* Register encoding, combined */
};

/* the chip is reached through the board's register window */
extern u8 lm_read_value(struct device *dev, u8 reg);
extern void lm_write_value(struct device *dev, u8 reg, u8 value);

static struct lm_data *lm_update_device(struct class_device *cd)
{
	struct lm_data *data = class_get_devdata(cd);
	int i;

	down(&data->update_lock);
	if (time_after(jiffies, data->last_updated + HZ + HZ / 2)) {
		for (i = 0; i < 3; i++)
			data->in[i] = lm_read_value(data->dev, LM_REG_IN(i));
		data->temp = lm_read_value(data->dev, LM_REG_TEMP);
		data->alarms = lm_read_value(data->dev, LM_REG_ALARM1);
		data->vid = lm_read_value(data->dev, LM_REG_VID_FANDIV) & 0x0f;
		data->last_updated = jiffies;
	}
	up(&data->update_lock);

	return data;
}

/* 3 Voltages: one callback and one attribute per input, names pasted */
#define show_in(offset)							\
static ssize_t show_in##offset(struct class_device *cd, char *buf)	\
{									\
	struct lm_data *data = lm_update_device(cd);			\
	return sprintf(buf, "%d\n", IN_FROM_REG(data->in[offset]));	\
}									\
static CLASS_DEVICE_ATTR(in##offset##_input, S_IRUGO, show_in##offset, NULL)

show_in(0);
show_in(1);
show_in(2);

/* the low limits can be written */
#define set_in_min(offset)						\
static ssize_t show_in##offset##_min(struct class_device *cd, char *buf) \
{									\
	struct lm_data *data = lm_update_device(cd);			\
	return sprintf(buf, "%d\n", IN_FROM_REG(data->in_min[offset]));	\
}									\
static ssize_t set_in##offset##_min(struct class_device *cd,		\
				    const char *buf, size_t count)	\
{									\
	struct lm_data *data = class_get_devdata(cd);			\
	unsigned long val = simple_strtoul(buf, NULL, 10);		\
									\
	down(&data->update_lock);					\
	data->in_min[offset] = IN_TO_REG(val);				\
	lm_write_value(data->dev, LM_REG_IN_MIN(offset),		\
		       data->in_min[offset]);				\
	up(&data->update_lock);						\
	return count;							\
}									\
static CLASS_DEVICE_ATTR(in##offset##_min, S_IRUGO | S_IWUSR,		\
			 show_in##offset##_min, set_in##offset##_min)

set_in_min(0);
set_in_min(1);

/*
 * Single read-only values: the prototype comes from LM_SHOW_DECL, and
 * LM_ATTR_RO wraps it to declare the callback with its attribute; the
 * callbacks themselves are defined below with the same prototype macro.
 */
#define LM_SHOW_DECL(name)						\
	static ssize_t name(struct class_device *cd, char *buf)
#define LM_ATTR_RO(name)						\
	LM_SHOW_DECL(show_##name);					\
	static CLASS_DEVICE_ATTR(name, S_IRUGO, show_##name, NULL)

LM_ATTR_RO(alarms);
LM_ATTR_RO(cpu0_vid);
LM_ATTR_RO(temp1_input);

LM_SHOW_DECL(show_alarms)
{
	struct lm_data *data = lm_update_device(cd);
	return sprintf(buf, "%u\n", data->alarms);
}

LM_SHOW_DECL(show_cpu0_vid)
{
	struct lm_data *data = lm_update_device(cd);
	return sprintf(buf, "%d\n", data->vid * 25 + 1050);
}

LM_SHOW_DECL(show_temp1_input)
{
	struct lm_data *data = lm_update_device(cd);
	return sprintf(buf, "%d\n", (s8)data->temp * 1000);
}

static struct class_device_attribute *lm_attributes[] = {
	&class_device_attr_in0_input,
	&class_device_attr_in1_input,
	&class_device_attr_in2_input,
	&class_device_attr_in0_min,
	&class_device_attr_in1_min,
	&class_device_attr_alarms,
	&class_device_attr_cpu0_vid,
	&class_device_attr_temp1_input,
};

static int lm_probe(struct device *dev)
{
	struct lm_data *data;
	int i, err;

	data = kzalloc(sizeof(struct lm_data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	data->dev = dev;
	init_MUTEX(&data->update_lock);
	dev_set_drvdata(dev, data);

	data->class_dev = hwmon_device_register(dev);
	if (IS_ERR(data->class_dev)) {
		err = PTR_ERR(data->class_dev);
		goto exit_free;
	}
	class_set_devdata(data->class_dev, data);

	for (i = 0; i < ARRAY_SIZE(lm_attributes); i++) {
		err = class_device_create_file(data->class_dev,
					       lm_attributes[i]);
		if (err)
			goto exit_remove;
	}
	return 0;

exit_remove:
	while (--i >= 0)
		class_device_remove_file(data->class_dev, lm_attributes[i]);
	hwmon_device_unregister(data->class_dev);
exit_free:
	kfree(data);
	return err;
}

static int lm_remove(struct device *dev)
{
	struct lm_data *data = dev_get_drvdata(dev);

	hwmon_device_unregister(data->class_dev);
	kfree(data);
	return 0;
}

static struct device_driver lm_driver = {
	.name	= "lm_like",
	.bus	= &platform_bus_type,
	.probe	= lm_probe,
	.remove	= lm_remove,
};

static int __init sensors_lm_init(void)
{
	return driver_register(&lm_driver);
}

static void __exit sensors_lm_exit(void)
{
	driver_unregister(&lm_driver);
}

MODULE_DESCRIPTION("LM-like voltage and temperature monitor");
MODULE_LICENSE("GPL");

module_init(sensors_lm_init);
module_exit(sensors_lm_exit);
