/*
 * mini_hosts.c - allocation and registration of mini_host adapters.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/device.h>

#include <scsi/mini_host.h>

static struct class mini_host_class = {
	.name		= "mini_host",
};

static int mini_host_next;

static ssize_t show_host_no(struct device *class_dev,
			    struct device_attribute *attr, char *buf)
{
	struct mini_host *shost = class_to_mhost(class_dev);

	return sprintf(buf, "%u\n", shost->host_no);
}
static DEVICE_ATTR(host_no, S_IRUGO, show_host_no, NULL);

struct mini_host *mini_host_alloc(struct mini_host_template *t, int size)
{
	struct mini_host *shost;

	shost = kmalloc(sizeof(struct mini_host) + size, GFP_KERNEL);
	if (!shost)
		return NULL;
	shost->hostt = t;
	shost->host_no = mini_host_next++;
	shost->transport_classdev = NULL;
	shost->host_attrs = NULL;

	device_initialize(&shost->shost_gendev);
	snprintf(shost->shost_gendev.bus_id, BUS_ID_SIZE, "host%d",
		 shost->host_no);

	device_initialize(&shost->shost_classdev);
	shost->shost_classdev.parent = &shost->shost_gendev;
	shost->shost_classdev.class = &mini_host_class;
	snprintf(shost->shost_classdev.bus_id, BUS_ID_SIZE, "host%d",
		 shost->host_no);
	return shost;
}

int mini_add_host(struct mini_host *shost, struct device *dev)
{
	int error, i;

	shost->shost_gendev.parent = dev;
	error = device_add(&shost->shost_gendev);
	if (error)
		return error;
	error = device_add(&shost->shost_classdev);
	if (error)
		goto out_del_gendev;
	error = device_create_file(&shost->shost_classdev,
				   &dev_attr_host_no);
	if (error)
		goto out_del_classdev;
	for (i = 0; shost->host_attrs && shost->host_attrs[i]; i++) {
		error = device_create_file(&shost->shost_classdev,
					   shost->host_attrs[i]);
		if (error)
			goto out_del_classdev;
	}
	if (shost->transport_classdev)
		shost->transport_classdev->parent = &shost->shost_gendev;
	return 0;

 out_del_classdev:
	device_del(&shost->shost_classdev);
 out_del_gendev:
	device_del(&shost->shost_gendev);
	return error;
}
