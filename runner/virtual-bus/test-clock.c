/*
 * test-clock.c: interfaces registered through a function of the subsystem
 * that gave them their class (the testcase bus-helper of step 50, the
 * shape of the rtc class): the "hz" file comes and goes with each clock.
 */
#include <linux/clock.h>

int main(void)
{
	struct clock_device *c0, *c1;

	harness_run_initcalls(4);		/* class.c */
	c0 = clock_device_register(NULL, 32768);
	CHECK(!IS_ERR(c0));
	CHECK(!harness_has_file(&c0->dev, "hz"));
	harness_run_initcalls(6);		/* clock-sysfs.c */
	CHECK(harness_has_file(&c0->dev, "hz"));
	c1 = clock_device_register(NULL, 1000);
	CHECK(!IS_ERR(c1));
	CHECK(harness_has_file(&c1->dev, "hz"));
	clock_device_unregister(c0);
	harness_run_exitcall("clock_sysfs_exit");
	CHECK(!harness_has_file(&c1->dev, "hz"));
	clock_device_unregister(c1);
	harness_run_exitcall("clock_exit");
	return harness_finish("clock");
}
