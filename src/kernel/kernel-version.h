/*
 * kernel-version.h: which kernel a tree is, from its top Makefile.  The one
 * reader of VERSION, PATCHLEVEL and SUBLEVEL: the plan prints it, the
 * classifier synthesizes linux/version.h from it, the sysfs listing
 * evaluates LINUX_VERSION_CODE conditionals with it.
 */
#ifndef CDMIGRATE_KERNEL_VERSION_H
#define CDMIGRATE_KERNEL_VERSION_H
#include "lex/lex.h"

/* KERNEL_VERSION(a, b, c) as the kernel computes it. */
#define KERNEL_VERSION_CODE(a, b, c) (((unsigned)(a) << 16) + ((unsigned)(b) << 8) + (unsigned)(c))

/*
 * KERNEL_VERSION(VERSION, PATCHLEVEL, SUBLEVEL) from the lines
 * "VERSION = 2", "PATCHLEVEL = 6", "SUBLEVEL = 15" of root/Makefile, or 0
 * when the file cannot be read or one of the three is missing.
 */
unsigned kernel_version_code(const char *root);

/*
 * A lex_condition_fn that knows 0, 1 and comparisons of
 * LINUX_VERSION_CODE with KERNEL_VERSION(a, b, c) or a number (also
 * negated with !); data points to the unsigned version code; anything else
 * is unknown.
 */
int kernel_version_condition(const struct lex_token *v, size_t n, void *data);

#endif
