#ifndef __LINUX_STRINGIFY_H
#define __LINUX_STRINGIFY_H

/* turn a macro argument into a string, expanding it first */
#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)

#endif /* __LINUX_STRINGIFY_H */
