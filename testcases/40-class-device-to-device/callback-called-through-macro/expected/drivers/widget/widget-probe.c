#include <linux/widget.h>

/*
 * Calls the callback through the subsystem's macro: no class_device
 * token here, yet the call needs the attribute once the callback has it.
 */
void widget_probe(struct widget *w)
{
	char buf[16];

	if (widget_show_serial(widget_to_class(w), NULL, buf) > 0)
		printk(KERN_INFO "serial %s", buf);
	widget_register(widget_to_class(w), 0);
}

/* Not the callback: a member of the same name, and a call already converted. */
void widget_other(struct widget *w, struct widget_ops *ops)
{
	char buf[16];

	ops->show_serial(w, buf);
	widget_show_serial(widget_to_class(w), NULL, buf);
}
