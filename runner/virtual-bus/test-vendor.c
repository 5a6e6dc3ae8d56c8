/*
 * test-vendor.c: the out-of-tree vendor driver (out-of-tree-mini), migrated
 * against the migrated snapshot: its control node and the channels of each
 * board (device_create()/device_destroy()) reach the monitor, an interface
 * in another file of the driver.
 */
#include "vendor_sensor.h"

/* the vendor's firmware library is not part of the test */
int vendor_fw_read_channel(struct vendor_sensor *vs, int ch)
{
	return 0;
}

void vendor_fw_reset(void)
{
}

static struct device board = {
	.bus_id	= "vsensor.0",
	.bus	= &platform_bus_type,
};

static void board_release(struct device *dev)
{
}

int main(void)
{
	harness_run_initcalls(6);
	/* the control node, seen by the monitor */
	CHECK(harness_bus_bound(&vendor_sensor_bus_type) == 1);
	board.release = board_release;
	CHECK(device_register(&board) == 0);
	/* and each channel of the board */
	CHECK(harness_find_device(&board, "vsensor0.0") != NULL);
	CHECK(harness_bus_bound(&vendor_sensor_bus_type) == 1 + VENDOR_SENSOR_CHANNELS);
	device_unregister(&board);
	CHECK(harness_bus_bound(&vendor_sensor_bus_type) == 1);
	harness_run_exitcall("vendor_sensor_exit");
	CHECK(harness_bus_devices(&vendor_sensor_bus_type) == 0);
	return harness_finish("vendor");
}
