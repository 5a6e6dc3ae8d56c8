#include <linux/device.h>
#include <linux/err.h>
#include <linux/thermo.h>

static struct class *thermo_class;

struct class_device *thermo_device_register(struct device *dev,
					    struct thermo_ops *ops)
{
	struct class_device *cd;

	cd = class_device_create(thermo_class, NULL, 0, dev, "thermo0");
	if (IS_ERR(cd))
		return cd;
	class_set_devdata(cd, ops);
	return cd;
}

void thermo_device_unregister(struct class_device *cd)
{
	class_device_unregister(cd);
}
