#include <linux/hostt.h>

int host_add_attrs(struct host_template *t, struct class_device *cd)
{
	int i, err;

	for (i = 0; t->host_attrs && t->host_attrs[i]; i++) {
		err = class_device_create_file(cd, t->host_attrs[i]);
		if (err)
			return err;
	}
	return 0;
}
