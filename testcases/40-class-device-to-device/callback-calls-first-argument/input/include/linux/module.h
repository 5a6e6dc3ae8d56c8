/* Test stub. */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/stat.h>

struct module;

#define THIS_MODULE ((struct module *)0)
#define EXPORT_SYMBOL(sym)	extern void *__ksymtab_##sym
#define EXPORT_SYMBOL_GPL(sym)	extern void *__ksymtab_gpl_##sym
#define MODULE_LICENSE(l)	extern void *__module_license

#endif
