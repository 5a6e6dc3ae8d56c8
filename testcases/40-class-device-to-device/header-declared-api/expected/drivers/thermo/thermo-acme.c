#include <linux/err.h>
#include <linux/thermo.h>

static struct device *acme_cd;

static int acme_get_temp(struct device *cd, int *temp)
{
	*temp = 42;
	return 0;
}

static struct thermo_ops acme_ops = {
	.get_temp = acme_get_temp,
};

static int acme_probe(struct device *dev)
{
	acme_cd = thermo_device_register(dev, &acme_ops);
	if (IS_ERR(acme_cd))
		return PTR_ERR(acme_cd);
	printk(KERN_INFO "acme: %s under %s\n", acme_cd->bus_id,
	       acme_cd->parent->bus_id);
	return 0;
}
