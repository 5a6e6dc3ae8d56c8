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

static int ledger_add(struct device *dev, struct class_interface *intf)
{
	struct widget *w = to_widget(dev);

	ledger_widgets++;
	ledger_flags |= w->flags;
	return 0;
}

static void ledger_remove(struct device *dev, struct class_interface *intf)
{
	ledger_widgets--;
}

static struct class_interface ledger_intf = {
	.add	= ledger_add,
	.remove	= ledger_remove,
};

static int __init ledger_init(void)
{
	ledger_intf.class = widget_class;
	return class_interface_register(&ledger_intf);
}

static void __exit ledger_exit(void)
{
	class_interface_unregister(&ledger_intf);
}

module_init(ledger_init);
module_exit(ledger_exit);
MODULE_LICENSE("GPL");
