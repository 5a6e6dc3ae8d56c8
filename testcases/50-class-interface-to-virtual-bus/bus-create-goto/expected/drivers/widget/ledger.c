/*
 * ledger.c -- counts the widgets and remembers the flags each had when it
 * came.
 *
 * (Written for cdmigrate's tests in the shape of a 2.6 driver once step 40
 * has made the callbacks of its class interface take a struct device.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/widget.h>

static int ledger_widgets;
static unsigned long ledger_flags;

static int ledger_add(struct device *dev, struct widget_bus_driver *intf)
{
	struct widget *w = to_widget(dev);

	ledger_widgets++;
	ledger_flags |= w->flags;
	return 0;
}

static void ledger_remove(struct device *dev, struct widget_bus_driver *intf)
{
	ledger_widgets--;
}

static struct widget_bus_driver ledger_driver = {
	.add	= ledger_add,
	.remove	= ledger_remove,
	.driver = {
		.name = "ledger",
	},
};

static int __init ledger_init(void)
{
	return widget_bus_register_driver(&ledger_driver);
}

static void __exit ledger_exit(void)
{
	widget_bus_unregister_driver(&ledger_driver);
}

module_init(ledger_init);
module_exit(ledger_exit);
MODULE_LICENSE("GPL");
