#define _GNU_SOURCE
#include "analyze/scan.h"
#include "analyze/prefilter.h"
#include "base/walk.h"
#include "kernel/kernel.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *basename_of(const char *path)
{
	size_t len = strlen(path);
	const char *slash;

	while (len > 1 && path[len - 1] == '/')
		len--;
	slash = memrchr(path, '/', len);
	if (!slash)
		return xstrndup(path, len);
	return xstrndup(slash + 1, len - (size_t)(slash - path) - 1);
}

void scan_include_graph(const char *tree, const struct strvec *files, struct include_graph *g)
{
	struct strbuf text = STRBUF_INIT;

	for (size_t i = 0; i < files->nr; i++) {
		char *abs;

		if (!ends_with(files->v[i], ".c"))
			continue;
		abs = path_join(tree, files->v[i]);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, abs) == 0)
			include_graph_scan(g, files->v[i], text.buf, walk_tree_has_file, (void *)tree);
		free(abs);
	}
	strbuf_release(&text);
}

/*
 * The prefilter reads bytes: a word of the API in a comment, or a pointer
 * to a class class_create() made, picks a file no parse finds a site in
 * (on v2.6.25 half the candidates).  The report still reads every
 * candidate's text; an unreadable one is left to classify to report.
 */
static void select_parsed(const char *tree, const struct strvec *candidates, struct strvec *parsed)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

	for (size_t i = 0; i < candidates->nr; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", tree, candidates->v[i]);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, path.buf) < 0 || kernel_code_uses_api(text.buf, text.len))
			strvec_push(parsed, candidates->v[i]);
	}
	strbuf_release(&path);
	strbuf_release(&text);
}

int scan_tree(const struct scan_options *opts, struct scan_result *r)
{
	struct classify_options copts;
	struct walk_stats ws = { 0, 0, NULL, NULL };
	struct classify *c;
	double wall, cpu;

	r->tree_name = basename_of(opts->tree);

	wall = now(CLOCK_MONOTONIC);
	cpu = now(CLOCK_PROCESS_CPUTIME_ID);
	if (walk_tree(opts->tree, opts->paths, &r->files, &ws) < 0)
		return -1;
	r->files_scanned = r->files.nr;
	r->timing.walk_wall = now(CLOCK_MONOTONIC) - wall;
	r->timing.walk_cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu;
	if (!r->files.nr)
		return error("%s: no .c or .h file here: give the root of a kernel tree or driver directory",
			     opts->tree);

	wall = now(CLOCK_MONOTONIC);
	cpu = now(CLOCK_PROCESS_CPUTIME_ID);
	if (opts->nr_extra_sets) {
		const char *const **sets = xcalloc(opts->nr_extra_sets + 1, sizeof(*sets));
		struct strvec *found = xcalloc(opts->nr_extra_sets + 1, sizeof(*found));

		sets[0] = kernel_api_tokens;
		for (size_t k = 0; k < opts->nr_extra_sets; k++)
			sets[k + 1] = opts->extra_sets[k];
		prefilter_files_sets(opts->tree, &r->files, sets, opts->nr_extra_sets + 1, opts->jobs,
				     found, &r->unreadable, &r->binary);
		r->candidate_files = found[0];
		r->extra_candidates = xcalloc(opts->nr_extra_sets, sizeof(*r->extra_candidates));
		for (size_t k = 0; k < opts->nr_extra_sets; k++)
			r->extra_candidates[k] = found[k + 1];
		r->nr_extra_candidates = opts->nr_extra_sets;
		free(found);
		free(sets);
	} else {
		prefilter_files(opts->tree, &r->files, kernel_api_tokens, opts->jobs,
				&r->candidate_files, &r->unreadable, &r->binary);
	}
	r->candidates = r->candidate_files.nr;
	select_parsed(opts->tree, &r->candidate_files, &r->parsed_files);
	r->timing.prefilter_wall = now(CLOCK_MONOTONIC) - wall;
	r->timing.prefilter_cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu;

	memset(&copts, 0, sizeof(copts));
	copts.tree = opts->tree;
	copts.kernel = opts->kernel ? opts->kernel : opts->tree;
	copts.arch = opts->arch;
	copts.out_of_tree = opts->kernel != NULL;
	copts.jobs = opts->jobs;
	copts.blank_header_bodies = 1;
	c = classify_new(&copts);
	if (!c)
		return -1;
	scan_include_graph(opts->tree, &r->candidate_files, &r->includes);
	wall = now(CLOCK_MONOTONIC);
	cpu = now(CLOCK_PROCESS_CPUTIME_ID);
	/* a header is judged where the kernel compiles it, in its includer's parse */
	classify_files_hosted(c, &r->parsed_files, &r->includes, &r->sites, &r->parse);
	r->timing.classify_wall = now(CLOCK_MONOTONIC) - wall;
	r->timing.classify_cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu;
	classify_free(c);

	for (size_t i = 0; i < r->sites.nr; i++) {
		struct site *s = &r->sites.items[i];

		free(s->subsystem);
		s->subsystem = opts->kernel ? xstrdup(r->tree_name)
					    : subsystem_for(s->file, &r->includes);
	}
	return 0;
}

void scan_result_release(struct scan_result *r)
{
	free(r->tree_name);
	r->tree_name = NULL;
	strvec_clear(&r->files);
	strvec_clear(&r->candidate_files);
	strvec_clear(&r->parsed_files);
	for (size_t k = 0; k < r->nr_extra_candidates; k++)
		strvec_clear(&r->extra_candidates[k]);
	free(r->extra_candidates);
	r->extra_candidates = NULL;
	r->nr_extra_candidates = 0;
	site_list_release(&r->sites);
	include_graph_release(&r->includes);
	classify_stats_release(&r->parse);
}
