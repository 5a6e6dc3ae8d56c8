/*
 * options.h: the options several commands share, parsed one way.
 */
#ifndef CDMIGRATE_CMD_OPTIONS_H
#define CDMIGRATE_CMD_OPTIONS_H

#include "base/util.h"

/* Parse a -j value: a whole number from 1 to 256.  -1 if bad. */
int options_parse_jobs(const char *arg);

/*
 * Split the positional arguments left after getopt: the first is TREE
 * (returned, borrowed from argv), the rest are PATHs pushed to `paths`.
 * Returns NULL when there is no TREE.
 */
const char *options_tree_and_paths(int argc, char **argv, int first, struct strvec *paths);

/*
 * --arch ARCH of any command: every file is parsed for include/asm-ARCH
 * from now on (analyze/parse-setup.h), instead of the arch of each file.
 */
void options_set_arch(const char *arch);

#endif
