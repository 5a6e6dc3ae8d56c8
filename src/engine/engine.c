#define _GNU_SOURCE
#include "engine/engine.h"
#include "analyze/classify.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double engine_now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int engine_file_changed(const struct work_file *f)
{
	return !f->excluded && (f->original.len != f->current.len ||
				memcmp(f->original.buf, f->current.buf, f->original.len));
}

struct work_file *engine_find_file(struct engine *e, const char *path)
{
	size_t lo = 0, hi = e->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(e->files[mid].path, path);

		if (!c)
			return &e->files[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void engine_set_file_status(struct work_file *f, const char *status, const char *step, const char *detail)
{
	if (f->status && !strcmp(f->status, "conflict"))
		return;
	f->status = status;
	f->status_step = step;
	free(f->detail);
	f->detail = xstrdup(detail ? detail : "");
}

struct task *engine_add_task(struct engine *e, size_t step)
{
	struct task *t;

	ALLOC_GROW(e->tasks, e->nr_tasks + 1, e->alloc_tasks);
	t = &e->tasks[e->nr_tasks++];
	memset(t, 0, sizeof(*t));
	t->step = step;
	t->out = (struct strbuf)STRBUF_INIT;
	t->err = (struct strbuf)STRBUF_INIT;
	return t;
}

void engine_clear_tasks(struct engine *e)
{
	for (size_t i = 0; i < e->nr_tasks; i++) {
		strvec_clear(&e->tasks[i].files);
		strbuf_release(&e->tasks[i].out);
		strbuf_release(&e->tasks[i].err);
	}
	e->nr_tasks = e->next_task = e->nr_order = 0;
}

void engine_classify_options(const struct engine *e, struct classify_options *co)
{
	memset(co, 0, sizeof(*co));
	co->tree = e->opts->tree;
	co->kernel = e->opts->kernel ? e->opts->kernel : e->opts->tree;
	co->out_of_tree = e->opts->kernel != NULL;
	co->jobs = e->opts->jobs;
	co->headers_optional = 1;
	co->type_errors = 1;
}
