/* Test stub. */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#define __init
#define __exit

#define module_init(fn)		extern void *__initcall_##fn
#define module_exit(fn)		extern void *__exitcall_##fn
#define subsys_initcall(fn)	module_init(fn)
#define postcore_initcall(fn)	module_init(fn)

#endif
