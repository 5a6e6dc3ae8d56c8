/* Test stub. */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

static inline void *ERR_PTR(long error)
{
	return (void *) error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long) ptr;
}

static inline long IS_ERR(const void *ptr)
{
	return (unsigned long) ptr > (unsigned long) -1000L;
}

#endif
