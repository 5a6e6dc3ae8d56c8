#include <linux/widget.h>

/* A driver: no token of the class_device API, only the macro. */
static int widget_pci_probe(struct widget *w, struct device *pdev)
{
	SET_WIDGET_DEV(w, pdev);
	return widget_register(w);
}
