#define _GNU_SOURCE
#include "engine/task.h"
#include "engine/diff.h"
#include "engine/group.h"
#include "engine/slice.h"
#include "engine/spatch.h"
#include "engine/working-set.h"
#include "base/cache.h"
#include "base/pool.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"

/* A task's files are its groups, one after the other, "" between two. */
static size_t task_groups(const struct task *t)
{
	size_t n = t->files.nr ? 1 : 0;

	for (size_t i = 0; i < t->files.nr; i++)
		n += !t->files.v[i][0];
	return n;
}

static int next_task(struct child *child, void *data, void **task_data)
{
	struct engine *e = data;
	struct spatch_task st;
	struct task *t;

	while (e->next_task < e->nr_order &&
	       (e->tasks[e->order[e->next_task]].failed == 2 || e->tasks[e->order[e->next_task]].cached))
		e->next_task++;
	if (e->next_task >= e->nr_order)
		return 0;
	t = &e->tasks[e->order[e->next_task++]];
	memset(&st, 0, sizeof(st));
	st.patch = e->patch;
	st.root = e->scratch;
	st.include_dirs = (const char *const *)e->include_dirs.v;
	st.options = e->options;
	st.files = &t->files;
	if (task_groups(t) > 1) {
		/* Groups one spatch runs independently: listed in a file, a blank line between. */
		struct strbuf list = STRBUF_INIT;
		char *path = xstrfmt("%s/.cdmigrate-groups/%zu", e->scratch, (size_t)(t - e->tasks));

		for (size_t i = 0; i < t->files.nr; i++)
			strbuf_addf(&list, "%s\n", t->files.v[i]);
		if (working_set_write_file(path, list.buf, list.len) == 0)
			st.file_groups = path;
		strbuf_release(&list);
		spatch_prepare(child, &st);
		free(path);
	} else {
		spatch_prepare(child, &st);
	}
	child->silent_exec_failure = 1;
	*task_data = t;
	e->spatch_runs++;
	return 1;
}

static void task_done(int status, const struct pool_result *result, void *data, void *task_data)
{
	struct task *t = task_data;

	t->status = status;
	t->timed_out = result->timed_out;
	strbuf_add(&t->out, result->out.buf, result->out.len);
	strbuf_add(&t->err, result->err.buf, result->err.len);
	if (result->not_found)
		error("spatch not found: install the coccinelle package");
	t->failed = status != 0 || result->timed_out || result->start_failed || result->interrupted;
	t->crashed = status > 128 && !result->timed_out && !result->interrupted;
	/* spatch is deterministic: only a timeout or a kill is worth retrying later. */
	t->completed = !result->timed_out && !result->start_failed && !result->interrupted &&
		       !t->crashed;
}

/*
 * Run the tasks from index `first` on, the costliest first so that no long
 * task starts last; failed == 2 marks a task split into retries.
 */
static int run_pool(struct engine *e, size_t first)
{
	struct pool_options po = POOL_OPTIONS_INIT;

	free(e->order);
	e->order = xcalloc(e->nr_tasks - first + 1, sizeof(*e->order));
	e->nr_order = 0;
	for (size_t i = first; i < e->nr_tasks; i++) {
		size_t j = e->nr_order++;

		while (j > 0 && group_cost_before(e->tasks[i].cost, i, e->tasks[e->order[j - 1]].cost, e->order[j - 1])) {
			e->order[j] = e->order[j - 1];
			j--;
		}
		e->order[j] = i;
	}
	for (size_t i = first; i < e->nr_tasks; i++)
		if (!e->tasks[i].cached && e->tasks[i].failed != 2) {
			working_set_copy_sibling_headers(e);
			break;
		}
	po.jobs = (unsigned)e->opts->jobs;
	po.timeout_ms = e->opts->timeout_s * 1000u;
	e->next_task = 0;
	return pool_run(&po, next_task, task_done, e);
}

struct pending_diff {
	char *path;
	struct file_diff diff;
};

static int compare_pending(const void *a, const void *b)
{
	return strcmp(((const struct pending_diff *)a)->path, ((const struct pending_diff *)b)->path);
}

/*
 * What every task of this patch run depends on: spatch itself, the patch,
 * the options and every working file a task may read besides its own:
 * the headers (they give rules their types) and a .c file another file
 * #includes.  Any other .c file is read only by the task that converts
 * it, so it is part of that task's key alone (task_key()): a change to one
 * driver reruns its own task, not every task of the step.
 */
static void working_key(struct engine *e, const char *patch, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();
	struct strbuf text = STRBUF_INIT;
	struct strvec included = STRVEC_INIT;
	struct stat st;

	cache_hasher_add_string(h, "cdmigrate " PACKAGE_VERSION);
	cache_hasher_add_string(h, spatch_program());
	cache_hasher_add_string(h, spatch_identity() ? spatch_identity() : "");
	if (stat(spatch_program(), &st) == 0) {
		cache_hasher_add(h, &st.st_size, sizeof(st.st_size));
		cache_hasher_add(h, &st.st_mtime, sizeof(st.st_mtime));
	}
	if (strbuf_read_file(&text, patch) == 0)
		cache_hasher_add(h, text.buf, text.len);
	strbuf_release(&text);
	for (size_t i = 0; e->options && e->options[i]; i++)
		cache_hasher_add_string(h, e->options[i]);
	cache_hasher_add_string(h, e->opts->kernel ? e->opts->kernel : "");
	for (size_t i = 0; i < e->includes.nr; i++)
		strvec_push(&included, e->includes.edges[i].header);
	strvec_sort(&included);
	for (size_t i = 0; i < e->nr; i++) {
		const char *path = e->files[i].path;

		if (ends_with(path, ".c") && !strvec_sorted_has(&included, path))
			continue;
		cache_hasher_add_string(h, path);
		cache_hasher_add(h, &e->files[i].current.len, sizeof(e->files[i].current.len));
		cache_hasher_add(h, e->files[i].current.buf, e->files[i].current.len);
	}
	strvec_clear(&included);
	cache_hasher_finish(h, key);
}

/* run_key and the task's own files, with their working contents. */
static void task_key(struct engine *e, const char *run_key, const struct task *t, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, run_key);
	for (size_t i = 0; i < t->files.nr; i++) {
		struct work_file *f = t->files.v[i][0] ? engine_find_file(e, t->files.v[i]) : NULL;

		cache_hasher_add_string(h, t->files.v[i]);
		if (f) {
			cache_hasher_add(h, &f->current.len, sizeof(f->current.len));
			cache_hasher_add(h, f->current.buf, f->current.len);
		} else {
			cache_hasher_add_string(h, t->files.v[i][0] ? "\001not a working file" : "");
		}
	}
	cache_hasher_finish(h, key);
}

/* Take the results of the tasks from `first` on from the cache where it has them. */
static void lookup_cached(struct engine *e, const char *run_key, size_t first)
{
	for (size_t i = first; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];
		char key[33];

		if (t->failed == 2)
			continue;
		task_key(e, run_key, t, key);
		if (cache_get(key, &t->out, &t->err, &t->status)) {
			t->cached = 1;
			t->failed = t->status != 0;
		}
	}
}

/*
 * Whether a task's output is whole: spatch named every file of the task
 * on stderr (spatch_unhandled(): a program that exits 0 and prints
 * nothing read nothing), and its stdout is a diff that parses, ends with
 * a newline, has one file diff per "diff" header line (spatch prints one
 * per file), and whose every file of the working set it names applies to
 * the file as it is now.
 * Anything else (a truncated or garbage diff) is not trusted.  Returns 0,
 * or -1 with why set.
 */
static int task_output_whole(struct engine *e, const struct task *t, struct strbuf *why)
{
	struct file_diff *diffs = NULL;
	size_t nr = 0, headers = 0;
	int ret = 0;
	const char *unread = spatch_unhandled(t->err.buf, &t->files);

	if (!t->out.len && unread) {
		strbuf_addf(why, "it printed no diff and never named %s on stderr (HANDLING: or Skipping:): it did not read it", unread);
		return -1;
	}
	if (!t->out.len)
		return 0;
	if (t->out.buf[t->out.len - 1] != '\n') {
		strbuf_addstr(why, "its diff ends in the middle of a line");
		return -1;
	}
	for (size_t i = 0; i < t->out.len; i = (size_t)((char *)memchr(t->out.buf + i, '\n', t->out.len - i) - t->out.buf) + 1)
		headers += t->out.len - i > 5 && !memcmp(t->out.buf + i, "diff ", 5);
	if (diff_parse(t->out.buf, t->out.len, &diffs, &nr) < 0) {
		strbuf_addstr(why, "its diff does not parse");
		return -1;
	}
	if (!nr || nr != headers) {
		strbuf_addf(why, "its output holds %zu file diffs for %zu file headers", nr, headers);
		ret = -1;
	}
	if (!ret && unread) {
		strbuf_addf(why, "it never named %s on stderr (HANDLING: or Skipping:): it did not read it", unread);
		ret = -1;
	}
	for (size_t d = 0; !ret && d < nr; d++) {
		struct work_file *f = engine_find_file(e, diffs[d].path);
		struct strbuf result = STRBUF_INIT, err = STRBUF_INIT;

		/* A file outside the working set (a header spatch reached) is ignored later. */
		if (f && diff_apply(f->path, f->current.buf, f->current.len, &diffs[d], &result, &err) < 0) {
			strbuf_addf(why, "its diff of %s does not apply to it", f->path);
			ret = -1;
		}
		strbuf_release(&result);
		strbuf_release(&err);
	}
	file_diff_list_free(diffs, nr);
	return ret;
}

/*
 * A spatch that hung, crashed or printed something other than a whole diff
 * makes the step's result untrustworthy: say so (one line) and return -1,
 * so that nothing is written and nothing of it is cached.
 */
static int task_faults(struct engine *e, const char *patch)
{
	for (size_t i = 0; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];
		struct strbuf why = STRBUF_INIT;

		if (t->failed == 2)
			continue;
		if (t->timed_out)
			strbuf_addf(&why, "did not finish in %u s (--timeout)", e->opts->timeout_s);
		else if (t->crashed)
			strbuf_addf(&why, "was killed by signal %d", t->status - 128);
		else if (!t->failed && task_output_whole(e, t, &why) == 0)
			continue;
		else if (t->failed)
			continue;
		error("spatch %s on %s%s: %s; nothing was written and nothing of this run is cached",
		      patch, t->files.nr ? t->files.v[0] : "(no files)",
		      t->files.nr > 1 ? " and others" : "", why.buf);
		strbuf_release(&why);
		return -1;
	}
	return 0;
}

/*
 * For a stateless `group: file` patch whose rules need a token (spatch's
 * grep query), write spatch's reduced view of each .c file of the step to
 * the scratch copy (slice.c): the bodies of functions that name no token
 * of the query and none of the names the rules carry between files.
 * Measured on step 40 of v2.6.16: 3,552 of 5,500 function bodies cut,
 * spatch's CPU a fifth lower, the same edits.  Returns 1 when it did.
 */
static int slice_files(struct engine *e, size_t step, const char *patch, const struct strvec *step_files)
{
	const struct manifest_step *m = e->plan.steps[step].step;
	struct strvec needed = STRVEC_INIT;
	struct strbuf text = STRBUF_INIT;
	int any = 0;

	if (m->group != MANIFEST_GROUP_FILE || strbuf_read_file(&text, patch) < 0 ||
	    spatch_has_scripts(text.buf) || spatch_grep_tokens(patch, &needed) < 0) {
		strbuf_release(&text);
		strvec_clear(&needed);
		return 0;
	}
	strbuf_release(&text);
	group_carried_names(e, step_files, m->triggers, &needed);
	for (size_t i = 0; i < step_files->nr; i++) {
		struct work_file *f = engine_find_file(e, step_files->v[i]);
		struct strbuf cut = STRBUF_INIT;
		char *abs;

		if (!ends_with(f->path, ".c") || f->excluded ||
		    !slice_text(f->current.buf, f->current.len, &needed, &cut)) {
			strbuf_release(&cut);
			continue;
		}
		abs = path_join(e->scratch, f->path);
		if (working_set_write_file(abs, cut.buf, cut.len) == 0) {
			strbuf_reset(&f->written);
			strbuf_add(&f->written, cut.buf, cut.len);
			f->sliced = 1;
			any = 1;
		}
		free(abs);
		strbuf_release(&cut);
	}
	strvec_clear(&needed);
	return any;
}

/*
 * The diffs of the tasks from `first` on that ran, of sliced files,
 * rewritten against the files' own text (slice_restore()); a task whose
 * output does not parse is left to task_faults().  Returns -1 when one
 * does not map back: the caller runs the patch again unsliced.
 */
static int unslice_outputs(struct engine *e, size_t first)
{
	for (size_t i = first; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];
		struct file_diff *diffs = NULL;
		size_t nr = 0;
		int sliced = 0, rc = 0;

		if (t->cached || t->failed == 2 || !t->out.len ||
		    diff_parse(t->out.buf, t->out.len, &diffs, &nr) < 0)
			continue;
		for (size_t d = 0; d < nr && !rc; d++) {
			struct work_file *f = engine_find_file(e, diffs[d].path);

			if (!f || !f->sliced)
				continue;
			sliced = 1;
			rc = slice_restore(&diffs[d], f->current.buf, f->current.len, f->written.buf,
					   f->written.len);
		}
		if (!rc && sliced) {
			strbuf_reset(&t->out);
			for (size_t d = 0; d < nr; d++)
				diff_to_text(&diffs[d], &t->out);
		}
		file_diff_list_free(diffs, nr);
		if (rc)
			return -1;
	}
	return 0;
}

/* Forget what the tasks from `first` on that ran printed, to run them again. */
static void reset_tasks(struct engine *e, size_t first)
{
	for (size_t i = first; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];

		if (t->cached || t->failed == 2)
			continue;
		strbuf_reset(&t->out);
		strbuf_reset(&t->err);
		t->status = 0;
		t->timed_out = t->crashed = t->completed = 0;
		t->failed = 0;
	}
}

/*
 * run_pool(), then the sliced files' diffs mapped back; when one does not
 * map, or a task failed (so that no failure is slicing's), every sliced
 * file goes back to its whole text and the tasks run again.
 */
static int run_pool_sliced(struct engine *e, size_t first, int *sliced)
{
	int failed = 0;

	if (run_pool(e, first) < 0)
		return -1;
	for (size_t i = first; i < e->nr_tasks && *sliced; i++)
		failed |= !e->tasks[i].cached && e->tasks[i].failed == 1;
	if (!*sliced || (!failed && unslice_outputs(e, first) == 0))
		return 0;
	*sliced = 0;
	if (working_set_sync_scratch(e) < 0)
		return -1;
	reset_tasks(e, 0);
	return run_pool(e, 0);
}

/*
 * A failed batch is rerun group by group, then a failed group file by
 * file: one bad file loses only itself.  Returns 0, or -1 when the pool
 * could not run.
 */
static int retry_failed(struct engine *e, size_t step, const char *run_key, int *sliced)
{
	size_t first_retry;

	for (size_t from = 0; from < e->nr_tasks;) {
		first_retry = e->nr_tasks;
		for (size_t i = from; i < first_retry; i++) {
			struct task *t = &e->tasks[i];
			int by_group = task_groups(t) > 1;

			/* A hang or a crash is a fault of spatch: not retried (task_faults()). */
			if (t->failed != 1 || t->files.nr == 1 || t->timed_out || t->crashed)
				continue;
			for (size_t f = 0; f < t->files.nr; f++) {
				struct task *r;

				if (!e->tasks[i].files.v[f][0])
					continue;
				r = engine_add_task(e, step);
				t = &e->tasks[i];
				while (f < t->files.nr && t->files.v[f][0]) {
					strvec_push(&r->files, t->files.v[f]);
					if (!by_group)
						break;
					f++;
				}
				r->cost = group_cost(e, &r->files);
			}
			t->failed = 2;
		}
		lookup_cached(e, run_key, first_retry);
		if (e->nr_tasks > first_retry && run_pool_sliced(e, first_retry, sliced) < 0)
			return -1;
		from = first_retry;
	}
	return 0;
}

/* Keep each task that ran to its end; mark the step incomplete when one did not. */
static void store_results(struct engine *e, const char *run_key)
{
	for (size_t i = 0; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];
		char key[33];

		if (!t->cached && !t->completed && t->failed != 2)
			e->incomplete = 1;
		if (t->cached || !t->completed)
			continue;
		task_key(e, run_key, t, key);
		cache_put(key, t->out.buf, t->out.len, t->err.buf, t->err.len, t->status);
	}
}

/*
 * The diffs of the tasks that did not fail, appended to *pending; a task
 * that failed, or a file spatch could not parse, gets its status.
 */
static void collect_diffs(struct engine *e, const char *step_name, const char *patch,
			  struct pending_diff **pending, size_t *nr_pending, size_t *alloc_pending)
{
	for (size_t i = 0; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];
		struct strvec bad = STRVEC_INIT, details = STRVEC_INIT;
		struct file_diff *diffs = NULL;
		size_t nr_diffs = 0;

		if (t->failed == 2)
			continue;
		if (t->failed) {
			struct work_file *f = engine_find_file(e, t->files.v[0]);
			const char *why = t->timed_out ? "timeout" : "crashed";
			char *detail = t->timed_out
				? xstrfmt("spatch did not finish in %u s", e->opts->timeout_s)
				: xstrfmt("spatch exited with status %d", t->status);

			if (f)
				engine_set_file_status(f, why, step_name, detail);
			free(detail);
			continue;
		}
		spatch_parse_errors(t->err.buf, &bad, &details);
		for (size_t b = 0; b < bad.nr; b++) {
			struct work_file *f = engine_find_file(e, bad.v[b]);

			if (f)
				engine_set_file_status(f, "parse-failure", step_name, details.v[b]);
		}
		strvec_clear(&bad);
		strvec_clear(&details);
		if (diff_parse(t->out.buf, t->out.len, &diffs, &nr_diffs) < 0) {
			error("%s: cannot read the output of spatch for %s", patch, t->files.v[0]);
			continue;
		}
		for (size_t d = 0; d < nr_diffs; d++) {
			ALLOC_GROW(*pending, *nr_pending + 1, *alloc_pending);
			(*pending)[*nr_pending].path = xstrdup(diffs[d].path);
			(*pending)[*nr_pending].diff = diffs[d];
			(*nr_pending)++;
		}
		free(diffs);
	}
}

/*
 * Merge the diffs of each file and apply them to its working text: two
 * different edits of the same lines are a conflict (the file is excluded).
 * Frees pending.
 */
static void merge_diffs(struct engine *e, const char *step_name, struct pending_diff *pending,
			size_t nr_pending)
{
	/* Stable sort by path keeps the tasks' (subsystem) order within a file. */
	for (size_t i = 1; i < nr_pending; i++)
		for (size_t j = i; j > 0 && compare_pending(&pending[j - 1], &pending[j]) > 0; j--) {
			struct pending_diff tmp = pending[j];

			pending[j] = pending[j - 1];
			pending[j - 1] = tmp;
		}

	for (size_t i = 0; i < nr_pending;) {
		size_t j = i;
		struct work_file *f = engine_find_file(e, pending[i].path);
		struct file_diff *group;
		struct file_diff merged;
		struct strbuf why = STRBUF_INIT, result = STRBUF_INIT, err = STRBUF_INIT;
		int rc;

		while (j < nr_pending && !strcmp(pending[j].path, pending[i].path))
			j++;
		if (!f || f->excluded) {
			i = j;
			continue;
		}
		group = xcalloc(j - i, sizeof(*group));
		for (size_t k = i; k < j; k++)
			group[k - i] = pending[k].diff;
		memset(&merged, 0, sizeof(merged));
		rc = diff_merge(group, j - i, &merged, &why);
		if (rc == 1) {
			engine_set_file_status(f, "conflict", step_name, why.buf);
			error("%s: conflicting edits: %s", f->path, why.buf);
			f->excluded = 1;
			e->conflicts++;
		} else if (rc == 0) {
			if (diff_apply(f->path, f->current.buf, f->current.len, &merged, &result, &err) < 0) {
				engine_set_file_status(f, "conflict", step_name, err.buf);
				error("%s: the merged edits do not apply: %s", f->path, err.buf);
				f->excluded = 1;
				e->conflicts++;
			} else {
				strbuf_reset(&f->current);
				strbuf_add(&f->current, result.buf, result.len);
			}
			file_diff_release(&merged);
		}
		free(group);
		strbuf_release(&why);
		strbuf_release(&result);
		strbuf_release(&err);
		i = j;
	}
	for (size_t i = 0; i < nr_pending; i++) {
		free(pending[i].path);
		file_diff_release(&pending[i].diff);
	}
	free(pending);
}

/* Run one semantic patch of a step over its files; update the working set. */
int task_run_patch(struct engine *e, size_t step, const char *patch,
		   const struct strvec *step_files)
{
	const char *step_name = e->plan.steps[step].step->name;
	char run_key[33];
	struct pending_diff *pending = NULL;
	size_t nr_pending = 0, alloc_pending = 0;
	int sliced = 0;

	e->patch = patch;
	if (working_set_sync_scratch(e) < 0)
		return -1;
	engine_clear_tasks(e);
	group_build_tasks(e, step, step_files);
	working_key(e, patch, run_key);
	lookup_cached(e, run_key, 0);
	for (size_t i = 0; i < e->nr_tasks && !sliced; i++)
		sliced = !e->tasks[i].cached;
	if (sliced)
		sliced = slice_files(e, step, patch, step_files);
	if (run_pool_sliced(e, 0, &sliced) < 0 || retry_failed(e, step, run_key, &sliced) < 0)
		return -1;
	if (task_faults(e, patch) < 0)
		return -1;
	store_results(e, run_key);
	collect_diffs(e, step_name, patch, &pending, &nr_pending, &alloc_pending);
	merge_diffs(e, step_name, pending, nr_pending);
	return 0;
}

