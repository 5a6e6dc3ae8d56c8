/*
 * test-tally.c: devices made by device_create() and taken away by
 * device_destroy() (the testcase bus-device-create of step 50): the
 * interface in the same file counts them.
 */
#include "drivers/tally/tally.c"

int main(void)
{
	harness_run_initcalls(6);
	CHECK(tally_seen == 1);
	CHECK(harness_find_device(NULL, "tally") != NULL);
	harness_run_exitcall("tally_exit");
	CHECK(harness_find_device(NULL, "tally") == NULL);
	return harness_finish("tally");
}
