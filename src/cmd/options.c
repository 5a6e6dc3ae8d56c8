#include "cmd/options.h"
#include "analyze/parse-setup.h"
#include "cmd/commands.h"

#include <stdlib.h>
#include <string.h>

int options_parse_jobs(const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (!*arg || *end || n < 1 || n > 256)
		return -1;
	return (int)n;
}

const char *options_tree_and_paths(int argc, char **argv, int first, struct strvec *paths)
{
	if (first >= argc)
		return NULL;
	for (int i = first + 1; i < argc; i++)
		strvec_push(paths, argv[i]);
	return argv[first];
}

void options_set_arch(const char *arch)
{
	parse_setup_force_arch(arch);
}

int options_conversion(const char *name, int c, const char *arg, struct conversion_options *opts)
{
	switch (c) {
	case 'k':
		opts->kernel = arg;
		return 1;
	case 's':
		opts->only_step = arg;
		return 1;
	case 'S':
		opts->only_subsystem = arg;
		return 1;
	case 'A':
		options_set_arch(arg);
		return 1;
	case 'j':
		opts->jobs = options_parse_jobs(arg);
		if (opts->jobs < 0)
			return command_usage_error(name, "-j takes a number from 1 to 256, not '%s'", arg), -1;
		return 1;
	case 'I':
		/* step 50: a virtual bus (the default) or class_interface callbacks */
		if (!strcmp(arg, "callbacks"))
			opts->variant = "callbacks";
		else if (strcmp(arg, "bus"))
			return command_usage_error(name, "--interface takes 'bus' or 'callbacks', not '%s'",
						   arg), -1;
		return 1;
	default:
		return 0;
	}
}
