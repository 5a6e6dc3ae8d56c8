#include <linux/gadget.h>

/* No token of the class_device API: only the header's macro. */
const char *gadget_name(struct gadget *g)
{
	return GADGET_CDEV_FIELD(g, class_id);
}
