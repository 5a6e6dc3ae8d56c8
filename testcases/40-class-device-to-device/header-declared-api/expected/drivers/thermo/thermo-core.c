#include <linux/device.h>
#include <linux/err.h>
#include <linux/thermo.h>

static struct class *thermo_class;

struct device *thermo_device_register(struct device *dev,
				      struct thermo_ops *ops)
{
	struct device *cd;

	cd = device_create(thermo_class, dev, 0, "thermo0");
	if (IS_ERR(cd))
		return cd;
	dev_set_drvdata(cd, ops);
	return cd;
}

void thermo_device_unregister(struct device *cd)
{
	device_unregister(cd);
}
