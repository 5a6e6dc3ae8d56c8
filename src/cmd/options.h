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

/*
 * The options of the commands that plan or make the series (plan and
 * migrate): which kernel, which steps, which subsystems, how many jobs,
 * which arch and which variant of step 50.  Put OPTIONS_CONVERSION_LONGOPTS
 * in the command's getopt_long() table and, in its default: case, hand
 * every other option to options_conversion().
 */
struct conversion_options {
	const char *kernel;		/* --kernel DIR, NULL in-tree */
	const char *only_step;		/* --step */
	const char *only_subsystem;	/* --subsystem */
	int jobs;			/* -j, --jobs; 1 unless given */
	const char *variant;		/* --interface callbacks: "callbacks"; the bus: NULL */
};
#define CONVERSION_OPTIONS_INIT { NULL, NULL, NULL, 1, NULL }

#define OPTIONS_CONVERSION_LONGOPTS \
	{ "kernel", required_argument, NULL, 'k' }, \
	{ "step", required_argument, NULL, 's' }, \
	{ "subsystem", required_argument, NULL, 'S' }, \
	{ "jobs", required_argument, NULL, 'j' }, \
	{ "arch", required_argument, NULL, 'A' }, \
	{ "interface", required_argument, NULL, 'I' }

/*
 * Option c of command `name` (its argument arg) into opts (--arch through
 * options_set_arch()).  Returns 1 when c is one of these and arg is good,
 * 0 when c is not one of these, and -1 after command_usage_error() when
 * arg is bad: the command then exits EXIT_USAGE.
 */
int options_conversion(const char *name, int c, const char *arg, struct conversion_options *opts);

#endif
