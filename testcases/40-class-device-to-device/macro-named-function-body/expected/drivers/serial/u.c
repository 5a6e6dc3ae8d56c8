/*
 * u.c - callbacks named by a macro whose bodies use the class device API:
 * the rules leave those bodies (spatch sees through UART_SHOW on its first
 * parse only), so the change would not compile and verify holds the file
 * back, as with the Python rules.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

struct uport {
	struct class_device cdev;
	int clk;
};

#define UART_SHOW(name) uart_show_##name

static ssize_t UART_SHOW(clk)(struct class_device *cd, char *buf)
{
	struct uport *u = class_get_devdata(cd);

	return sprintf(buf, "%d %s\n", u->clk, cd->class_id);
}

static ssize_t UART_SHOW(name)(struct class_device *cd, char *buf)
{
	return sprintf(buf, "%s\n", cd->class_id);
}

static ssize_t uart_show_plain(struct class_device *cd, char *buf)
{
	struct uport *u = class_get_devdata(cd);

	return sprintf(buf, "%d\n", u->clk);
}

static CLASS_DEVICE_ATTR(clk, 0444, UART_SHOW(clk), NULL);
static CLASS_DEVICE_ATTR(name, 0444, UART_SHOW(name), NULL);
static CLASS_DEVICE_ATTR(plain, 0444, uart_show_plain, NULL);

#define UART_ATTR(n) (&class_device_attr_##n.attr)
#define UART_FILE(cd, n) class_device_create_file(cd, &class_device_attr_##n)

static struct attribute *uart_attrs[] = {
	UART_ATTR(clk),
	UART_ATTR(name),
	NULL,
};

int uart_add(struct uport *u)
{
	class_set_devdata(&u->cdev, u);
	return UART_FILE(&u->cdev, plain);
}
