#include "analyze/output.h"
#include "analyze/scan.h"
#include "cmd/commands.h"
#include "cmd/options.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

int cmd_scan(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "arch", required_argument, NULL, 'a' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "stats", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct scan_options opts = { NULL, NULL, NULL, 1, NULL };
	struct scan_result result = SCAN_RESULT_INIT;
	struct strvec paths = STRVEC_INIT;
	int format = OUTPUT_TEXT, c, status, print_stats = 0;

	optind = 0;
	while ((c = getopt_long(argc, argv, "j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = output_format_parse(optarg, 0);
			if (format < 0)
				return command_usage_error("scan", "--format takes text or json, not '%s'", optarg);
			break;
		case 'k':
			opts.kernel = optarg;
			break;
		case 'a':
			opts.arch = optarg;
			break;
		case 'j':
			opts.jobs = options_parse_jobs(optarg);
			if (opts.jobs < 0)
				return command_usage_error("scan", "-j takes a number from 1 to 256, not '%s'", optarg);
			break;
		case 'T':
			print_stats = 1;
			break;
		case 'h':
			fputs(command_find("scan")->usage, stdout);
			return EXIT_CLEAN;
		default:
			return command_usage_error("scan", "unknown option");
		}
	}
	opts.tree = options_tree_and_paths(argc, argv, optind, &paths);
	if (!opts.tree)
		return command_usage_error("scan", "missing TREE");
	opts.paths = &paths;
	if (scan_tree(&opts, &result) < 0) {
		scan_result_release(&result);
		strvec_clear(&paths);
		return EXIT_USAGE;
	}
	if (format == OUTPUT_JSON)
		output_scan_json(stdout, &result);
	else
		output_scan_text(stdout, &result);
	/* Timings vary from run to run: only on request, and on stderr. */
	if (print_stats)
		fprintf(stderr, "files %zu\ncandidates %zu\nsites %zu\nparse_errors %zu\n"
			"walk_wall %.3f\nwalk_cpu %.3f\nprefilter_wall %.3f\nprefilter_cpu %.3f\n"
			"classify_wall %.3f\nclassify_cpu %.3f\n",
			result.files_scanned, result.candidates, result.sites.nr,
			result.parse.with_errors,
			result.timing.walk_wall, result.timing.walk_cpu,
			result.timing.prefilter_wall, result.timing.prefilter_cpu,
			result.timing.classify_wall, result.timing.classify_cpu);
	status = result.sites.nr ? EXIT_FINDINGS : EXIT_CLEAN;
	scan_result_release(&result);
	strvec_clear(&paths);
	if (fflush(stdout) || ferror(stdout))
		return EXIT_USAGE;
	return status;
}
