#include <linux/module.h>
#include <linux/device.h>

/*
 * A struct class pointer handed in by a caller: class_register(&foo)
 * and "struct class foo = { ... }" in this comment are not code.
 */
static struct class *ptr_class;

int ptr_set_class(struct class *cls)
{
	int err;

	err = class_register(cls);
	if (err)
		return err;
	ptr_class = cls;
	printk(KERN_INFO "registered \"struct class ptr_class = {\" via class_register(&x)\n");
	return 0;
}

void ptr_clear_class(void)
{
	class_unregister(ptr_class);
	ptr_class = NULL;
}
