/*
 * drivers/scsi/tiny_lld.c - a one-command-at-a-time host adapter
 *
 * (Written for the mini tree in the shape of 2.6.22.)  A low-level
 * driver that never names a class device type itself but fills
 * .shost_attrs with class device attributes, next to .sdev_attrs, which
 * are device attributes already.
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/stat.h>
#include <linux/errno.h>
#include <linux/platform_device.h>
#include <scsi/scsi_host.h>
#include <scsi/scsi_device.h>

struct tiny_host {
	int fw_rev;
	unsigned long commands;
};

static ssize_t tiny_show_fw_rev(struct class_device *cdev, char *buf)
{
	struct Scsi_Host *shost = class_to_shost(cdev);
	struct tiny_host *th = shost_priv(shost);

	return sprintf(buf, "%d\n", th->fw_rev);
}

static CLASS_DEVICE_ATTR(fw_rev, S_IRUGO, tiny_show_fw_rev, NULL);

static struct class_device_attribute *tiny_host_attrs[] = {
	&class_device_attr_fw_rev,
	NULL
};

static ssize_t tiny_show_tag_mode(struct device *dev,
				  struct device_attribute *attr, char *buf)
{
	struct scsi_device *sdev = to_scsi_device(dev);

	return sprintf(buf, "%s\n", sdev->queue_depth > 1 ? "tcq" : "none");
}

static DEVICE_ATTR(tag_mode, S_IRUGO, tiny_show_tag_mode, NULL);

static struct device_attribute *tiny_dev_attrs[] = {
	&dev_attr_tag_mode,
	NULL
};

static int tiny_queuecommand(struct scsi_device *sdev, void *cmnd)
{
	struct tiny_host *th = shost_priv(sdev->host);

	th->commands++;
	return 0;
}

static struct scsi_host_template tiny_template = {
	.module		= THIS_MODULE,
	.name		= "tiny",
	.queuecommand	= tiny_queuecommand,
	.can_queue	= 1,
	.this_id	= 7,
	.sg_tablesize	= 1,
	.shost_attrs	= tiny_host_attrs,
	.sdev_attrs	= tiny_dev_attrs,
};

static int __devinit tiny_probe(struct platform_device *pdev)
{
	struct Scsi_Host *shost;
	struct tiny_host *th;
	int error;

	shost = scsi_host_alloc(&tiny_template, sizeof(struct tiny_host));
	if (!shost)
		return -ENOMEM;
	th = shost_priv(shost);
	th->fw_rev = 3;

	error = scsi_add_host(shost, &pdev->dev);
	if (error) {
		scsi_host_put(shost);
		return error;
	}
	platform_set_drvdata(pdev, shost);
	return 0;
}

static int __devexit tiny_remove(struct platform_device *pdev)
{
	struct Scsi_Host *shost = platform_get_drvdata(pdev);

	scsi_remove_host(shost);
	scsi_host_put(shost);
	return 0;
}

static struct platform_driver tiny_driver = {
	.probe		= tiny_probe,
	.remove		= __devexit_p(tiny_remove),
	.driver		= {
		.name	= "tiny_lld",
	},
};

static int __init tiny_init(void)
{
	return platform_driver_register(&tiny_driver);
}

static void __exit tiny_exit(void)
{
	platform_driver_unregister(&tiny_driver);
}

module_init(tiny_init);
module_exit(tiny_exit);

MODULE_LICENSE("GPL");
