/*
 * lm_plat.c - a temperature sensor on the platform bus
 *
 * (Written for the mini tree in the shape of 2.6.18.)  Half of it is on
 * struct device already: the sensor attributes live on the platform
 * device, with device attribute callbacks.  Only the hwmon class device
 * it registers is a struct class_device.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/err.h>
#include <linux/mutex.h>
#include <linux/stat.h>
#include <linux/platform_device.h>
#include <linux/hwmon.h>

struct lm_plat_data {
	struct class_device *class_dev;
	struct mutex update_lock;
	int temp;		/* degrees C */
	int temp_max;
};

static ssize_t show_temp(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	struct lm_plat_data *data = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", data->temp * 1000);
}

static ssize_t show_temp_max(struct device *dev,
			     struct device_attribute *attr, char *buf)
{
	struct lm_plat_data *data = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", data->temp_max * 1000);
}

static ssize_t set_temp_max(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct lm_plat_data *data = dev_get_drvdata(dev);

	mutex_lock(&data->update_lock);
	data->temp_max = simple_strtoul(buf, NULL, 10) / 1000;
	mutex_unlock(&data->update_lock);
	return count;
}

static DEVICE_ATTR(temp1_input, S_IRUGO, show_temp, NULL);
static DEVICE_ATTR(temp1_max, S_IWUSR | S_IRUGO, show_temp_max,
		   set_temp_max);

static struct attribute *lm_plat_attributes[] = {
	&dev_attr_temp1_input.attr,
	&dev_attr_temp1_max.attr,
	NULL
};

static const struct attribute_group lm_plat_group = {
	.attrs = lm_plat_attributes,
};

static int __devinit lm_plat_probe(struct platform_device *pdev)
{
	struct lm_plat_data *data;
	int err;

	data = kzalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	mutex_init(&data->update_lock);
	platform_set_drvdata(pdev, data);

	err = sysfs_create_group(&pdev->dev.kobj, &lm_plat_group);
	if (err)
		goto exit_free;

	data->class_dev = hwmon_device_register(&pdev->dev);
	if (IS_ERR(data->class_dev)) {
		err = PTR_ERR(data->class_dev);
		goto exit_remove;
	}
	dev_info(&pdev->dev, "sensor registered as %s\n",
		 data->class_dev->class_id);
	return 0;

exit_remove:
	sysfs_remove_group(&pdev->dev.kobj, &lm_plat_group);
exit_free:
	kfree(data);
	return err;
}

static int __devexit lm_plat_remove(struct platform_device *pdev)
{
	struct lm_plat_data *data = platform_get_drvdata(pdev);

	hwmon_device_unregister(data->class_dev);
	sysfs_remove_group(&pdev->dev.kobj, &lm_plat_group);
	kfree(data);
	return 0;
}

static struct platform_driver lm_plat_driver = {
	.probe		= lm_plat_probe,
	.remove		= __devexit_p(lm_plat_remove),
	.driver		= {
		.name	= "lm_plat",
	},
};

static int __init lm_plat_init(void)
{
	return platform_driver_register(&lm_plat_driver);
}

static void __exit lm_plat_exit(void)
{
	platform_driver_unregister(&lm_plat_driver);
}

module_init(lm_plat_init);
module_exit(lm_plat_exit);

MODULE_LICENSE("GPL");
