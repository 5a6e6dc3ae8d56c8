#include <linux/device.h>

struct netthing {
	char name[16];
	struct device class_dev;
};

static int netthing_rename(struct netthing *n, char *newname)
{
	strlcpy(n->name, newname, sizeof(n->name));
	return device_rename(&n->class_dev, n->name);
}
