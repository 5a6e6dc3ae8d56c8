/*
 * tinyhba.c - a small memory-mapped SCSI host adapter, written for the
 * mini tree.
 *
 * The midlayer does the sysfs work: this driver only lists two host
 * attributes of its own in its template.
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation; either version 2, or (at your option)
 * any later version.
 */

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/device.h>
#include <asm/page.h>

#include <scsi/scsi_host.h>

#define TINYHBA_REG_FW_VERSION	0x00
#define TINYHBA_REG_LINK_ATTR	0x04
#define TINYHBA_LINK_UP		0x01
#define TINYHBA_LINK_WIDE	0x02

struct tinyhba {
	void __iomem	*regs;
	u32		fw_version;
	int		irq;
};

/* the board glue maps the registers */
extern u32 tinyhba_read_reg(struct tinyhba *hba, unsigned int reg);

static ssize_t tinyhba_show_fw_version(struct class_device *cdev, char *buf)
{
	struct Scsi_Host *shost = class_to_shost(cdev);
	struct tinyhba *hba = (struct tinyhba *)shost->hostdata;

	return snprintf(buf, PAGE_SIZE, "%u.%02u\n",
			hba->fw_version >> 8, hba->fw_version & 0xff);
}

static ssize_t tinyhba_show_link_state(struct class_device *cdev, char *buf)
{
	struct Scsi_Host *shost = class_to_shost(cdev);
	struct tinyhba *hba = (struct tinyhba *)shost->hostdata;
	u32 attr;	/* the link attribute register, not a sysfs one */

	attr = tinyhba_read_reg(hba, TINYHBA_REG_LINK_ATTR);
	return snprintf(buf, PAGE_SIZE, "%s%s\n",
			(attr & TINYHBA_LINK_UP) ? "up" : "down",
			(attr & TINYHBA_LINK_WIDE) ? " wide" : "");
}

static CLASS_DEVICE_ATTR(fw_version, S_IRUGO, tinyhba_show_fw_version, NULL);
static CLASS_DEVICE_ATTR(link_state, S_IRUGO, tinyhba_show_link_state, NULL);

static struct class_device_attribute *tinyhba_host_attrs[] = {
	&class_device_attr_fw_version,
	&class_device_attr_link_state,
	NULL,
};

static int tinyhba_queuecommand(struct scsi_cmnd *cmd,
				void (*done)(struct scsi_cmnd *))
{
	/* the adapter has no command set in this reduction */
	done(cmd);
	return 0;
}

static struct scsi_host_template tinyhba_template = {
	.module			= THIS_MODULE,
	.name			= "tinyhba",
	.proc_name		= "tinyhba",
	.queuecommand		= tinyhba_queuecommand,
	.can_queue		= 16,
	.this_id		= -1,
	.sg_tablesize		= 32,
	.cmd_per_lun		= 2,
	.use_clustering		= ENABLE_CLUSTERING,
	.shost_attrs		= tinyhba_host_attrs,
};

static int tinyhba_probe(struct device *dev)
{
	struct Scsi_Host *shost;
	struct tinyhba *hba;
	int error;

	shost = scsi_host_alloc(&tinyhba_template, sizeof(struct tinyhba));
	if (!shost)
		return -ENOMEM;

	hba = (struct tinyhba *)shost->hostdata;
	hba->regs = dev->platform_data;
	hba->fw_version = tinyhba_read_reg(hba, TINYHBA_REG_FW_VERSION);

	error = scsi_add_host(shost, dev);
	if (error) {
		scsi_host_put(shost);
		return error;
	}
	dev_set_drvdata(dev, shost);
	scsi_scan_host(shost);
	return 0;
}

static int tinyhba_remove(struct device *dev)
{
	struct Scsi_Host *shost = dev_get_drvdata(dev);

	scsi_remove_host(shost);
	scsi_host_put(shost);
	return 0;
}

static struct device_driver tinyhba_driver = {
	.name	= "tinyhba",
	.bus	= &platform_bus_type,
	.probe	= tinyhba_probe,
	.remove	= tinyhba_remove,
};

static int __init tinyhba_init(void)
{
	return driver_register(&tinyhba_driver);
}

static void __exit tinyhba_exit(void)
{
	driver_unregister(&tinyhba_driver);
}

module_init(tinyhba_init);
module_exit(tinyhba_exit);

MODULE_DESCRIPTION("Tiny memory-mapped SCSI host adapter");
MODULE_LICENSE("GPL");
