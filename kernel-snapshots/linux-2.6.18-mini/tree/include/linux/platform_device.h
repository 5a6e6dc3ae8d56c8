#ifndef _PLATFORM_DEVICE_H_
#define _PLATFORM_DEVICE_H_

/* devices that sit on no discoverable bus, and their drivers */

#include <linux/device.h>

struct platform_device {
	const char *name;
	int id;
	struct device dev;
};

#define to_platform_device(x) container_of((x), struct platform_device, dev)

struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	struct device_driver driver;
};

extern int platform_driver_register(struct platform_driver *drv);
extern void platform_driver_unregister(struct platform_driver *drv);

static inline void *platform_get_drvdata(struct platform_device *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void platform_set_drvdata(struct platform_device *pdev,
					void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

#endif /* _PLATFORM_DEVICE_H_ */
