/*
 * userspace-glob.h: where a glob of a udev rule or script meets a name or
 * path the sysfs prediction (sysfs.h) gives, with its placeholders ("event<N>",
 * "<led_cdev->name>").  The rules are those of userspace.h: fnmatch() both
 * ways, <N> written 0 or as [0-9]*, any other <x> as *.
 */
#ifndef CDMIGRATE_USERSPACE_GLOB_H
#define CDMIGRATE_USERSPACE_GLOB_H

#include <stddef.h>

/* The end of the placeholder opened by '<' at p: the first '>' not part of "->" (NULL: none). */
const char *userspace_glob_placeholder_end(const char *p);

/* Does the user glob meet the predicted name (or path)?  '/' is not special, as in udev. */
int userspace_glob_meets(const char *user, const char *kernel);

/*
 * The n bytes at s with every substitution of a shell or of udev ($x, ${x},
 * $(...), %k, %s{x}, $kernel) made one '*' (caller frees).
 */
char *userspace_glob_wildcards(const char *s, size_t n);

#endif
