/* cdmigrate: global options, the command table, dispatch. */
#include "base/cache.h"
#include "base/util.h"
#include "cmd/commands.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "config.h"

static void print_overview(FILE *out)
{
	fprintf(out, "usage: cdmigrate [--version] [--help] COMMAND [ARGS]\n\n"
		     "Retire struct class_device from a Linux 2.6 tree with Coccinelle.\n\n"
		     "Commands:\n");
	for (const struct command *c = commands; c->name; c++)
		fprintf(out, "  %-8s %s\n", c->name, c->summary);
	fprintf(out, "\n'cdmigrate help COMMAND' describes a command.  Exit status: 0 clean,\n"
		     "1 findings or pending changes, 2 usage or tool error, 3 conflicting edits.\n");
}

int main(int argc, char **argv)
{
	const struct command *cmd;
	int rc;

	/* A closed pipe (cdmigrate scan | head) is not an error worth a signal. */
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2) {
		print_overview(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		print_overview(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("cdmigrate %s\n", PACKAGE_VERSION);
		return EXIT_CLEAN;
	}
	cmd = command_find(argv[1]);
	if (!cmd) {
		fprintf(stderr, "cdmigrate: '%s' is not a command: see 'cdmigrate --help'\n", argv[1]);
		return EXIT_USAGE;
	}
	rc = cmd->fn(argc - 1, argv + 1);
	cache_prune(0);
	return rc;
}
