#include "analyze/output.h"
#include "analyze/parse-setup.h"
#include "analyze/scan.h"
#include "cmd/commands.h"
#include "cmd/options.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>

/* --print-args: each file's arguments, from the set-up every parse uses. */
static int print_args(const struct scan_options *opts, const char *dir)
{
	char tree[PATH_MAX], kernel[PATH_MAX], scratch[PATH_MAX];
	struct parse_setup_options po;
	struct parse_setup *ps;

	if (!realpath(opts->tree, tree))
		return error_errno("%s: cannot resolve the tree", opts->tree), EXIT_USAGE;
	if (!realpath(opts->kernel ? opts->kernel : opts->tree, kernel))
		return error_errno("%s: cannot resolve the kernel directory", opts->kernel), EXIT_USAGE;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return error_errno("%s: cannot create it", dir), EXIT_USAGE;
	if (!realpath(dir, scratch))
		return error_errno("%s: cannot resolve it", dir), EXIT_USAGE;
	po.tree = tree;
	po.kernel = kernel;
	po.scratch = scratch;
	po.arch = opts->arch;
	po.out_of_tree = opts->kernel != NULL;
	po.blank_header_bodies = 0;	/* the whole code, as a compiler and verify read it */
	ps = parse_setup_new(&po);
	for (size_t i = 0; i < opts->paths->nr; i++) {
		struct strvec args = STRVEC_INIT;

		parse_setup_args(ps, opts->paths->v[i], NULL, 0, &args);
		fputs(opts->paths->v[i], stdout);
		for (size_t a = 0; a < args.nr; a++)
			printf("\t%s", args.v[a]);
		putchar('\n');
		strvec_clear(&args);
	}
	parse_setup_free(ps, 1);
	if (fflush(stdout) || ferror(stdout))
		return EXIT_USAGE;
	return EXIT_CLEAN;
}

int cmd_scan(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "arch", required_argument, NULL, 'a' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "stats", no_argument, NULL, 'T' },
		{ "print-args", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct scan_options opts = { NULL, NULL, NULL, 1, NULL, NULL, 0 };
	struct scan_result result = SCAN_RESULT_INIT;
	struct strvec paths = STRVEC_INIT;
	int format = OUTPUT_TEXT, c, status, print_stats = 0;
	const char *args_dir = NULL;

	optind = 0;
	while ((c = getopt_long(argc, argv, "j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = output_format_parse(optarg);
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
		case 'P':
			args_dir = optarg;
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
	if (args_dir) {
		status = print_args(&opts, args_dir);
		strvec_clear(&paths);
		return status;
	}
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
		fprintf(stderr, "files %zu\ncandidates %zu\nparsed %zu\nsites %zu\nparse_errors %zu\nparse_cached %zu\n"
			"walk_wall %.3f\nwalk_cpu %.3f\nprefilter_wall %.3f\nprefilter_cpu %.3f\n"
			"classify_wall %.3f\nclassify_cpu %.3f\nlibclang_parses %lu\n",
			result.files_scanned, result.candidates, result.parsed_files.nr, result.sites.nr,
			result.parse.with_errors, result.parse.cached,
			result.timing.walk_wall, result.timing.walk_cpu,
			result.timing.prefilter_wall, result.timing.prefilter_cpu,
			result.timing.classify_wall, result.timing.classify_cpu, classify_parse_count());
	/* Which files, and the first error of each: what a real tree's set-up lacks. */
	for (size_t i = 0; print_stats && i < result.parse.nr; i++)
		if (result.parse.files[i].errors)
			fprintf(stderr, "parse_error %s %u %s\n", result.parse.files[i].file,
				result.parse.files[i].errors,
				result.parse.files[i].first_error ? result.parse.files[i].first_error : "");
	status = result.sites.nr ? EXIT_FINDINGS : EXIT_CLEAN;
	scan_result_release(&result);
	strvec_clear(&paths);
	if (fflush(stdout) || ferror(stdout))
		return EXIT_USAGE;
	return status;
}
