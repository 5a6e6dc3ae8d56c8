#include <linux/device.h>
#include <linux/kernel.h>

struct sensor_host {
	int state;
	int mode;
	struct device host_cdev;
};

struct sensor {
	int state;
	struct device gendev;
};

#define to_sensor(d) container_of(d, struct sensor, gendev)
#define to_sensor_host(cd) container_of(cd, struct sensor_host, host_cdev)

/* The sensor's own state: a device attribute already. */
static ssize_t sensor_show_state(struct device *dev, struct device_attribute *attr,
				 char *buf)
{
	return sprintf(buf, "%d\n", to_sensor(dev)->state);
}
static DEVICE_ATTR(state, S_IRUGO, sensor_show_state, NULL);

/* The host's state: a class device attribute of the same name. */
static ssize_t host_show_state(struct device *cd,
			       struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", to_sensor_host(cd)->state);
}
static struct device_attribute dev_attr_sensor_sysfs_state =
	__ATTR(state, S_IRUGO, host_show_state, NULL);

/* Not taken: keeps its name. */
static ssize_t host_show_mode(struct device *cd,
			      struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", to_sensor_host(cd)->mode);
}
static DEVICE_ATTR(mode, S_IRUGO, host_show_mode, NULL);

static struct device_attribute *sensor_host_attrs[] = {
	&dev_attr_sensor_sysfs_state,
	&dev_attr_mode,
	NULL,
};

int sensor_add_files(struct sensor *s, struct sensor_host *h)
{
	int err = device_create_file(&s->gendev, &dev_attr_state);

	if (!err)
		err = device_create_file(&h->host_cdev, sensor_host_attrs[0]);
	return err;
}
