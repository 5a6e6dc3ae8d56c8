#include "cmd/commands.h"
#include "cmd/options.h"
#include "report/report.h"
#include "report/writer.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Write the report to path atomically (a temporary file, then rename). */
static int write_report(const char *path, const struct writer *writer, const struct report *r)
{
	char *tmp = xstrfmt("%s.tmp", path);
	FILE *out = fopen(tmp, "w");
	int failed;

	if (!out) {
		error_errno("-o %s: cannot write %s", path, tmp);
		free(tmp);
		return -1;
	}
	writer->write(out, r);
	failed = ferror(out);
	failed |= fclose(out) != 0;
	if (failed || rename(tmp, path) < 0) {
		error_errno("-o %s: cannot write it", path);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

void report_usage_formats(FILE *out)
{
	writer_print_help(out);
}

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "arch", required_argument, NULL, 'a' },
		{ "series", required_argument, NULL, 's' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "gate", no_argument, NULL, 'g' },
		{ "userspace", required_argument, NULL, 'u' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct report_options opts = { NULL, NULL, NULL, 1, NULL, NULL, NULL };
	struct report r;
	struct strvec paths = STRVEC_INIT, userspace = STRVEC_INIT;
	const char *output = NULL, *baseline = NULL;
	const struct writer *writer = &writer_text;
	int gate = 0, c, status;

	optind = 0;
	while ((c = getopt_long(argc, argv, "o:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			writer = writer_find(optarg);
			if (!writer) {
				char *names = writer_names();

				status = command_usage_error("report", "--format takes %s, not '%s'", names, optarg);
				free(names);
				return status;
			}
			break;
		case 'o':
			output = optarg;
			break;
		case 'k':
			opts.kernel = optarg;
			break;
		case 'a':
			opts.arch = optarg;
			break;
		case 's':
			opts.series = optarg;
			break;
		case 'b':
			baseline = optarg;
			break;
		case 'g':
			gate = 1;
			break;
		case 'u':
			strvec_push(&userspace, optarg);
			break;
		case 'j':
			opts.jobs = options_parse_jobs(optarg);
			if (opts.jobs < 0)
				return command_usage_error("report", "-j takes a number from 1 to 256, not '%s'", optarg);
			break;
		case 'h':
			fputs(command_find("report")->usage, stdout);
			return EXIT_CLEAN;
		default:
			return command_usage_error("report", "unknown option");
		}
	}
	opts.tree = options_tree_and_paths(argc, argv, optind, &paths);
	if (!opts.tree)
		return command_usage_error("report", "missing TREE");
	opts.paths = &paths;
	opts.userspace = &userspace;

	if (report_make(&opts, &r) < 0 || (baseline && report_compare_baseline(&r, baseline) < 0)) {
		report_release(&r);
		strvec_clear(&paths);
		strvec_clear(&userspace);
		return EXIT_USAGE;
	}
	if (output) {
		if (write_report(output, writer, &r) < 0) {
			report_release(&r);
			strvec_clear(&paths);
			strvec_clear(&userspace);
			return EXIT_USAGE;
		}
	} else {
		writer->write(stdout, &r);
	}

	if (baseline || gate) {
		status = EXIT_CLEAN;
		if (baseline) {
			writer_text_baseline(stderr, &r);
			if (r.baseline->nr_new_items || r.baseline->nr_new_failures)
				status = EXIT_FINDINGS;
		}
		if (gate && (r.nr || r.nr_failures || r.userspace.nr)) {
			fprintf(stderr, "cdmigrate report: --gate: %zu site%s and %zu parse failure%s left", r.nr,
				r.nr == 1 ? "" : "s", r.nr_failures, r.nr_failures == 1 ? "" : "s");
			if (r.userspace.checked)
				fprintf(stderr, ", %zu userspace finding%s", r.userspace.nr,
					r.userspace.nr == 1 ? "" : "s");
			fputc('\n', stderr);
			status = EXIT_FINDINGS;
		}
	} else {
		status = r.nr || r.userspace.nr ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	report_release(&r);
	strvec_clear(&paths);
	strvec_clear(&userspace);
	if (fflush(stdout) || ferror(stdout))
		return EXIT_USAGE;
	return status;
}
