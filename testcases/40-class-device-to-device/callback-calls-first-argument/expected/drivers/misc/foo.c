/*
 * foo.c - direct calls of converted callbacks whose first argument spatch
 * types (a class device, a void * helper) or cannot type (a macro): each
 * gets the new argument.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/device.h>

struct foo {
	struct device cdev;
	struct device *ptr;
	int v;
};

#define to_cd(p) (&(p)->cdev)

static struct foo *global_foo;

ssize_t foo_show(struct device *cd, struct device_attribute *attr,
		 char *buf)
{
	return sprintf(buf, "1\n");
}

static ssize_t foo_store(struct device *cd,
			 struct device_attribute *attr, const char *buf,
			 size_t n)
{
	return n;
}

static DEVICE_ATTR(x, 0644, foo_show, foo_store);

void g(struct foo *p)
{
	char b[8];

	foo_show(to_cd(p), NULL, b);
	foo_show(&p->cdev, NULL, b);
	foo_show(p->ptr, NULL, b);
	foo_show(&global_foo->cdev, NULL, b);
	foo_store(dev_get_drvdata(p->ptr), NULL, b, 1);
}

int h(void *v)
{
	char b[8];

	return foo_show(v, NULL, b);
}

static ssize_t bar_show(struct device *cd,
			struct device_attribute *attr, char *buf)
{
	return foo_show(cd, attr, buf) + foo_show(to_cd(global_foo), attr,
						  buf);
}
