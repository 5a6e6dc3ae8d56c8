#include <linux/device.h>

struct sensor {
	int reading;
	struct device *cd;
};

static void sensor_bind(struct sensor *s)
{
	dev_set_drvdata(s->cd, s);
}

static ssize_t sensor_show_reading(struct device *cd,
				   struct device_attribute *attr, char *buf)
{
	struct sensor *s = dev_get_drvdata(cd);

	return sprintf(buf, "%d\n", s->reading);
}

static void sensor_unbind(struct sensor *s)
{
	dev_set_drvdata(s->cd, NULL);
}
