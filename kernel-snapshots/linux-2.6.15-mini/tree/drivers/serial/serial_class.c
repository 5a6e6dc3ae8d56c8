/*
 * serial_class.c - sysfs attributes of 8250-style UART ports
 *
 * Each port embeds a tty_class_port; this driver adds its clock and
 * type next to the "line" attribute of the tty_port class.
 *
 * Written for the mini tree.  This program is free software; you can
 * redistribute it and/or modify it under the terms of the GNU General
 * Public License as published by the Free Software Foundation; either
 * version 2 of the License, or (at your option) any later version.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/tty_shared.h>

#define UART_NR		4

struct uart_class_port {
	struct tty_class_port	tport;
	unsigned long		iobase;
	unsigned int		uartclk;
	int			type;
};

static struct uart_class_port uart_ports[UART_NR];

static const char *uart_type_names[] = {
	"unknown", "8250", "16450", "16550", "16550A",
};

#define to_uart_class_port(cd) \
	container_of(to_tty_class_port(cd), struct uart_class_port, tport)

/* a port attribute's callback is named after the attribute */
#define UART_SHOW(name)	uart_show_##name

/* spatch cannot parse this */
static ssize_t UART_SHOW(uartclk)(struct class_device *cd, char *buf)
{
	struct uart_class_port *up = to_uart_class_port(cd);

	return sprintf(buf, "%u\n", up->uartclk);
}

static ssize_t UART_SHOW(type)(struct class_device *cd, char *buf)
{
	struct uart_class_port *up = to_uart_class_port(cd);

	if (up->type < 0 || up->type >= ARRAY_SIZE(uart_type_names))
		return sprintf(buf, "unknown\n");
	return sprintf(buf, "%s\n", uart_type_names[up->type]);
}

static CLASS_DEVICE_ATTR(uartclk, S_IRUGO, UART_SHOW(uartclk), NULL);
static CLASS_DEVICE_ATTR(type, S_IRUGO, UART_SHOW(type), NULL);

static int serial_class_probe(struct device *dev)
{
	struct uart_class_port *up;
	int line, err;

	for (line = 0; line < UART_NR; line++)
		if (!uart_ports[line].iobase)
			break;
	if (line == UART_NR)
		return -ENOSPC;

	up = &uart_ports[line];
	up->iobase = (unsigned long)dev->platform_data;
	up->uartclk = 1843200;
	up->type = 4;
	up->tport.line = line;
	up->tport.driver_name = "serial";

	err = tty_class_port_register(&up->tport, dev);
	if (err)
		goto out;
	err = class_device_create_file(&up->tport.cdev,
				       &class_device_attr_uartclk);
	if (err)
		goto out_unregister;
	err = class_device_create_file(&up->tport.cdev,
				       &class_device_attr_type);
	if (err)
		goto out_uartclk;

	dev_set_drvdata(dev, up);
	return 0;

 out_uartclk:
	class_device_remove_file(&up->tport.cdev, &class_device_attr_uartclk);
 out_unregister:
	tty_class_port_unregister(&up->tport);
 out:
	up->iobase = 0;
	return err;
}

static int serial_class_remove(struct device *dev)
{
	struct uart_class_port *up = dev_get_drvdata(dev);

	class_device_remove_file(&up->tport.cdev, &class_device_attr_type);
	class_device_remove_file(&up->tport.cdev, &class_device_attr_uartclk);
	tty_class_port_unregister(&up->tport);
	up->iobase = 0;
	return 0;
}

static struct device_driver serial_class_driver = {
	.name	= "serial8250-class",
	.bus	= &platform_bus_type,
	.probe	= serial_class_probe,
	.remove	= serial_class_remove,
};

static int __init serial_class_init(void)
{
	return driver_register(&serial_class_driver);
}

static void __exit serial_class_exit(void)
{
	driver_unregister(&serial_class_driver);
}

module_init(serial_class_init);
module_exit(serial_class_exit);

MODULE_LICENSE("GPL");
