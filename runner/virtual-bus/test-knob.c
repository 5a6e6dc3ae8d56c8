/*
 * test-knob.c: a static class with a header, its interface (add() only)
 * in another file (the testcase bus-register-block of step 50).
 */
#include <linux/knob.h>

static struct knob k1, k2;

static void nothing(struct device *dev)
{
}

int main(void)
{
	k1.dev.release = nothing;
	k2.dev.release = nothing;
	harness_run_initcalls(4);		/* knob-core.c */
	CHECK(knob_add(&k1) == 0);
	harness_run_initcalls(6);		/* dial.c */
	CHECK(harness_bus_bound(&knob_bus_type) == 1);
	CHECK(knob_add(&k2) == 0);
	CHECK(harness_bus_bound(&knob_bus_type) == 2);
	/* mirror and twin of each knob */
	CHECK(harness_bus_devices(&knob_bus_type) == 4);
	knob_remove(&k1);
	CHECK(harness_bus_devices(&knob_bus_type) == 2);
	harness_run_exitcall("dial_exit");
	CHECK(harness_bus_devices(&knob_bus_type) == 1);
	knob_remove(&k2);
	harness_run_exitcall("knob_exit");
	return harness_finish("knob");
}
