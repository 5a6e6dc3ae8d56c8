/*
 * gauge.h: the gauge driver's own header.  It does not include
 * <linux/device.h>: gauge.c does, before it, as many drivers of the era
 * rely on their includer.  Alone it cannot parse; verify judges it where
 * the kernel compiles it, in gauge.c.
 */
struct gauge {
	int level;
	struct device cdev;
};

static inline struct gauge *gauge_of(struct device *cd)
{
	return dev_get_drvdata(cd);
}

static inline void gauge_bind(struct gauge *g)
{
	dev_set_drvdata(&g->cdev, g);
}
