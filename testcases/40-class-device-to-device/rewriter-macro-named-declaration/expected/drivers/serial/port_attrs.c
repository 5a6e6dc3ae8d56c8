/*
 * port_attrs.c - sysfs attributes of a serial port.  Each callback is
 * declared outside any macro but named by one (PORT_CB(name) pastes
 * port_cb_##name), which spatch parses badly: the macro-callbacks pass
 * converts the declarations' parameter lists.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

struct port {
	struct device		cdev;
	unsigned int		baud;
};

#define to_port(cd)	container_of(cd, struct port, cdev)

/* a port attribute's callback is named after the attribute */
#define PORT_CB(name)	port_cb_##name

static ssize_t PORT_CB(baud)(struct device *cd,
			     struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%u\n", to_port(cd)->baud);
}

static ssize_t PORT_CB(set_baud)(struct device *cd,
				 struct device_attribute *attr, const char *buf,
				 size_t count)
{
	to_port(cd)->baud = simple_strtoul(buf, NULL, 10);
	return count;
}

static DEVICE_ATTR(baud, S_IRUGO | S_IWUSR, PORT_CB(baud), PORT_CB(set_baud));

int port_add_attrs(struct port *p)
{
	return device_create_file(&p->cdev, &dev_attr_baud);
}
