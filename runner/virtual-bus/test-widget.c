/*
 * test-widget.c: a class_create()d, exported class with a header, its
 * interface in another file (the testcase bus-create-goto of step 50).
 */
#include <linux/widget.h>

static struct widget w1 = { .flags = 1 };
static struct widget w2 = { .flags = 4 };

static void nothing(struct device *dev)
{
}

int main(void)
{
	w1.cdev.release = nothing;
	w2.cdev.release = nothing;
	harness_run_initcalls(4);		/* core.c */
	CHECK(widget_register(&w1, NULL) == 0);
	harness_run_initcalls(6);		/* ledger.c */
	CHECK(widget_register(&w2, NULL) == 0);
	/* the ledger's twins: one per widget, bound */
	CHECK(harness_find_device(&w1.cdev, "0-ledger") != NULL);
	CHECK(harness_find_device(&w2.cdev, "1-ledger") != NULL);
	CHECK(harness_bus_bound(&widget_bus_type) == 2);
	widget_unregister(&w1);
	CHECK(harness_bus_bound(&widget_bus_type) == 1);
	harness_run_exitcall("ledger_exit");
	CHECK(harness_bus_bound(&widget_bus_type) == 0);
	widget_unregister(&w2);
	CHECK(harness_bus_devices(&widget_bus_type) == 0);
	harness_run_exitcall("widget_exit");
	return harness_finish("widget");
}
