#ifndef _LINUX_MODULE_PARAMS_H
#define _LINUX_MODULE_PARAMS_H
/* (C) Copyright 2001, 2002 Rusty Russell IBM Corporation */

/*
 * (Reduced for the mini tree: parameters are parsed by nobody here,
 * module_param() only has to leave a well-formed declaration behind.)
 */
#include <linux/init.h>
#include <linux/stringify.h>
#include <linux/kernel.h>

#define module_param(name, type, perm)					\
	static const char __param_str_##name[] = __stringify(name)

#define MODULE_PARM_DESC(_parm, desc) \
	static const char __param_desc_##_parm[] = desc

#endif /* _LINUX_MODULE_PARAMS_H */
