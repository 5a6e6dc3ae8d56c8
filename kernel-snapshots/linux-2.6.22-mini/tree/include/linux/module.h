#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

/*
 * Modules as drivers see them: THIS_MODULE, the export macros, the
 * init/exit hooks and the information tags.
 */
#include <linux/compiler.h>
#include <linux/stringify.h>
#include <linux/list.h>
#include <linux/init.h>
#include <linux/kobject.h>

struct module {
	struct list_head list;
	char name[60];
	struct kobject kobj;
};

#ifdef MODULE
extern struct module __this_module;
#define THIS_MODULE (&__this_module)
#else
#define THIS_MODULE ((struct module *)0)
#endif

struct kernel_symbol {
	unsigned long value;
	const char *name;
};

#define __EXPORT_SYMBOL(sym, sec)					\
	static const char __kstrtab_##sym[] = #sym;			\
	static const struct kernel_symbol __ksymtab_##sym		\
	__attribute_used__ __attribute__((section("__ksymtab" sec)))	\
	= { (unsigned long)&sym, __kstrtab_##sym }

#define EXPORT_SYMBOL(sym)	__EXPORT_SYMBOL(sym, "")
#define EXPORT_SYMBOL_GPL(sym)	__EXPORT_SYMBOL(sym, "_gpl")

#define module_init(fn)		device_initcall(fn);
#define module_exit(fn) \
	static exitcall_t __exitcall_##fn __attribute_used__ = fn;

#define MODULE_INFO(tag, info) \
	static const char __mod_##tag[] __attribute_used__ = \
		__stringify(tag) "=" info
#define MODULE_LICENSE(l)	MODULE_INFO(license, l)
#define MODULE_AUTHOR(a)	MODULE_INFO(author, a)
#define MODULE_DESCRIPTION(d)	MODULE_INFO(description, d)

extern int try_module_get(struct module *module);
extern void module_put(struct module *module);

#endif /* _LINUX_MODULE_H */
