#include "cmd/commands.h"
#include "cmd/options.h"
#include "journal.h"
#include "migrate.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

int cmd_migrate(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "force", no_argument, NULL, 'F' },
		{ "resume", no_argument, NULL, 'r' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "step", required_argument, NULL, 's' },
		{ "subsystem", required_argument, NULL, 'S' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "timeout", required_argument, NULL, 't' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct migrate_options opts = { 0 };
	struct strvec paths = STRVEC_INIT;
	int c, resume = 0, status;
	char *end;

	opts.jobs = 1;
	opts.timeout_s = 300;
	optind = 0;
	while ((c = getopt_long(argc, argv, "o:j:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			opts.out_dir = optarg;
			break;
		case 'i':
			opts.in_place = 1;
			break;
		case 'F':
			opts.force = 1;
			break;
		case 'r':
			resume = 1;
			break;
		case 'k':
			opts.kernel = optarg;
			break;
		case 's':
			opts.only_step = optarg;
			break;
		case 'S':
			opts.only_subsystem = optarg;
			break;
		case 'j':
			opts.jobs = options_parse_jobs(optarg);
			if (opts.jobs < 0)
				return command_usage_error("migrate", "-j takes a number from 1 to 256, not '%s'", optarg);
			break;
		case 't':
			opts.timeout_s = (unsigned)strtoul(optarg, &end, 10);
			if (!*optarg || *end)
				return command_usage_error("migrate", "--timeout takes seconds, not '%s'", optarg);
			break;
		case 'q':
			opts.quiet = 1;
			break;
		case 'h':
			fputs(command_find("migrate")->usage, stdout);
			return EXIT_CLEAN;
		default:
			return command_usage_error("migrate", "unknown option");
		}
	}
	opts.tree = options_tree_and_paths(argc, argv, optind, &paths);
	if (!opts.tree)
		return command_usage_error("migrate", "missing TREE");
	if (resume) {
		int rc = journal_resume(opts.tree);

		strvec_clear(&paths);
		if (rc == 1)
			printf("%s: nothing to resume\n", opts.tree);
		return rc < 0 ? EXIT_USAGE : EXIT_CLEAN;
	}
	if (!opts.in_place == !opts.out_dir) {
		strvec_clear(&paths);
		return command_usage_error("migrate", "give either -o OUT (a patch series) or --in-place");
	}
	opts.paths = &paths;
	status = migrate_run(&opts, NULL);
	strvec_clear(&paths);
	return status;
}
