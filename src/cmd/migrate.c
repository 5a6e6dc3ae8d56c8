#include "cmd/commands.h"
#include "cmd/options.h"
#include "engine/journal.h"
#include "engine/migrate.h"
#include "engine/series.h"
#include "engine/checkpatch.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

static char *default_checkpatch;

/*
 * The checkpatch.pl the series is checked with (checkpatch.h): the one
 * given, which must run (else exit 2), or the tree's own (the --kernel
 * tree's out of tree), skipped with a warning when this perl refuses it.
 * Returns 0 when a given one does not run.
 */
static int resolve_checkpatch(struct migrate_options *opts)
{
	char *why = NULL;
	struct stat st;

	if (opts->checkpatch && !*opts->checkpatch)
		return 1;
	if (opts->checkpatch) {
		if (checkpatch_probe(opts->checkpatch, &why) < 0) {
			error("%s: checkpatch does not run (%s): give one that does, or --no-checkpatch",
			      opts->checkpatch, why);
			free(why);
			return 0;
		}
		return 1;
	}
	default_checkpatch = path_join(opts->kernel ? opts->kernel : opts->tree, "scripts/checkpatch.pl");
	if (lstat(default_checkpatch, &st) < 0 || !S_ISREG(st.st_mode)) {
		opts->checkpatch = "";
		return 1;
	}
	if (checkpatch_probe(default_checkpatch, &why) < 0) {
		warning("%s does not run with this perl (%s): the series is not checked; give a checkpatch.pl"
			" that runs with --checkpatch PATH (runner/checkpatch-for-perl makes one)",
			default_checkpatch, why);
		free(why);
		opts->checkpatch = "";
		return 1;
	}
	opts->checkpatch = default_checkpatch;
	return 1;
}

/* migrate --stats: the run's numbers on stderr. */
static void print_migrate_stats(const struct migrate_stats *stats, int check_bisect)
{
	struct rusage self, children;

	for (size_t i = 0; i < stats->nr; i++)
		fprintf(stderr, "step %u %s wall %.3f cpu %.3f spatch_runs %u groups %u largest_group %u files_changed %u cpu_children %.3f parses %lu replayed %d\n",
			stats->steps[i].order, stats->steps[i].name, stats->steps[i].wall,
			stats->steps[i].cpu, stats->steps[i].spatch_runs, stats->steps[i].groups,
			stats->steps[i].largest_group, stats->steps[i].files_changed,
			stats->steps[i].cpu_children, stats->steps[i].parses, stats->steps[i].replayed);
	fprintf(stderr, "verify_wall %.3f\nverify_replayed %d\nfiles_changed %u\n", stats->verify_wall,
		stats->verify_replayed, stats->files_changed);
	fprintf(stderr, "verify_cpu %.3f\nverify_parses %lu\n", stats->verify_cpu,
		stats->verify_parses);
	fprintf(stderr, "verify_parsed before %u blank %u after %u without %u users %u cached %u\n",
		stats->verify_parsed_before, stats->verify_parsed_blank, stats->verify_parsed_after,
		stats->verify_parsed_without,
		stats->verify_users, stats->verify_parsed_cached);
	/* ru_maxrss (KB): the largest of cdmigrate and of any one reaped child (spatch). */
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &children);
	fprintf(stderr, "setup_wall %.3f\noutput_wall %.3f\nseries_replayed %d\n", stats->setup_wall,
		stats->output_wall, stats->series_replayed);
	if (check_bisect)
		fprintf(stderr, "bisect_parsed %u cached %u mended %u\n", stats->bisect_parsed,
			stats->bisect_cached, stats->bisect_mended);
	fprintf(stderr, "cpu_self %.3f\ncpu_children %.3f\n",
		(double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec) +
		(double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec) / 1e6,
		(double)(children.ru_utime.tv_sec + children.ru_stime.tv_sec) +
		(double)(children.ru_utime.tv_usec + children.ru_stime.tv_usec) / 1e6);
	fprintf(stderr, "peak_rss_self_mb %.1f\npeak_rss_children_mb %.1f\n",
		self.ru_maxrss / 1024.0, children.ru_maxrss / 1024.0);
}

int cmd_migrate(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "force", no_argument, NULL, 'F' },
		{ "resume", no_argument, NULL, 'r' },
		OPTIONS_CONVERSION_LONGOPTS,
		{ "timeout", required_argument, NULL, 't' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "stats", no_argument, NULL, 'T' },
		{ "signoff", no_argument, NULL, 'G' },
		{ "checkpatch", required_argument, NULL, 'C' },
		{ "no-checkpatch", no_argument, NULL, 'N' },
		{ "check-bisect", no_argument, NULL, 'B' },
		{ "size-limit", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct conversion_options co = CONVERSION_OPTIONS_INIT;
	struct migrate_options opts = { 0 };
	struct strvec paths = STRVEC_INIT;
	struct migrate_stats stats;
	int c, resume = 0, status, print_stats = 0;
	char *end;

	opts.timeout_s = 300;
	opts.size_limit = MIGRATE_SIZE_LIMIT;
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
		case 't':
			opts.timeout_s = (unsigned)strtoul(optarg, &end, 10);
			if (!*optarg || *end)
				return command_usage_error("migrate", "--timeout takes seconds, not '%s'", optarg);
			break;
		case 'q':
			opts.quiet = 1;
			break;
		case 'T':
			print_stats = 1;
			break;
		case 'G':
			opts.signoff = 1;
			break;
		case 'C':
			if (!*optarg)
				return command_usage_error("migrate", "--checkpatch takes the path of a checkpatch.pl");
			opts.checkpatch = optarg;
			break;
		case 'N':
			opts.checkpatch = "";
			break;
		case 'B':
			opts.check_bisect = 1;
			break;
		case 'L': {
			unsigned long long n = strtoull(optarg, &end, 10);

			if (end == optarg || (*end && strcmp(end, "k") && strcmp(end, "K")))
				return command_usage_error("migrate", "--size-limit takes bytes or kB (40k), not '%s'", optarg);
			opts.size_limit = (size_t)(*end ? n * 1024 : n);
			break;
		}
		case 'h':
			fputs(command_find("migrate")->usage, stdout);
			return EXIT_CLEAN;
		default:
			switch (options_conversion("migrate", c, optarg, &co)) {
			case 0:
				return command_usage_error("migrate", "unknown option");
			case -1:
				return EXIT_USAGE;
			}
		}
	}
	opts.kernel = co.kernel;
	opts.only_step = co.only_step;
	opts.only_subsystem = co.only_subsystem;
	opts.jobs = co.jobs;
	opts.variant = co.variant;
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
	if (opts.in_place && (opts.signoff || (opts.checkpatch && *opts.checkpatch) || opts.check_bisect)) {
		strvec_clear(&paths);
		return command_usage_error("migrate", "--signoff, --checkpatch and --check-bisect are for a series (-o OUT)");
	}
	if (opts.signoff) {
		char *id = series_signoff_identity(opts.tree);

		if (!id) {
			strvec_clear(&paths);
			error("%s: --signoff signs with git's identity, and git config user.name or user.email is not set: set both", opts.tree);
			return EXIT_USAGE;
		}
		free(id);
	}
	if (!opts.in_place && !resolve_checkpatch(&opts)) {
		strvec_clear(&paths);
		return EXIT_USAGE;
	}
	opts.paths = &paths;
	status = migrate_run(&opts, &stats);
	free(default_checkpatch);
	/* Timings vary from run to run: only on request, and on stderr. */
	if (print_stats)
		print_migrate_stats(&stats, opts.check_bisect);
	free(stats.steps);
	strvec_clear(&paths);
	return status;
}
