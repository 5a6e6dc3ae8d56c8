/*
 * rsrc_nonstatic.c -- Resource management routines for sockets without
 * SS_CAP_STATIC_MAP
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.
 *
 * The initial developer of the original code is David A. Hinds
 * <dahinds@users.sourceforge.net>.  Portions created by David A. Hinds
 * are Copyright (C) 1999 David A. Hinds.  All Rights Reserved.
 *
 * (C) 1999		David A. Hinds
 *
 * (Reduced for the mini tree: the sysfs files through which user space
 * hands io and memory windows to a socket.  They are added to every
 * socket by pccard_rsrc_interface, which cs.c registers.)
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/device.h>
#include <asm/page.h>

#include <pcmcia/ss.h>

#define MAX_RANGES	16

/* the windows a socket may use, as user space gave them */
struct socket_data {
	int		nr_io;
	unsigned long	io_start[MAX_RANGES], io_end[MAX_RANGES];
	int		nr_mem;
	unsigned long	mem_start[MAX_RANGES], mem_end[MAX_RANGES];
};

static ssize_t show_ranges(char *buf, int nr, unsigned long *start,
			   unsigned long *end)
{
	ssize_t ret = 0;
	int i;

	for (i = 0; i < nr && ret < (PAGE_SIZE - 40); i++)
		ret += snprintf(&buf[ret], (PAGE_SIZE - ret - 1),
				"0x%08lx - 0x%08lx\n", start[i], end[i]);
	return ret;
}

static ssize_t store_range(const char *buf, size_t count, int *nr,
			   unsigned long *start, unsigned long *end)
{
	unsigned long a, b;

	if (sscanf(buf, "+ 0x%lx - 0x%lx", &a, &b) != 2 || b < a)
		return -EINVAL;
	if (*nr >= MAX_RANGES)
		return -ENOSPC;
	start[*nr] = a;
	end[*nr] = b;
	(*nr)++;
	return count;
}

static ssize_t show_io_db(struct device *class_dev,
			  struct device_attribute *attr, char *buf)
{
	struct pcmcia_socket *s = dev_get_drvdata(class_dev);
	struct socket_data *data = s->resource_data;

	return show_ranges(buf, data->nr_io, data->io_start, data->io_end);
}

static ssize_t store_io_db(struct device *class_dev,
			   struct device_attribute *attr, const char *buf,
			   size_t count)
{
	struct pcmcia_socket *s = dev_get_drvdata(class_dev);
	struct socket_data *data = s->resource_data;

	return store_range(buf, count, &data->nr_io, data->io_start,
			   data->io_end);
}
static DEVICE_ATTR(available_resources_io, 0600, show_io_db,
			 store_io_db);

static ssize_t show_mem_db(struct device *class_dev,
			   struct device_attribute *attr, char *buf)
{
	struct pcmcia_socket *s = dev_get_drvdata(class_dev);
	struct socket_data *data = s->resource_data;

	return show_ranges(buf, data->nr_mem, data->mem_start,
			   data->mem_end);
}

static ssize_t store_mem_db(struct device *class_dev,
			    struct device_attribute *attr, const char *buf,
			    size_t count)
{
	struct pcmcia_socket *s = dev_get_drvdata(class_dev);
	struct socket_data *data = s->resource_data;

	return store_range(buf, count, &data->nr_mem, data->mem_start,
			   data->mem_end);
}
static DEVICE_ATTR(available_resources_mem, 0600, show_mem_db,
			 store_mem_db);

static struct device_attribute *pccard_rsrc_attributes[] = {
	&dev_attr_available_resources_io,
	&dev_attr_available_resources_mem,
	NULL,
};

static int __devinit pccard_sysfs_add_rsrc(struct device *class_dev,
				struct pcmcia_socket_bus_driver *class_intf)
{
	struct pcmcia_socket *s = dev_get_drvdata(class_dev);
	struct device_attribute **attr;
	int ret = 0;

	if (s->resource_ops->init != NULL && !s->resource_data) {
		s->resource_data = kzalloc(sizeof(struct socket_data),
					   GFP_KERNEL);
		if (!s->resource_data)
			return -ENOMEM;
	}

	for (attr = pccard_rsrc_attributes; *attr; attr++) {
		ret = device_create_file(class_dev, *attr);
		if (ret)
			break;
	}

	return ret;
}

static void __devexit pccard_sysfs_remove_rsrc(struct device *class_dev,
				struct pcmcia_socket_bus_driver *class_intf)
{
	struct pcmcia_socket *s = dev_get_drvdata(class_dev);
	struct device_attribute **attr;

	for (attr = pccard_rsrc_attributes; *attr; attr++)
		device_remove_file(class_dev, *attr);

	kfree(s->resource_data);
	s->resource_data = NULL;
}

struct pcmcia_socket_bus_driver pccard_rsrc_driver = {
	.add = &pccard_sysfs_add_rsrc,
	.remove = __devexit_p(&pccard_sysfs_remove_rsrc),
	.driver = {
		.name = "pccard_rsrc",
	},
};

MODULE_LICENSE("GPL");
