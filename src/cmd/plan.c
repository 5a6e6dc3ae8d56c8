#include "analyze/output.h"
#include "cmd/commands.h"
#include "cmd/options.h"
#include "plan/plan.h"

#include <getopt.h>
#include <stdio.h>

int cmd_plan(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		OPTIONS_CONVERSION_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct conversion_options co = CONVERSION_OPTIONS_INIT;
	struct plan_options opts = { NULL, NULL, NULL, NULL, NULL, 1, NULL, NULL };
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
		case 'h':
			fputs(command_find("plan")->usage, stdout);
			return EXIT_CLEAN;
		default:
			switch (options_conversion("plan", c, optarg, &co)) {
			case 0:
				return command_usage_error("plan", "unknown option");
			case -1:
				return EXIT_USAGE;
			}
		}
	}
	opts.kernel = co.kernel;
	opts.only_step = co.only_step;
	opts.only_subsystem = co.only_subsystem;
	opts.jobs = co.jobs;
	opts.variant = co.variant;	/* step 50's: its preconditions count too */
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
