/*
 * test-gizmo.c: a class and its only interface in one file (the testcase
 * bus-one-file of step 50): the bus is static to the file, so the test
 * includes the converted file and looks at its counter.
 */
#include "drivers/misc/gizmo.c"

int main(void)
{
	struct gizmo *one, *two;

	harness_run_initcalls(6);
	one = gizmo_register(NULL, 1);
	CHECK(!IS_ERR(one));
	CHECK(gizmo_count == 1);
	two = gizmo_register(NULL, 2);
	CHECK(!IS_ERR(two));
	CHECK(gizmo_count == 2);
	gizmo_unregister(one);
	CHECK(gizmo_count == 1);
	gizmo_unregister(two);
	CHECK(gizmo_count == 0);
	harness_run_exitcall("gizmo_exit");
	return harness_finish("gizmo");
}
