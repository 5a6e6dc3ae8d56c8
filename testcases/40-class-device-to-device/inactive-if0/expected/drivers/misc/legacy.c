#include <linux/device.h>

static int legacy_add(struct device *cd)
{
	return device_register(cd);
}

#if 0
/* Never built: left as it is, for a human. */
static void legacy_old(struct class_device *cd)
{
	class_device_unregister(cd);
}
#endif
