#include <linux/device.h>

struct sensor {
	int reading;
	struct class_device *cd;
};

static void sensor_bind(struct sensor *s)
{
	class_set_devdata(s->cd, s);
}

static ssize_t sensor_show_reading(struct class_device *cd, char *buf)
{
	struct sensor *s = class_get_devdata(cd);

	return sprintf(buf, "%d\n", s->reading);
}

static void sensor_unbind(struct sensor *s)
{
	class_set_devdata(s->cd, NULL);
}
