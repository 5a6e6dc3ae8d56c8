/*
 * scan.h: the inventory pipeline (walk -> prefilter -> classify ->
 * subsystems), shared by the scan, plan, migrate and report commands.
 */
#ifndef CDMIGRATE_SCAN_H
#define CDMIGRATE_SCAN_H

#include "analyze/classify.h"
#include "analyze/site.h"
#include "base/util.h"
#include "kernel/subsystem.h"

struct scan_options {
	const char *tree;
	const char *kernel;		/* --kernel DIR, or NULL for in-tree */
	const char *arch;		/* --arch, or NULL */
	int jobs;
	const struct strvec *paths;	/* restrict to these subpaths, or NULL */
	/*
	 * More NULL-terminated token lists for the same prefilter pass, each
	 * file read once (the report's other readers of the whole tree): the
	 * candidates of extra_sets[k] go to scan_result.extra_candidates[k].
	 */
	const char *const *const *extra_sets;
	size_t nr_extra_sets;
};

/* Wall and CPU seconds of each stage, for benchmarks only. */
struct scan_timing {
	double walk_wall, walk_cpu;
	double prefilter_wall, prefilter_cpu;
	double classify_wall, classify_cpu;
};

struct scan_result {
	char *tree_name;		/* basename of the tree, as printed */
	size_t files_scanned;
	size_t candidates;
	size_t unreadable;
	size_t binary;
	struct strvec files;		/* every .c/.h walked, sorted */
	struct strvec candidate_files;	/* the candidates, sorted */
	struct strvec parsed_files;	/* the candidates whose code names the API
					   (kernel_code_uses_api()): the ones parsed */
	struct strvec *extra_candidates;	/* nr_extra_sets lists, sorted, or NULL */
	size_t nr_extra_candidates;
	struct site_list sites;		/* sorted, subsystems filled */
	struct include_graph includes;
	struct classify_stats parse;	/* per candidate file, same order */
	struct scan_timing timing;
};
#define SCAN_RESULT_INIT { NULL, 0, 0, 0, 0, STRVEC_INIT, STRVEC_INIT, STRVEC_INIT, NULL, 0, SITE_LIST_INIT, \
			   INCLUDE_GRAPH_INIT, CLASSIFY_STATS_INIT, { 0, 0, 0, 0, 0, 0 } }

/*
 * Run the pipeline.  Returns 0, or -1 after printing a one-line error
 * (tree missing, not a directory, no C file, kernel headers missing).
 */
int scan_tree(const struct scan_options *opts, struct scan_result *result);

void scan_result_release(struct scan_result *result);

/* The direct in-tree includes of the .c files among `files` (lexical). */
void scan_include_graph(const char *tree, const struct strvec *files, struct include_graph *g);

#endif
