#define _GNU_SOURCE
#include "analyze/classify-jobs.h"
#include "analyze/classify-sites.h"
#include "base/threads.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct classify_job {
	struct classify *c;
	const struct strvec *files;
	struct file_result *results;	/* classify_files() */
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
		} else if (job->results) {
			classify_sites_of(job->c, index, job->files->v[i], &job->results[i]);
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

void classify_files(struct classify *c, const struct strvec *files,
		    struct site_list *sites, struct classify_stats *stats)
{
	struct classify_job job;

	memset(&job, 0, sizeof(job));
	job.c = c;
	job.files = files;
	job.results = xcalloc(files->nr ? files->nr : 1, sizeof(*job.results));
	run_workers(&job, c->jobs);

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
