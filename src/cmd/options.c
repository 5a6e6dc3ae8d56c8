#include "cmd/options.h"
#include "analyze/parse-setup.h"

#include <stdlib.h>

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
