#define _GNU_SOURCE
#include "analyze/classify-jobs.h"
#include "analyze/classify-sites.h"
#include "base/threads.h"
#include "base/walk.h"
#include "kernel/subsystem.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct classify_job {
	struct classify *c;
	const struct strvec *files;
	struct file_result *results;	/* classify_files() */
	const long *hosts;		/* classify_files_hosted(): each file's host, or -1 */
	size_t **guests;		/* of each file, the files it hosts */
	size_t *nr_guests;
	int *errors;			/* classify_count_errors_many() */
	char **first_errors;
	/* any other query: one file's, on the worker's index */
	void (*query)(struct classify *c, CXIndex index, size_t i, void *data);
	void *query_data;
	atomic_size_t next;
};

static void *classify_worker(void *data)
{
	struct classify_job *job = data;
	CXIndex index = clang_createIndex(0, 0);
	size_t i;

	while ((i = atomic_fetch_add(&job->next, 1)) < job->files->nr) {
		if (job->query) {
			job->query(job->c, index, i, job->query_data);
		} else if (job->results && job->hosts && job->hosts[i] >= 0) {
			continue;	/* its host's worker classifies it */
		} else if (job->results) {
			size_t n = job->nr_guests ? job->nr_guests[i] : 0;
			const char **names = xcalloc(n, sizeof(*names));
			struct file_result *got = xcalloc(n, sizeof(*got));

			for (size_t k = 0; k < n; k++)
				names[k] = job->files->v[job->guests[i][k]];
			classify_sites_with_guests(job->c, index, job->files->v[i], names, n,
						   &job->results[i], got);
			for (size_t k = 0; k < n; k++)
				job->results[job->guests[i][k]] = got[k];
			free(got);
			free(names);
		} else {
			/* the whole classification: its results go to the parse memo */
			struct file_result r;

			memset(&r, 0, sizeof(r));
			classify_sites_of(job->c, index, job->files->v[i], &r);
			job->errors[i] = r.parsed ? (int)r.errors : -1;
			job->first_errors[i] = r.parsed ? r.first_error : NULL;
			if (!r.parsed)
				free(r.first_error);
			site_list_release(&r.sites);
			strvec_clear(&r.error_texts);
			strvec_clear(&r.diags);
		}
	}
	clang_disposeIndex(index);
	return NULL;
}

/* Run classify_worker on `jobs` threads (the caller's thread is one). */
static void run_workers(struct classify_job *job, int jobs)
{
	atomic_init(&job->next, 0);
	if ((size_t)jobs > job->files->nr)
		jobs = job->files->nr ? (int)job->files->nr : 1;
	/* libclang's parser expects the 8 MB stacks of a main thread. */
	threads_run(jobs, 8u << 20, classify_worker, job);
}

void classify_jobs_run_query(struct classify *c, const struct strvec *files,
			     void (*query)(struct classify *c, CXIndex index, size_t i, void *data),
			     void *data)
{
	struct classify_job job;

	memset(&job, 0, sizeof(job));
	job.c = c;
	job.files = files;
	job.query = query;
	job.query_data = data;
	run_workers(&job, c->jobs);
}

void classify_count_errors_many(struct classify *c, const struct strvec *files,
				int *errors, char **first_errors)
{
	struct classify_job job;

	memset(&job, 0, sizeof(job));
	job.c = c;
	job.files = files;
	job.errors = errors;
	job.first_errors = first_errors;
	run_workers(&job, c->jobs);
}

/* The arch of files->v[i], worked out once. */
static const char *arch_of(struct classify *c, const struct strvec *files, char **archs, size_t i)
{
	if (!archs[i])
		archs[i] = classify_file_arch(c, files->v[i]);
	return archs[i];
}

/*
 * Each header's host: of the .c files among files that include it, the
 * first in files' order parsed for the header's arch (the one difference
 * of arguments that changes what a header declares), or -1; each guest's
 * index goes to its host's list.
 */
static long *choose_hosts(struct classify *c, const struct strvec *files,
			  const struct include_graph *includes, size_t **guests, size_t *nr_guests)
{
	long *hosts = xcalloc(files->nr ? files->nr : 1, sizeof(*hosts));
	char **archs = xcalloc(files->nr ? files->nr : 1, sizeof(*archs));
	long **includers = xcalloc(files->nr ? files->nr : 1, sizeof(*includers));
	size_t *nr_includers = xcalloc(files->nr ? files->nr : 1, sizeof(*nr_includers));

	for (size_t e = 0; e < includes->nr; e++) {
		const struct include_edge *edge = &includes->edges[e];
		long includer, header;

		if (!ends_with(edge->includer, ".c") || !ends_with(edge->header, ".h"))
			continue;
		includer = strvec_sorted_index(files, edge->includer);
		header = strvec_sorted_index(files, edge->header);
		if (includer < 0 || header < 0)
			continue;
		includers[header] = xrealloc(includers[header],
					     (nr_includers[header] + 1) * sizeof(**includers));
		includers[header][nr_includers[header]++] = includer;
	}
	for (size_t i = 0; i < files->nr; i++) {
		hosts[i] = -1;
		for (size_t k = 0; k < nr_includers[i]; k++) {
			long h = includers[i][k];

			if ((hosts[i] < 0 || h < hosts[i]) &&
			    !strcmp(arch_of(c, files, archs, i), arch_of(c, files, archs, (size_t)h)))
				hosts[i] = h;
		}
		if (hosts[i] >= 0) {
			size_t h = (size_t)hosts[i];

			guests[h] = xrealloc(guests[h], (nr_guests[h] + 1) * sizeof(**guests));
			guests[h][nr_guests[h]++] = i;
		}
		free(includers[i]);
	}
	for (size_t i = 0; i < files->nr; i++)
		free(archs[i]);
	free(includers);
	free(nr_includers);
	free(archs);
	return hosts;
}

void classify_host_graph(struct classify *c, const struct strvec *files,
			 const struct strbuf *before, const struct strbuf *after,
			 struct include_graph *hosts)
{
	struct include_graph was = INCLUDE_GRAPH_INIT, now = INCLUDE_GRAPH_INIT, both = INCLUDE_GRAPH_INIT;
	size_t **guests = xcalloc(files->nr ? files->nr : 1, sizeof(*guests));
	size_t *nr_guests = xcalloc(files->nr ? files->nr : 1, sizeof(*nr_guests));
	long *chosen;

	for (size_t i = 0; i < files->nr; i++) {
		if (!ends_with(files->v[i], ".c"))
			continue;
		if (before[i].buf)
			include_graph_scan(&was, files->v[i], before[i].buf, walk_tree_has_file, c->tree);
		if (after[i].buf)
			include_graph_scan(&now, files->v[i], after[i].buf, walk_tree_has_file, c->tree);
	}
	{
		struct strvec kept = STRVEC_INIT;	/* "includer\theader" of the text after */

		for (size_t e = 0; e < now.nr; e++)
			strvec_pushf(&kept, "%s\t%s", now.edges[e].includer, now.edges[e].header);
		strvec_sort(&kept);
		for (size_t e = 0; e < was.nr; e++) {
			char *edge = xstrfmt("%s\t%s", was.edges[e].includer, was.edges[e].header);

			if (strvec_sorted_index(&kept, edge) >= 0)
				include_graph_add(&both, was.edges[e].includer, was.edges[e].header);
			free(edge);
		}
		strvec_clear(&kept);
	}
	chosen = choose_hosts(c, files, &both, guests, nr_guests);
	for (size_t i = 0; i < files->nr; i++) {
		if (chosen[i] >= 0)
			include_graph_add(hosts, files->v[chosen[i]], files->v[i]);
		free(guests[i]);
	}
	free(chosen);
	free(guests);
	free(nr_guests);
	include_graph_release(&was);
	include_graph_release(&now);
	include_graph_release(&both);
}

void classify_host_closure(const struct include_graph *hosts, struct strvec *files)
{
	for (int pass = 0; pass < 2; pass++) {
		struct strvec add = STRVEC_INIT;

		/* first the host of each header, then each guest of each host */
		for (size_t e = 0; e < hosts->nr; e++) {
			const char *have = pass ? hosts->edges[e].includer : hosts->edges[e].header;
			const char *want = pass ? hosts->edges[e].header : hosts->edges[e].includer;

			if (strvec_sorted_index(files, have) >= 0 && strvec_sorted_index(files, want) < 0 &&
			    !strvec_has(&add, want))
				strvec_push(&add, want);
		}
		for (size_t i = 0; i < add.nr; i++)
			strvec_push(files, add.v[i]);
		if (add.nr)
			strvec_sort(files);
		strvec_clear(&add);
	}
}

void classify_count_errors_hosted(struct classify *c, const struct strvec *files,
				  const struct include_graph *hosts, int *errors, char **first_errors)
{
	struct classify_stats st = CLASSIFY_STATS_INIT;
	struct site_list sites = SITE_LIST_INIT;
	struct strvec set = STRVEC_INIT;

	for (size_t i = 0; i < files->nr; i++)
		strvec_push(&set, files->v[i]);
	strvec_sort(&set);
	classify_host_closure(hosts, &set);
	classify_files_hosted(c, &set, hosts, &sites, &st);
	for (size_t i = 0; i < files->nr; i++) {
		struct classify_file *f = &st.files[strvec_sorted_index(&set, files->v[i])];

		errors[i] = (int)f->errors;
		if (first_errors)
			first_errors[i] = f->first_error ? xstrdup(f->first_error) : NULL;
	}
	site_list_release(&sites);
	classify_stats_release(&st);
	strvec_clear(&set);
}

void classify_files(struct classify *c, const struct strvec *files,
		    struct site_list *sites, struct classify_stats *stats)
{
	classify_files_hosted(c, files, NULL, sites, stats);
}

void classify_files_hosted(struct classify *c, const struct strvec *files,
			   const struct include_graph *includes,
			   struct site_list *sites, struct classify_stats *stats)
{
	struct classify_job job;
	long *checked = NULL;

	memset(&job, 0, sizeof(job));
	job.c = c;
	job.files = files;
	job.results = xcalloc(files->nr ? files->nr : 1, sizeof(*job.results));
	if (includes) {
		job.guests = xcalloc(files->nr ? files->nr : 1, sizeof(*job.guests));
		job.nr_guests = xcalloc(files->nr ? files->nr : 1, sizeof(*job.nr_guests));
		checked = choose_hosts(c, files, includes, job.guests, job.nr_guests);
		job.hosts = checked;
	}
	run_workers(&job, c->jobs);
	if (includes) {
		/* the guests their host's parse did not enter, parsed alone */
		struct strvec alone = STRVEC_INIT;
		struct classify_job second;
		size_t k = 0;

		for (size_t i = 0; i < files->nr; i++)
			if (checked[i] >= 0 && job.results[i].absent)
				strvec_push(&alone, files->v[i]);
		memset(&second, 0, sizeof(second));
		second.c = c;
		second.files = &alone;
		second.results = xcalloc(alone.nr ? alone.nr : 1, sizeof(*second.results));
		if (alone.nr)
			run_workers(&second, c->jobs);
		for (size_t i = 0; i < files->nr; i++) {
			struct file_result *r = &job.results[i];

			if (checked[i] < 0 || !r->absent)
				continue;
			file_result_release(r);
			*r = second.results[k++];
		}
		free(second.results);
		strvec_clear(&alone);
		for (size_t i = 0; i < files->nr; i++)
			free(job.guests[i]);
		free(job.guests);
		free(job.nr_guests);
		free(checked);
	}

	if (stats) {
		stats->files = xcalloc(files->nr ? files->nr : 1, sizeof(*stats->files));
		stats->nr = files->nr;
	}
	for (size_t i = 0; i < files->nr; i++) {
		struct file_result *r = &job.results[i];

		site_list_take(sites, &r->sites);
		strvec_clear(&r->diags);
		if (stats) {
			stats->parsed += r->parsed;
			stats->cached += r->cached;
			stats->with_errors += r->errors > 0;
			stats->files[i].file = xstrdup(files->v[i]);
			stats->files[i].errors = r->errors;
			stats->files[i].first_error = r->first_error;
			stats->files[i].error_texts = r->error_texts;
		} else {
			free(r->first_error);
			strvec_clear(&r->error_texts);
		}
	}
	site_list_sort(sites);
	free(job.results);
}

void classify_stats_release(struct classify_stats *stats)
{
	for (size_t i = 0; i < stats->nr; i++) {
		free(stats->files[i].file);
		free(stats->files[i].first_error);
		strvec_clear(&stats->files[i].error_texts);
	}
	free(stats->files);
	memset(stats, 0, sizeof(*stats));
}

int classify_count_errors(struct classify *c, const char *file,
			  const char *content, size_t len, char **first_error)
{
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = classify_parse(c, index, file, content, len);
	struct strvec diags = STRVEC_INIT;
	unsigned errors;
	char *first;

	if (!tu) {
		clang_disposeIndex(index);
		if (first_error)
			*first_error = NULL;
		return -1;
	}
	classify_collect_diagnostics(c, tu, &diags);
	classify_view_diagnostics(c, &diags, &errors, &first, NULL);
	strvec_clear(&diags);
	if (first_error)
		*first_error = first;
	else
		free(first);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	return (int)errors;
}
