/*
 * phantom.c - nodes for a force-feedback arm on the platform bus
 *
 * (Written for the mini tree in the shape of 2.6.18.)  This driver is
 * already on the 2.6.18 API: its nodes are struct devices made with
 * device_create() below the platform device, with device attributes.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kdev_t.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/stat.h>

#define PHANTOM_MAX_MINORS	8

static struct class *phantom_class;
static int phantom_major;

struct phantom_device {
	struct device *dev;
	unsigned int minor;
	int status;
};

static ssize_t phantom_show_status(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct phantom_device *pht = dev_get_drvdata(dev);

	return sprintf(buf, "%d\n", pht->status);
}

static DEVICE_ATTR(status, S_IRUGO, phantom_show_status, NULL);

static int __devinit phantom_probe(struct platform_device *pdev)
{
	struct phantom_device *pht;
	int retval;

	if (pdev->id < 0 || pdev->id >= PHANTOM_MAX_MINORS)
		return -ENODEV;
	pht = kzalloc(sizeof(*pht), GFP_KERNEL);
	if (!pht)
		return -ENOMEM;
	pht->minor = pdev->id;

	pht->dev = device_create(phantom_class, &pdev->dev,
				 MKDEV(phantom_major, pht->minor),
				 "phantom%u", pht->minor);
	if (IS_ERR(pht->dev)) {
		retval = PTR_ERR(pht->dev);
		goto err_free;
	}
	dev_set_drvdata(pht->dev, pht);

	retval = device_create_file(pht->dev, &dev_attr_status);
	if (retval)
		goto err_destroy;
	platform_set_drvdata(pdev, pht);
	return 0;

err_destroy:
	device_destroy(phantom_class, MKDEV(phantom_major, pht->minor));
err_free:
	kfree(pht);
	return retval;
}

static int __devexit phantom_remove(struct platform_device *pdev)
{
	struct phantom_device *pht = platform_get_drvdata(pdev);

	device_remove_file(pht->dev, &dev_attr_status);
	device_destroy(phantom_class, MKDEV(phantom_major, pht->minor));
	kfree(pht);
	return 0;
}

static struct platform_driver phantom_driver = {
	.probe		= phantom_probe,
	.remove		= __devexit_p(phantom_remove),
	.driver		= {
		.name	= "phantom",
	},
};

static int __init phantom_init(void)
{
	int retval;

	phantom_class = class_create(THIS_MODULE, "phantom");
	if (IS_ERR(phantom_class))
		return PTR_ERR(phantom_class);
	retval = platform_driver_register(&phantom_driver);
	if (retval)
		class_destroy(phantom_class);
	return retval;
}

static void __exit phantom_exit(void)
{
	platform_driver_unregister(&phantom_driver);
	class_destroy(phantom_class);
}

module_init(phantom_init);
module_exit(phantom_exit);

MODULE_LICENSE("GPL");
