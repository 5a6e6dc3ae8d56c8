#include <linux/module.h>
#include <linux/split.h>

void split_release(struct class_device *cd)
{
}

/* Defined here, registered by split_init.c: the owner comes along. */
struct class *split_class;
EXPORT_SYMBOL_GPL(split_class);
