/*
 * drivers/base/class.c - classes, in the shape of 2.6.19 (test input
 * written for cdmigrate; only class_register/class_unregister).
 */

#include <linux/device.h>
#include <linux/module.h>
#include "base.h"

static struct kobj_type ktype_class;

int class_register(struct class * cls)
{
	int error;

	INIT_LIST_HEAD(&cls->children);
	INIT_LIST_HEAD(&cls->devices);
	INIT_LIST_HEAD(&cls->interfaces);
	init_MUTEX(&cls->sem);
	error = kobject_set_name(&cls->subsys.kset.kobj, "%s", cls->name);
	if (error)
		return error;
	return subsystem_register(&cls->subsys);
}

void class_unregister(struct class * cls)
{
	subsystem_unregister(&cls->subsys);
}

EXPORT_SYMBOL_GPL(class_register);
EXPORT_SYMBOL_GPL(class_unregister);
