#include "analyze/output.h"
#include "cmd/commands.h"
#include "cmd/options.h"
#include "plan/plan.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

int cmd_plan(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "step", required_argument, NULL, 's' },
		{ "subsystem", required_argument, NULL, 'S' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "arch", required_argument, NULL, 'A' },
		{ "interface", required_argument, NULL, 'I' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct plan_options opts = { NULL, NULL, NULL, NULL, NULL, 1, NULL };
	struct strvec paths = STRVEC_INIT;
	struct plan plan;
	int format = OUTPUT_TEXT, c, status = EXIT_CLEAN;

	optind = 0;
	while ((c = getopt_long(argc, argv, "j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = output_format_parse(optarg);
			if (format < 0)
				return command_usage_error("plan", "--format takes text or json, not '%s'", optarg);
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
		case 'A':
			options_set_arch(optarg);
			break;
		case 'j':
			opts.jobs = options_parse_jobs(optarg);
			if (opts.jobs < 0)
				return command_usage_error("plan", "-j takes a number from 1 to 256, not '%s'", optarg);
			break;
		case 'I':
			/* step 50's variant: its preconditions count too (as for migrate) */
			if (!strcmp(optarg, "callbacks"))
				opts.variant = "callbacks";
			else if (strcmp(optarg, "bus"))
				return command_usage_error("plan", "--interface takes 'bus' or 'callbacks', not '%s'", optarg);
			break;
		case 'h':
			fputs(command_find("plan")->usage, stdout);
			return EXIT_CLEAN;
		default:
			return command_usage_error("plan", "unknown option");
		}
	}
	opts.tree = options_tree_and_paths(argc, argv, optind, &paths);
	if (!opts.tree)
		return command_usage_error("plan", "missing TREE");
	opts.paths = &paths;
	if (plan_make(&opts, &plan) < 0) {
		strvec_clear(&paths);
		return EXIT_USAGE;
	}
	if (format == OUTPUT_JSON)
		plan_print_json(stdout, &plan);
	else
		plan_print_text(stdout, &plan);
	for (size_t i = 0; i < plan.nr; i++) {
		if (plan.steps[i].action == PLAN_BLOCKED)
			status = EXIT_USAGE;
		else if (plan.steps[i].action == PLAN_RUN && status == EXIT_CLEAN)
			status = EXIT_FINDINGS;
	}
	plan_release(&plan);
	strvec_clear(&paths);
	return status;
}
