/*
 * test-vendor-callbacks.c: the out-of-tree vendor driver (out-of-tree-mini),
 * migrated with --interface=callbacks against the migrated snapshot: the
 * monitor keeps its class_interface, and its add_dev/remove_dev hear of the
 * control node and of each channel of a board, as they come and go, and of
 * every node left when the monitor goes.
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

/* the monitor's own callbacks, called through counting ones */
static int (*monitor_add)(struct device *, struct class_interface *);
static void (*monitor_remove)(struct device *, struct class_interface *);
static int added, removed;

static int count_add(struct device *dev, struct class_interface *intf)
{
	added++;
	return monitor_add(dev, intf);
}

static void count_remove(struct device *dev, struct class_interface *intf)
{
	removed++;
	monitor_remove(dev, intf);
}

int main(void)
{
	monitor_add = vendor_sensor_monitor.add_dev;
	monitor_remove = vendor_sensor_monitor.remove_dev;
	CHECK(monitor_add != NULL);
	CHECK(monitor_remove != NULL);
	if (!monitor_add || !monitor_remove)
		return harness_finish("vendor");
	vendor_sensor_monitor.add_dev = count_add;
	vendor_sensor_monitor.remove_dev = count_remove;

	harness_run_initcalls(6);
	/* the control node, seen by the monitor */
	CHECK(added == 1);
	board.release = board_release;
	CHECK(device_register(&board) == 0);
	/* and each channel of the board */
	CHECK(harness_find_device(&board, "vsensor0.0") != NULL);
	CHECK(added == 1 + VENDOR_SENSOR_CHANNELS);
	CHECK(removed == 0);
	device_unregister(&board);
	CHECK(removed == VENDOR_SENSOR_CHANNELS);
	/* the monitor goes first: it hears that the control node is gone */
	harness_run_exitcall("vendor_sensor_exit");
	CHECK(removed == added);
	return harness_finish("vendor");
}
