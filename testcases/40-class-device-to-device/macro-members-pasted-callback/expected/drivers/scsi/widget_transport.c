/*
 * A transport class whose show callbacks are made by a macro pasting their
 * names (pasted-macros converts it), and whose body reaches the class
 * device's dev through a helper macro of this file: that helper is typed
 * by the callbacks' class_device parameter (the shape of
 * scsi_transport_iscsi.c's iscsi_cdev_to_conn() and raid_class.c's
 * ATTR_CODE() in 2.6.16).
 */
#include <linux/device.h>
#include <linux/kernel.h>

struct widget_conn {
	int param[4];
	struct device dev;
};

#define widget_dev_to_conn(_dev) \
	container_of(_dev, struct widget_conn, dev)
#define widget_cdev_to_conn(_cdev) \
	widget_dev_to_conn(_cdev->parent)

#define widget_conn_int_attr_show(param, format)			\
static ssize_t								\
show_conn_int_param_##param(struct device *cdev,			\
			    struct device_attribute *attr, char *buf)	\
{									\
	struct widget_conn *conn = widget_cdev_to_conn(cdev);		\
									\
	return snprintf(buf, 20, format"\n", conn->param[param]);	\
}

#define widget_conn_int_attr(field, param, format)			\
	widget_conn_int_attr_show(param, format)			\
static DEVICE_ATTR(field, S_IRUGO, show_conn_int_param_##param, NULL);

widget_conn_int_attr(max_recv, 0, "%u");
widget_conn_int_attr(max_xmit, 1, "%u");

static struct device_attribute *widget_conn_attrs[] = {
	&dev_attr_max_recv,
	&dev_attr_max_xmit,
	NULL,
};

int widget_conn_add_attrs(struct device *cdev)
{
	return device_create_file(cdev, widget_conn_attrs[0]);
}
