/*
 * foo.c - direct calls of converted callbacks whose first argument spatch
 * types (a class device, a void * helper) or cannot type (a macro): each
 * gets the new argument.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

struct foo {
	struct class_device cdev;
	struct class_device *ptr;
	int v;
};

#define to_cd(p) (&(p)->cdev)

static struct foo *global_foo;

ssize_t foo_show(struct class_device *cd, char *buf)
{
	return sprintf(buf, "1\n");
}

static ssize_t foo_store(struct class_device *cd, const char *buf, size_t n)
{
	return n;
}

static CLASS_DEVICE_ATTR(x, 0644, foo_show, foo_store);

void g(struct foo *p)
{
	char b[8];

	foo_show(to_cd(p), b);
	foo_show(&p->cdev, b);
	foo_show(p->ptr, b);
	foo_show(&global_foo->cdev, b);
	foo_store(class_get_devdata(p->ptr), b, 1);
}

int h(void *v)
{
	char b[8];

	return foo_show(v, b);
}

static ssize_t bar_show(struct class_device *cd, char *buf)
{
	return foo_show(cd, buf) + foo_show(to_cd(global_foo), buf);
}
