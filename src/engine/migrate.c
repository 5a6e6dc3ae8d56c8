#define _GNU_SOURCE
#include "engine/migrate.h"
#include "analyze/classify.h"
#include "analyze/output.h"
#include "analyze/prefilter.h"
#include "analyze/scan.h"
#include "analyze/site.h"
#include "base/cache.h"
#include "base/pool.h"
#include "base/walk.h"
#include "engine/diff.h"
#include "engine/journal.h"
#include "engine/series.h"
#include "engine/spatch.h"
#include "kernel/manifest.h"
#include "kernel/reach.h"
#include "kernel/subsystem.h"
#include "lex/lexscan.h"
#include "lex/realign.h"
#include "plan/plan.h"
#include "rewrite/rewrite.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"

struct work_file {
	char *path;
	char *subsystem;
	struct strbuf original;
	struct strbuf current;
	struct strbuf written;		/* what the scratch copy holds */
	const char *status;		/* NULL, or a migrate.json status */
	char *detail;
	const char *status_step;
	int excluded;			/* conflict or held back: never changed */
};

struct step_change {
	size_t step;			/* index in plan.steps */
	size_t file;			/* index in engine.files */
	char *diff;
};

struct task {
	size_t step;
	struct strvec files;
	struct strbuf out, err;
	int status;
	unsigned timed_out:1;
	unsigned cached:1;		/* result taken from the cache: not run */
	unsigned completed:1;		/* ran to its end: its result can be cached */
	int failed;		/* 1 failed, 2 split into retries */
	size_t cost;		/* bytes of its files, to start the largest first */
};

/* A task's files are its groups, one after the other, "" between two. */
static size_t task_groups(const struct task *t)
{
	size_t n = t->files.nr ? 1 : 0;

	for (size_t i = 0; i < t->files.nr; i++)
		n += !t->files.v[i][0];
	return n;
}

struct engine {
	const struct migrate_options *opts;
	struct plan plan;
	char *tree;			/* absolute */
	char *scratch;
	struct work_file *files;
	size_t nr, alloc;
	struct include_graph includes;
	struct strvec class_objects;	/* names of static struct class objects */
	struct strvec class_homes;	/* "name\tfile" where each is defined or declared */
	struct step_change *changes;
	size_t nr_changes, alloc_changes;
	struct strvec include_dirs;
	const char *patch;		/* the .cocci file being run */
	const char *const *options;
	struct task *tasks;
	size_t nr_tasks, alloc_tasks;
	size_t *order, nr_order, next_task;	/* tasks in the order they start */
	unsigned spatch_runs;
	unsigned groups, largest_group;	/* file groups built, for --stats */
	char tree_key[33];		/* tree_fingerprint() */
	int incomplete;			/* a spatch task timed out or was killed */
	struct strbuf *diag;		/* what the running step prints, or NULL */
	int conflicts;
};

static double now(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU seconds of cdmigrate and of its reaped children (spatch). */
static double cpu_with_children(void)
{
	struct rusage self, children;

	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &children);
	return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec +
			children.ru_utime.tv_sec + children.ru_stime.tv_sec) +
	       (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec +
			children.ru_utime.tv_usec + children.ru_stime.tv_usec) / 1e6;
}

static int in_strvec(const struct strvec *v, const char *s)
{
	for (size_t i = 0; i < v->nr; i++)
		if (!strcmp(v->v[i], s))
			return 1;
	return 0;
}

static struct work_file *find_file(struct engine *e, const char *path)
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

static int has_trigger(const struct strbuf *text, const char *const *triggers)
{
	return prefilter_buffer(text->buf, text->len, triggers) == PREFILTER_CANDIDATE;
}

static void set_status(struct work_file *f, const char *status, const char *step, const char *detail)
{
	if (f->status && !strcmp(f->status, "conflict"))
		return;
	f->status = status;
	f->status_step = step;
	free(f->detail);
	f->detail = xstrdup(detail ? detail : "");
}

static int ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/*
 * Brace depth of text at `at`, comments and literals skipped; *from and
 * *depth carry the scan over between calls with increasing `at`.
 */
static int brace_depth(const char *at, const char **from, int *depth)
{
	const char *p = *from;

	while (p < at && *p) {
		if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");

			p = end ? end + 2 : p + strlen(p);
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (*p == '"' || *p == '\'') {
			char quote = *p++;

			while (*p && *p != quote && *p != '\n')
				p += p[0] == '\\' && p[1] ? 2 : 1;
			if (*p == quote)
				p++;
		} else {
			*depth += *p == '{' ? 1 : *p == '}' ? -1 : 0;
			p++;
		}
	}
	*from = p;
	return *depth;
}

/*
 * Names X of "struct class X =" / "struct class X;" definitions and
 * declarations at file scope in text.  A member ("struct class class;" in
 * transport_class.h) is no object: taken as one, its name made every file
 * saying "class" a user (all of a kernel-size tree in step 10).
 */
static void find_class_objects(const char *text, struct strvec *names)
{
	const char *p = text, *scanned = text;
	int depth = 0;

	while ((p = strstr(p, "struct class"))) {
		const char *q = p + strlen("struct class"), *start;
		char *name;

		p = q;
		if (ident_char(*q) || (q - strlen("struct class") > text && ident_char(q[-13])))
			continue;
		if (brace_depth(q - strlen("struct class"), &scanned, &depth) > 0)
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		start = q;
		while (ident_char(*q))
			q++;
		if (q == start)
			continue;
		name = xstrndup(start, (size_t)(q - start));
		while (*q == ' ' || *q == '\t')
			q++;
		if ((*q == '=' || *q == ';') && !in_strvec(names, name)) {
			strvec_push(names, name);
			strvec_sort(names);
		}
		free(name);
	}
}

/* Load every candidate file of every step (within the PATHs). */
static int load_working_set(struct engine *e)
{
	struct strvec files = STRVEC_INIT, cands = STRVEC_INIT, tokens = STRVEC_INIT;

	if (walk_tree(e->opts->tree, e->opts->paths, &files, NULL) < 0)
		return -1;
	/*
	 * Driver-core steps' triggers are broad (#include): they only select
	 * among the driver core's files, so the rest of the tree is filtered
	 * with the other steps' triggers alone.
	 */
	{
		struct strvec core = STRVEC_INIT, core_tokens = STRVEC_INIT, from_core = STRVEC_INIT;

		strvec_pushv(&tokens, prefilter_scan_tokens);
		for (size_t i = 0; i < manifest_nr_steps; i++)
			strvec_pushv(manifest_steps[i].in_tree_only ? &core_tokens : &tokens,
				     manifest_steps[i].triggers);
		prefilter_files(e->opts->tree, &files, (const char *const *)tokens.v, e->opts->jobs,
				&cands, NULL, NULL);
		for (size_t i = 0; i < files.nr; i++)
			if (plan_is_driver_core(files.v[i]))
				strvec_push(&core, files.v[i]);
		if (core_tokens.nr)
			prefilter_files(e->opts->tree, &core, (const char *const *)core_tokens.v,
					e->opts->jobs, &from_core, NULL, NULL);
		for (size_t i = 0; i < from_core.nr; i++)
			if (!in_strvec(&cands, from_core.v[i]))
				strvec_push(&cands, from_core.v[i]);
		strvec_sort(&cands);
		strvec_clear(&core);
		strvec_clear(&core_tokens);
		strvec_clear(&from_core);
	}
	/* Users of a static class by name alone (&input_class) join the set. */
	for (size_t i = 0; i < cands.nr; i++) {
		struct strbuf text = STRBUF_INIT;
		char *abs = path_join(e->opts->tree, cands.v[i]);

		if (strbuf_read_file(&text, abs) == 0) {
			struct strvec here = STRVEC_INIT;

			find_class_objects(text.buf, &here);
			for (size_t n = 0; n < here.nr; n++) {
				if (!in_strvec(&e->class_objects, here.v[n])) {
					strvec_push(&e->class_objects, here.v[n]);
					strvec_sort(&e->class_objects);
				}
				strvec_pushf(&e->class_homes, "%s\t%s", here.v[n], cands.v[i]);
			}
			strvec_clear(&here);
		}
		strbuf_release(&text);
		free(abs);
	}
	if (e->class_objects.nr) {
		struct strvec users = STRVEC_INIT;

		prefilter_files(e->opts->tree, &files, (const char *const *)e->class_objects.v,
				e->opts->jobs, &users, NULL, NULL);
		for (size_t i = 0; i < users.nr; i++)
			if (!in_strvec(&cands, users.v[i]))
				strvec_push(&cands, users.v[i]);
		strvec_sort(&cands);
		strvec_clear(&users);
	}
	scan_include_graph(e->opts->tree, &cands, &e->includes);
	e->files = xcalloc(cands.nr ? cands.nr : 1, sizeof(*e->files));
	for (size_t i = 0; i < cands.nr; i++) {
		struct work_file *f = &e->files[e->nr];
		char *abs = path_join(e->opts->tree, cands.v[i]);

		memset(f, 0, sizeof(*f));
		f->original = (struct strbuf)STRBUF_INIT;
		f->current = (struct strbuf)STRBUF_INIT;
		f->written = (struct strbuf)STRBUF_INIT;
		if (strbuf_read_file(&f->original, abs) < 0) {
			warning("%s: cannot read (%s): skipped", cands.v[i], strerror(errno));
			free(abs);
			continue;
		}
		free(abs);
		f->path = xstrdup(cands.v[i]);
		f->subsystem = plan_subsystem_of(&e->plan, f->path, &e->includes);
		strbuf_add(&f->current, f->original.buf, f->original.len);
		e->nr++;
	}
	e->alloc = e->nr;
	strvec_clear(&tokens);
	strvec_clear(&cands);
	strvec_clear(&files);
	return 0;
}

static int mkdir_p(const char *dir)
{
	char *copy = xstrdup(dir);

	for (char *p = copy + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, 0755) < 0 && errno != EEXIST) {
			free(copy);
			return -1;
		}
		*p = '/';
	}
	if (mkdir(copy, 0755) < 0 && errno != EEXIST) {
		free(copy);
		return -1;
	}
	free(copy);
	return 0;
}

static int write_file(const char *path, const char *buf, size_t len)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	FILE *f;

	if (slash) {
		*slash = '\0';
		if (mkdir_p(dir) < 0) {
			free(dir);
			return error_errno("%s: cannot create directory", path);
		}
	}
	free(dir);
	f = fopen(path, "wb");
	if (!f)
		return error_errno("%s: cannot write", path);
	if (len && fwrite(buf, 1, len, f) != len) {
		fclose(f);
		return error_errno("%s: cannot write", path);
	}
	return fclose(f) ? error_errno("%s: cannot write", path) : 0;
}

/* Bring the scratch copy up to date with the working contents. */
static int sync_scratch(struct engine *e)
{
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];
		char *abs;

		if (f->written.len == f->current.len && f->written.alloc &&
		    !memcmp(f->written.buf, f->current.buf, f->current.len))
			continue;
		abs = path_join(e->scratch, f->path);
		if (write_file(abs, f->current.buf, f->current.len) < 0) {
			free(abs);
			return -1;
		}
		free(abs);
		strbuf_reset(&f->written);
		strbuf_add(&f->written, f->current.buf, f->current.len);
	}
	return 0;
}

/*
 * Headers beside the working .c files that are not candidates themselves
 * (a driver's private "foo.h") still give spatch its types: copy them once.
 */
static void copy_sibling_headers(struct engine *e)
{
	struct strvec dirs = STRVEC_INIT;

	for (size_t i = 0; i < e->nr; i++) {
		const char *slash = strrchr(e->files[i].path, '/');
		char *dir = slash ? xstrndup(e->files[i].path, (size_t)(slash - e->files[i].path)) : xstrdup("");

		if (!dirs.nr || strcmp(dirs.v[dirs.nr - 1], dir))
			strvec_push(&dirs, dir);
		free(dir);
	}
	for (size_t d = 0; d < dirs.nr; d++) {
		struct strvec headers = STRVEC_INIT;
		struct strvec one = STRVEC_INIT;

		if (!dirs.v[d][0])
			continue;
		/*
		 * In-tree, include/ is an -I directory of every spatch run: its
		 * headers are found there (copying include/linux recursively was
		 * most of a rerun's time on a kernel-size tree).
		 */
		if (!e->opts->kernel && (!strcmp(dirs.v[d], "include") || starts_with(dirs.v[d], "include/")))
			continue;
		strvec_push(&one, dirs.v[d]);
		if (walk_tree(e->opts->tree, &one, &headers, NULL) == 0) {
			for (size_t h = 0; h < headers.nr; h++) {
				struct strbuf text = STRBUF_INIT;
				char *src, *dst;

				if (!ends_with(headers.v[h], ".h") || find_file(e, headers.v[h]))
					continue;
				src = path_join(e->opts->tree, headers.v[h]);
				dst = path_join(e->scratch, headers.v[h]);
				if (strbuf_read_file(&text, src) == 0)
					write_file(dst, text.buf, text.len);
				strbuf_release(&text);
				free(src);
				free(dst);
			}
		}
		strvec_clear(&one);
		strvec_clear(&headers);
	}
	strvec_clear(&dirs);
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
		if (write_file(path, list.buf, list.len) == 0)
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
	/* spatch is deterministic: only a timeout or a kill is worth retrying later. */
	t->completed = !result->timed_out && !result->start_failed && !result->interrupted;
}

static void clear_tasks(struct engine *e)
{
	for (size_t i = 0; i < e->nr_tasks; i++) {
		strvec_clear(&e->tasks[i].files);
		strbuf_release(&e->tasks[i].out);
		strbuf_release(&e->tasks[i].err);
	}
	e->nr_tasks = e->next_task = e->nr_order = 0;
}

static struct task *add_task(struct engine *e, size_t step)
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

static int names_identifier(const struct strbuf *text, const char *name)
{
	size_t n = strlen(name);
	const char *p = text->buf;

	while ((p = memmem(p, text->len - (size_t)(p - text->buf), name, n))) {
		if ((p == text->buf || !ident_char(p[-1])) && !ident_char(p[n]))
			return 1;
		p += n;
	}
	return 0;
}

/* The files of step_files where class `name` is defined or declared extern. */
static void class_homes_of(struct engine *e, const char *name, const struct strvec *step_files,
			   struct strvec *homes)
{
	size_t n = strlen(name);

	for (size_t h = 0; h < e->class_homes.nr; h++) {
		const char *tab = strchr(e->class_homes.v[h], '\t');

		if ((size_t)(tab - e->class_homes.v[h]) == n && !strncmp(e->class_homes.v[h], name, n) &&
		    in_strvec(step_files, tab + 1))
			strvec_push(homes, tab + 1);
	}
}

static void add_class_homes(struct engine *e, struct strvec *group, const struct strvec *step_files)
{
	size_t own = group->nr;

	for (size_t c = 0; c < e->class_objects.nr; c++) {
		const char *name = e->class_objects.v[c];
		struct strvec homes = STRVEC_INIT;
		int used = 0;

		for (size_t i = 0; i < own && !used; i++)
			used = names_identifier(&find_file(e, group->v[i])->current, name);
		if (!used)
			continue;
		class_homes_of(e, name, step_files, &homes);
		for (size_t h = 0; h < homes.nr; h++)
			if (!in_strvec(group, homes.v[h]))
				strvec_push(group, homes.v[h]);
		strvec_clear(&homes);
	}
}

/* The step's headers `file` includes directly, pushed to group once. */
static void add_included(struct engine *e, const char *file, const struct strvec *step_files,
			 struct strvec *group)
{
	for (size_t g = 0; g < e->includes.nr; g++) {
		const char *h = e->includes.edges[g].header;

		if (!strcmp(e->includes.edges[g].includer, file) &&
		    in_strvec(step_files, h) && !in_strvec(group, h))
			strvec_push(group, h);
	}
}

/* One group per subsystem: its files and the step's headers they include. */
static void subsystem_groups(struct engine *e, size_t step, const struct strvec *step_files,
			     struct strvec **groups, size_t *nr)
{
	struct strvec subsystems = STRVEC_INIT;

	for (size_t i = 0; i < step_files->nr; i++) {
		struct work_file *f = find_file(e, step_files->v[i]);

		if (!in_strvec(&subsystems, f->subsystem))
			strvec_push(&subsystems, f->subsystem);
	}
	strvec_sort(&subsystems);
	*groups = xcalloc(subsystems.nr ? subsystems.nr : 1, sizeof(**groups));
	*nr = subsystems.nr;
	for (size_t s = 0; s < subsystems.nr; s++) {
		struct strvec *g = &(*groups)[s];

		*g = (struct strvec)STRVEC_INIT;
		for (size_t i = 0; i < step_files->nr; i++) {
			struct work_file *f = find_file(e, step_files->v[i]);

			if (strcmp(f->subsystem, subsystems.v[s]))
				continue;
			if (!in_strvec(g, f->path))
				strvec_push(g, f->path);
			add_included(e, f->path, step_files, g);
		}
		/*
		 * A class used from another subsystem is converted through the
		 * bindings of the file that defines it: bring that file (and its
		 * extern's header) into this group too.
		 */
		if (manifest_count(e->plan.steps[step].step->follow))
			add_class_homes(e, g, step_files);
		strvec_sort(g);
	}
	strvec_clear(&subsystems);
}

static size_t uf_find(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static void uf_join(size_t *parent, size_t a, size_t b)
{
	a = uf_find(parent, a);
	b = uf_find(parent, b);
	/* the smaller index leads: components come out in file order */
	if (a < b)
		parent[b] = a;
	else if (b < a)
		parent[a] = b;
}

static size_t index_in(const struct strvec *sorted, const char *s)
{
	size_t lo = 0, hi = sorted->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(sorted->v[mid], s);

		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SIZE_MAX;
}

/*
 * Connected components of step_files (sorted): a file is joined to the
 * step's headers it includes; for MANIFEST_GROUP_CLASS every file naming a
 * class object to that class's homes.
 */
static void component_groups(struct engine *e, size_t step, const struct strvec *step_files,
			     struct strvec **groups, size_t *nr)
{
	size_t n = step_files->nr;
	size_t *parent = xcalloc(n ? n : 1, sizeof(*parent));
	size_t *slot = xcalloc(n ? n : 1, sizeof(*slot));

	for (size_t i = 0; i < n; i++)
		parent[i] = i;
	for (size_t g = 0; g < e->includes.nr; g++) {
		size_t a = index_in(step_files, e->includes.edges[g].includer);
		size_t b = index_in(step_files, e->includes.edges[g].header);

		if (a != SIZE_MAX && b != SIZE_MAX)
			uf_join(parent, a, b);
	}
	if (e->plan.steps[step].step->group == MANIFEST_GROUP_CLASS) {
		for (size_t c = 0; c < e->class_objects.nr; c++) {
			struct strvec homes = STRVEC_INIT;
			size_t first = SIZE_MAX;

			class_homes_of(e, e->class_objects.v[c], step_files, &homes);
			for (size_t h = 0; h < homes.nr; h++) {
				size_t k = index_in(step_files, homes.v[h]);

				if (first == SIZE_MAX)
					first = k;
				else
					uf_join(parent, first, k);
			}
			for (size_t i = 0; i < n && first != SIZE_MAX; i++)
				if (names_identifier(&find_file(e, step_files->v[i])->current,
						     e->class_objects.v[c]))
					uf_join(parent, first, i);
			strvec_clear(&homes);
		}
	}
	*nr = 0;
	*groups = xcalloc(n ? n : 1, sizeof(**groups));
	for (size_t i = 0; i < n; i++) {
		size_t root = uf_find(parent, i);

		if (root == i) {
			slot[i] = (*nr)++;
			(*groups)[slot[i]] = (struct strvec)STRVEC_INIT;
		}
		strvec_push(&(*groups)[slot[root]], step_files->v[i]);
	}
	free(parent);
	free(slot);
}

static const struct strbuf *working_text(const char *rel, void *data)
{
	struct work_file *f = find_file(data, rel);

	return f ? &f->current : NULL;
}

/*
 * A group never holds more files than this: a .c file keeps the step's
 * headers it reaches nearest first.
 */
#define MAX_GROUP 16

/*
 * "name\tfile" for each function a .c file of the step defines whose
 * parameters hold a trigger token (a callback whose signature the step
 * changes), sorted.
 */
struct definers {
	struct strvec defs;
	const char *file;		/* while collecting: whose they are */
	const char *user;		/* while looking up: whose group */
	struct strvec *group;
};

static void add_definition(const char *name, size_t len, void *data)
{
	struct definers *d = data;

	strvec_pushf(&d->defs, "%.*s\t%s", (int)len, name, d->file);
}

/* An identifier of d->user: the other files defining it join its group. */
static void add_definer(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct definers *d = data;
	size_t lo = 0, hi = d->defs.nr;

	(void)line;
	(void)column;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(d->defs.v[mid], ident, len);

		if (c < 0 || (!c && d->defs.v[mid][len] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < d->defs.nr && !strncmp(d->defs.v[lo], ident, len) && d->defs.v[lo][len] == '\t'; lo++) {
		const char *file = d->defs.v[lo] + len + 1;

		if (d->group->nr < MAX_GROUP && !in_strvec(d->group, file))
			strvec_push(d->group, file);
	}
}

/*
 * The step's headers `file` reaches, nearest first, and the step's .c
 * files that define a callback it names, after it in group.
 */
static void add_reached(struct engine *e, struct reach *r, struct definers *d, const char *file,
			const struct strvec *step_files, struct strvec *group, char *reached)
{
	static const char *const any[] = { "", NULL };
	struct strvec headers = STRVEC_INIT;
	const struct strbuf *text = &find_file(e, file)->current;

	strvec_push(group, file);
	if (d) {
		d->user = file;
		d->group = group;
		lexscan_identifiers(text->buf, 0, text->len, any, 0, add_definer, d);
	}
	reach_headers(r, file, &headers);
	for (size_t h = 0; h < headers.nr && group->nr < MAX_GROUP; h++) {
		size_t k = index_in(step_files, headers.v[h]);

		if (k == SIZE_MAX)
			continue;
		strvec_push(group, headers.v[h]);
		reached[k] = 1;
	}
	strvec_clear(&headers);
	strvec_sort(group);
}

/*
 * MANIFEST_GROUP_FILE: each .c file of step_files (sorted) with the step's
 * .c files that define a callback it names and the step's headers it
 * reaches; a step header no .c file reaches, with the step's headers it
 * reaches in turn.  A header two .c files include never joins them.
 */
static void file_groups(struct engine *e, size_t step, const struct strvec *step_files,
			struct strvec **groups, size_t *nr)
{
	struct reach *r = reach_new(e->opts->tree, working_text, e);
	size_t n = step_files->nr;
	char *reached = xcalloc(n ? n : 1, 1);
	struct definers d = { STRVEC_INIT, NULL, NULL, NULL };

	for (size_t i = 0; i < n; i++) {
		const struct strbuf *text = &find_file(e, step_files->v[i])->current;

		if (!ends_with(step_files->v[i], ".c"))
			continue;
		d.file = step_files->v[i];
		lexscan_definitions(text->buf, text->len, e->plan.steps[step].step->triggers,
				    add_definition, &d);
	}
	strvec_sort(&d.defs);
	*nr = 0;
	*groups = xcalloc(n ? n : 1, sizeof(**groups));
	for (size_t i = 0; i < n; i++) {
		if (ends_with(step_files->v[i], ".h"))
			continue;
		(*groups)[*nr] = (struct strvec)STRVEC_INIT;
		add_reached(e, r, &d, step_files->v[i], step_files, &(*groups)[(*nr)++], reached);
	}
	for (size_t i = 0; i < n; i++) {
		if (!ends_with(step_files->v[i], ".h") || reached[i])
			continue;
		(*groups)[*nr] = (struct strvec)STRVEC_INIT;
		add_reached(e, r, NULL, step_files->v[i], step_files, &(*groups)[(*nr)++], reached);
	}
	strvec_clear(&d.defs);
	free(reached);
	reach_free(r);
}

static size_t group_cost(struct engine *e, const struct strvec *files)
{
	size_t cost = 0;

	for (size_t i = 0; i < files->nr; i++)
		if (files->v[i][0])
			cost += find_file(e, files->v[i])->current.len + 4096;
	return cost;
}

/* A patch with script rules keeps state across the groups of one spatch process. */
static int patch_is_stateless(const char *patch)
{
	struct strbuf text = STRBUF_INIT;
	int stateless;

	if (strbuf_read_file(&text, patch) < 0)
		return 0;
	stateless = !spatch_has_scripts(text.buf);
	strbuf_release(&text);
	return stateless;
}

/* Largest first (longest processing time first); ties in group order. */
static int cost_before(size_t cost_a, size_t a, size_t cost_b, size_t b)
{
	return cost_a != cost_b ? cost_a > cost_b : a < b;
}

/*
 * Groups are packed into at most this many spatch processes when the patch
 * is stateless (--file-groups): a fixed number, not -j, so the result
 * never depends on -j; enough to keep a few workers busy.
 */
#define MAX_BATCHES 8

/*
 * The step's file groups (manifest_group), without those the step's
 * `needs` rule out, as tasks: one per group, or, for a stateless patch,
 * groups packed into a few batches of similar cost.
 */
static void build_tasks(struct engine *e, size_t step, const struct strvec *step_files)
{
	const struct manifest_step *m = e->plan.steps[step].step;
	struct strvec *groups = NULL;
	size_t nr = 0, kept = 0;
	size_t *cost, *order;

	if (m->group == MANIFEST_GROUP_SUBSYSTEM)
		subsystem_groups(e, step, step_files, &groups, &nr);
	else if (m->group == MANIFEST_GROUP_FILE)
		file_groups(e, step, step_files, &groups, &nr);
	else
		component_groups(e, step, step_files, &groups, &nr);
	for (size_t g = 0; g < nr; g++) {
		int needed = !manifest_count(m->needs);

		for (size_t i = 0; i < groups[g].nr && !needed; i++)
			needed = has_trigger(&find_file(e, groups[g].v[i])->current, m->needs);
		if (!needed) {
			strvec_clear(&groups[g]);
			continue;
		}
		groups[kept++] = groups[g];
	}
	nr = kept;
	cost = xcalloc(nr ? nr : 1, sizeof(*cost));
	order = xcalloc(nr ? nr : 1, sizeof(*order));
	for (size_t g = 0; g < nr; g++) {
		cost[g] = group_cost(e, &groups[g]);
		order[g] = g;
		e->groups++;
		if (groups[g].nr > e->largest_group)
			e->largest_group = (unsigned)groups[g].nr;
	}
	for (size_t i = 1; i < nr; i++)
		for (size_t j = i; j > 0 && cost_before(cost[order[j]], order[j], cost[order[j - 1]], order[j - 1]); j--) {
			size_t tmp = order[j];

			order[j] = order[j - 1];
			order[j - 1] = tmp;
		}
	if (nr > 1 && patch_is_stateless(e->patch)) {
		size_t nb = nr < MAX_BATCHES ? nr : MAX_BATCHES;
		size_t *load = xcalloc(nb, sizeof(*load));
		size_t *batch_of = xcalloc(nr, sizeof(*batch_of));

		for (size_t i = 0; i < nr; i++) {
			size_t best = 0;

			for (size_t b = 1; b < nb; b++)
				if (load[b] < load[best])
					best = b;
			batch_of[order[i]] = best;
			load[best] += cost[order[i]];
		}
		for (size_t b = 0; b < nb; b++) {
			struct task *t = add_task(e, step);

			for (size_t g = 0; g < nr; g++) {
				if (batch_of[g] != b)
					continue;
				if (t->files.nr)
					strvec_push(&t->files, "");
				for (size_t i = 0; i < groups[g].nr; i++)
					strvec_push(&t->files, groups[g].v[i]);
			}
			t->cost = load[b];
		}
		free(load);
		free(batch_of);
	} else {
		for (size_t g = 0; g < nr; g++) {
			struct task *t = add_task(e, step);

			strvec_pushv(&t->files, (const char *const *)groups[g].v);
			t->cost = cost[g];
		}
	}
	for (size_t g = 0; g < nr; g++)
		strvec_clear(&groups[g]);
	free(groups);
	free(cost);
	free(order);
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

		while (j > 0 && cost_before(e->tasks[i].cost, i, e->tasks[e->order[j - 1]].cost, e->order[j - 1])) {
			e->order[j] = e->order[j - 1];
			j--;
		}
		e->order[j] = i;
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
 * the options and every working file (headers give rules their types).
 */
static void working_key(struct engine *e, const char *patch, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();
	struct strbuf text = STRBUF_INIT;
	struct stat st;

	cache_hasher_add_string(h, "cdmigrate " PACKAGE_VERSION);
	cache_hasher_add_string(h, spatch_program());
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
	for (size_t i = 0; i < e->nr; i++) {
		cache_hasher_add_string(h, e->files[i].path);
		cache_hasher_add(h, &e->files[i].current.len, sizeof(e->files[i].current.len));
		cache_hasher_add(h, e->files[i].current.buf, e->files[i].current.len);
	}
	cache_hasher_finish(h, key);
}

static void task_key(const char *run_key, const struct task *t, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, run_key);
	for (size_t i = 0; i < t->files.nr; i++)
		cache_hasher_add_string(h, t->files.v[i]);
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
		task_key(run_key, t, key);
		if (cache_get(key, &t->out, &t->err, &t->status)) {
			t->cached = 1;
			t->failed = t->status != 0;
		}
	}
}

/* Run one semantic patch of a step over its files; update the working set. */
static int run_patch(struct engine *e, size_t step, const char *patch,
		     const struct strvec *step_files)
{
	const char *step_name = e->plan.steps[step].step->name;
	char run_key[33];
	struct pending_diff *pending = NULL;
	size_t nr_pending = 0, alloc_pending = 0, first_retry;

	e->patch = patch;
	if (sync_scratch(e) < 0)
		return -1;
	clear_tasks(e);
	build_tasks(e, step, step_files);
	working_key(e, patch, run_key);
	lookup_cached(e, run_key, 0);
	if (run_pool(e, 0) < 0)
		return -1;

	/*
	 * A failed batch is rerun group by group, then a failed group file by
	 * file: one bad file loses only itself.
	 */
	for (size_t from = 0; from < e->nr_tasks;) {
		first_retry = e->nr_tasks;
		for (size_t i = from; i < first_retry; i++) {
			struct task *t = &e->tasks[i];
			int by_group = task_groups(t) > 1;

			if (t->failed != 1 || t->files.nr == 1)
				continue;
			for (size_t f = 0; f < t->files.nr; f++) {
				struct task *r;

				if (!e->tasks[i].files.v[f][0])
					continue;
				r = add_task(e, step);
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
		if (e->nr_tasks > first_retry && run_pool(e, first_retry) < 0)
			return -1;
		from = first_retry;
	}
	for (size_t i = 0; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];
		char key[33];

		if (!t->cached && !t->completed && t->failed != 2)
			e->incomplete = 1;
		if (t->cached || !t->completed)
			continue;
		task_key(run_key, t, key);
		cache_put(key, t->out.buf, t->out.len, t->err.buf, t->err.len, t->status);
	}

	for (size_t i = 0; i < e->nr_tasks; i++) {
		struct task *t = &e->tasks[i];
		struct strvec bad = STRVEC_INIT, details = STRVEC_INIT;
		struct file_diff *diffs = NULL;
		size_t nr_diffs = 0;

		if (t->failed == 2)
			continue;
		if (t->failed) {
			struct work_file *f = find_file(e, t->files.v[0]);
			const char *why = t->timed_out ? "timeout" : "crashed";
			char *detail = t->timed_out
				? xstrfmt("spatch did not finish in %u s", e->opts->timeout_s)
				: xstrfmt("spatch exited with status %d", t->status);

			if (f)
				set_status(f, why, step_name, detail);
			free(detail);
			continue;
		}
		spatch_parse_errors(t->err.buf, &bad, &details);
		for (size_t b = 0; b < bad.nr; b++) {
			struct work_file *f = find_file(e, bad.v[b]);

			if (f)
				set_status(f, "parse-failure", step_name, details.v[b]);
		}
		strvec_clear(&bad);
		strvec_clear(&details);
		if (diff_parse(t->out.buf, t->out.len, &diffs, &nr_diffs) < 0) {
			error("%s: cannot read the output of spatch for %s", patch, t->files.v[0]);
			continue;
		}
		for (size_t d = 0; d < nr_diffs; d++) {
			ALLOC_GROW(pending, nr_pending + 1, alloc_pending);
			pending[nr_pending].path = xstrdup(diffs[d].path);
			pending[nr_pending].diff = diffs[d];
			nr_pending++;
		}
		free(diffs);
	}
	/* Stable sort by path keeps the tasks' (subsystem) order within a file. */
	for (size_t i = 1; i < nr_pending; i++)
		for (size_t j = i; j > 0 && compare_pending(&pending[j - 1], &pending[j]) > 0; j--) {
			struct pending_diff tmp = pending[j];

			pending[j] = pending[j - 1];
			pending[j - 1] = tmp;
		}

	for (size_t i = 0; i < nr_pending;) {
		size_t j = i;
		struct work_file *f = find_file(e, pending[i].path);
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
			set_status(f, "conflict", step_name, why.buf);
			error("%s: conflicting edits: %s", f->path, why.buf);
			f->excluded = 1;
			e->conflicts++;
		} else if (rc == 0) {
			if (diff_apply(f->path, f->current.buf, f->current.len, &merged, &result, &err) < 0) {
				set_status(f, "conflict", step_name, err.buf);
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
	return 0;
}

/*
 * The classifier's overlay: the working files that differ from the tree.
 * The others parse the same from the disk, and libclang slows down with
 * every unsaved file it is handed: with most of a tree in the working set
 * (step 30 triggers on #include), 200 parses took a minute instead of 4 s.
 */
static size_t changed_overlay(struct engine *e, const struct rewrite_context *ctx,
			      struct classify_unsaved *overlay)
{
	size_t n = 0;

	for (size_t i = 0; i < ctx->nr; i++) {
		const struct work_file *f = find_file(e, ctx->files[i].path);
		const struct strbuf *c = ctx->files[i].content;

		if (f && f->original.len == c->len && !memcmp(f->original.buf, c->buf, c->len))
			continue;
		overlay[n].file = ctx->files[i].path;
		overlay[n].content = c->buf;
		overlay[n].len = c->len;
		n++;
	}
	return n;
}

/*
 * C rewriter passes (the step's `prepare:` ones before its patches, its
 * `rewriter:` ones after them) on the working contents; step_start is the
 * text of each working file when the step began (rewrite_file.step_start).
 */
static int run_rewriter(struct engine *e, const char *const *passes,
			const struct strvec *step_files, const struct strbuf *step_start)
{
	struct rewrite_context ctx;
	struct classify_options co;
	struct classify_unsaved *overlay;
	struct strvec log = STRVEC_INIT;
	int rc = 0;

	if (!manifest_count(passes) || !step_files->nr)
		return 0;
	memset(&co, 0, sizeof(co));
	co.tree = e->opts->tree;
	co.kernel = e->opts->kernel ? e->opts->kernel : e->opts->tree;
	co.out_of_tree = e->opts->kernel != NULL;
	co.jobs = e->opts->jobs;
	co.headers_optional = 1;
	memset(&ctx, 0, sizeof(ctx));
	ctx.classify = classify_new(&co);
	if (!ctx.classify)
		return -1;
	ctx.tree = e->opts->tree;
	ctx.kernel = co.kernel;
	ctx.out_of_tree = co.out_of_tree;
	ctx.log = &log;
	ctx.files = xcalloc(e->nr ? e->nr : 1, sizeof(*ctx.files));
	overlay = xcalloc(e->nr ? e->nr : 1, sizeof(*overlay));
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];

		if (f->excluded)
			continue;
		ctx.files[ctx.nr].path = f->path;
		ctx.files[ctx.nr].subsystem = f->subsystem;
		ctx.files[ctx.nr].content = &f->current;
		ctx.files[ctx.nr].in_step = in_strvec(step_files, f->path);
		ctx.files[ctx.nr].step_start = &step_start[i];
		ctx.nr++;
	}
	classify_set_overlay(ctx.classify, overlay, changed_overlay(e, &ctx, overlay));
	for (size_t r = 0; passes[r] && rc == 0; r++) {
		const struct rewrite_pass *pass = rewrite_find(passes[r]);

		if (!pass)
			continue;	/* plan says so: "not written yet" */
		rc = pass->fn(&ctx);
		/* A pass may have replaced contents: the overlay must follow. */
		classify_set_overlay(ctx.classify, overlay, changed_overlay(e, &ctx, overlay));
	}
	for (size_t i = 0; i < log.nr; i++) {
		if (!e->opts->quiet)
			fprintf(stderr, "%s\n", log.v[i]);
		/* marked: a replay prints it only without -q */
		if (e->diag)
			strbuf_addf(e->diag, "\001%s\n", log.v[i]);
	}
	strvec_clear(&log);
	classify_free(ctx.classify);
	free(overlay);
	free(ctx.files);
	return rc;
}

/*
 * Results of whole steps and of verify are kept in the cache too, keyed by
 * everything they read: a rerun over an unchanged tree replays them
 * instead of running spatch, the rewriter and libclang again.
 */

/* What cdmigrate itself is: its rewriter passes and classifier make results. */
static const char *binary_key(void)
{
	static char key[33];

	if (!key[0]) {
		struct cache_hasher *h = cache_hasher_new();
		struct strbuf exe = STRBUF_INIT;

		cache_hasher_add_string(h, "cdmigrate " PACKAGE_VERSION);
		if (strbuf_read_file(&exe, "/proc/self/exe") == 0)
			cache_hasher_add(h, exe.buf, exe.len);
		strbuf_release(&exe);
		cache_hasher_finish(h, key);
	}
	return key;
}

/*
 * The tree's key is made of its files' contents, so that the same tree at
 * another path (a copy, a fresh clone) finds its steps in the cache.  Each
 * file's content hash is remembered with its lstat() numbers (size, times,
 * inode; like git's index): an unchanged rerun reads no file, a tree at a
 * new path reads each once.
 */
struct fingerprint {
	struct strvec stats;		/* "rel\tsize mtime ctime ino" as walked */
	struct strvec memo;		/* "rel\tsize mtime ctime ino\thash", sorted */
	int memo_changed;
};

static void fingerprint_file(const char *rel, const struct stat *st, void *data)
{
	struct fingerprint *fp = data;

	strvec_pushf(&fp->stats, "%s\t%lld %lld.%09ld %lld.%09ld %llu", rel, (long long)st->st_size,
		     (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec, (long long)st->st_ctim.tv_sec,
		     st->st_ctim.tv_nsec, (unsigned long long)st->st_ino);
}

/* The memo line of `stat_line` ("rel\tnumbers"), when its numbers match. */
static const char *memo_find(const struct strvec *memo, const char *stat_line)
{
	size_t lo = 0, hi = memo->nr, n = strlen(stat_line);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(memo->v[mid], stat_line, n);

		if (!c && memo->v[mid][n] == '\t')
			return memo->v[mid] + n + 1;
		if (c < 0 || (!c && memo->v[mid][n] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static void memo_key_of(const char *root, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, "cdmigrate-tree-memo 1");
	cache_hasher_add_string(h, root);
	cache_hasher_finish(h, key);
}

static void fingerprint_root(struct cache_hasher *h, const char *root)
{
	struct strvec files = STRVEC_INIT;
	struct fingerprint fp = { STRVEC_INIT, STRVEC_INIT, 0 };
	struct walk_stats ws = { 0, 0, fingerprint_file, &fp };
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	struct stat st;
	char *makefile = path_join(root, "Makefile");
	char memo_key[33];
	int status;

	memo_key_of(root, memo_key);
	if (cache_get(memo_key, &text, &err, &status) && status == 0) {
		for (char *p = text.buf, *nl; p < text.buf + text.len; p = nl + 1) {
			nl = memchr(p, '\n', (size_t)(text.buf + text.len - p));
			if (!nl)
				break;
			*nl = '\0';
			strvec_push(&fp.memo, p);
		}
		strvec_sort(&fp.memo);
	}
	walk_tree(root, NULL, &files, &ws);
	if (lstat(makefile, &st) == 0)
		fingerprint_file("Makefile", &st, &fp);
	free(makefile);
	strbuf_reset(&text);
	for (size_t i = 0; i < fp.stats.nr; i++) {
		const char *hash = memo_find(&fp.memo, fp.stats.v[i]);
		const char *tab = strchr(fp.stats.v[i], '\t');
		char *rel = xstrndup(fp.stats.v[i], (size_t)(tab - fp.stats.v[i]));
		char fresh[33];

		if (!hash) {
			struct cache_hasher *fh = cache_hasher_new();
			struct strbuf content = STRBUF_INIT;
			char *abs = path_join(root, rel);

			if (strbuf_read_file(&content, abs) == 0)
				cache_hasher_add(fh, content.buf, content.len);
			else
				cache_hasher_add_string(fh, "\001unreadable");
			cache_hasher_finish(fh, fresh);
			strbuf_release(&content);
			free(abs);
			hash = fresh;
			fp.memo_changed = 1;
		}
		cache_hasher_add_string(h, rel);
		cache_hasher_add_string(h, hash);
		strbuf_addf(&text, "%s\t%s\n", fp.stats.v[i], hash);
		free(rel);
	}
	/* a file gone from the tree also changes the memo */
	if (fp.memo_changed || fp.memo.nr != fp.stats.nr)
		cache_put(memo_key, text.buf, text.len, "", 0, 0);
	strbuf_release(&text);
	strbuf_release(&err);
	strvec_clear(&fp.stats);
	strvec_clear(&fp.memo);
	strvec_clear(&files);
}

/*
 * A key that changes whenever the contents of a .c or .h file of the tree
 * (or of --kernel) or of its Makefile do, wherever the tree is.  The
 * rewriter passes and the plan read the whole tree, not only the working
 * files.
 */
static void tree_fingerprint(struct engine *e, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, "cdmigrate-tree 2");
	cache_hasher_add_string(h, binary_key());
	fingerprint_root(h, e->tree);
	if (e->opts->kernel) {
		/* the kernel is not the tree: the same files there are another input */
		cache_hasher_add_string(h, "\001kernel");
		fingerprint_root(h, e->opts->kernel);
	}
	cache_hasher_finish(h, key);
}

static void hash_opt(struct cache_hasher *h, const char *s)
{
	cache_hasher_add_string(h, s ? s : "\001(none)");
}

/* The engine's state a step or verify starts from. */
static void hash_state(struct engine *e, struct cache_hasher *h)
{
	cache_hasher_add_string(h, binary_key());
	cache_hasher_add_string(h, e->tree_key);
	/*
	 * Messages name the tree as it was given: a relative name is the same
	 * wherever the tree is; the absolute one is put back on replay
	 * (diag_for_cache()).
	 */
	if (strcmp(e->opts->tree, e->tree))
		cache_hasher_add_string(h, e->opts->tree);
	hash_opt(h, e->opts->kernel);
	hash_opt(h, e->opts->only_subsystem);
	hash_opt(h, e->opts->variant);
	for (size_t i = 0; e->opts->paths && i < e->opts->paths->nr; i++)
		cache_hasher_add_string(h, e->opts->paths->v[i]);
	for (size_t i = 0; i < e->class_objects.nr; i++)
		cache_hasher_add_string(h, e->class_objects.v[i]);
	for (size_t i = 0; i < e->class_homes.nr; i++)
		cache_hasher_add_string(h, e->class_homes.v[i]);
	for (size_t i = 0; i < e->nr; i++) {
		const struct work_file *f = &e->files[i];

		cache_hasher_add_string(h, f->path);
		cache_hasher_add_string(h, f->subsystem);
		cache_hasher_add(h, &f->original.len, sizeof(f->original.len));
		cache_hasher_add(h, f->original.buf, f->original.len);
		cache_hasher_add(h, &f->current.len, sizeof(f->current.len));
		cache_hasher_add(h, f->current.buf, f->current.len);
		hash_opt(h, f->status);
		hash_opt(h, f->status_step);
		hash_opt(h, f->detail);
		cache_hasher_add(h, &f->excluded, sizeof(f->excluded));
	}
}

static void step_key(struct engine *e, size_t step, char key[33])
{
	const struct manifest_step *m = e->plan.steps[step].step;
	const struct manifest_variant *variant = manifest_variant(m, e->opts->variant);
	const char *const *patches = variant ? variant->patches : m->patches;
	struct cache_hasher *h = cache_hasher_new();
	struct strbuf text = STRBUF_INIT;
	struct stat st;

	cache_hasher_add_string(h, "cdmigrate-step 1");
	cache_hasher_add(h, &m->order, sizeof(m->order));
	cache_hasher_add_string(h, spatch_program());
	if (stat(spatch_program(), &st) == 0) {
		cache_hasher_add(h, &st.st_size, sizeof(st.st_size));
		cache_hasher_add(h, &st.st_mtime, sizeof(st.st_mtime));
	}
	for (size_t p = 0; patches[p]; p++) {
		char *path = path_join(spatch_patch_dir(), patches[p]);

		strbuf_reset(&text);
		cache_hasher_add_string(h, path);
		if (strbuf_read_file(&text, path) == 0)
			cache_hasher_add(h, text.buf, text.len);
		free(path);
	}
	strbuf_release(&text);
	hash_state(e, h);
	cache_hasher_finish(h, key);
}

/* The static strings a file's status and step are (set_status() keeps pointers). */
static const char *intern_status(const char *s, size_t len)
{
	static const char *const known[] = { "conflict", "parse-failure", "timeout", "crashed",
					     "held-back", NULL };

	for (size_t i = 0; known[i]; i++)
		if (strlen(known[i]) == len && !memcmp(known[i], s, len))
			return known[i];
	return NULL;
}

static const char *intern_step(struct engine *e, const char *s, size_t len)
{
	if (len == strlen("verify") && !memcmp(s, "verify", len))
		return "verify";
	for (size_t i = 0; i < e->plan.nr; i++)
		if (strlen(e->plan.steps[i].step->name) == len &&
		    !memcmp(e->plan.steps[i].step->name, s, len))
			return e->plan.steps[i].step->name;
	return NULL;
}

struct file_state {
	const char *status, *status_step;
	char *detail;
	int excluded;
};

static struct file_state *save_states(struct engine *e)
{
	struct file_state *s = xcalloc(e->nr ? e->nr : 1, sizeof(*s));

	for (size_t i = 0; i < e->nr; i++) {
		s[i].status = e->files[i].status;
		s[i].status_step = e->files[i].status_step;
		s[i].detail = xstrdup(e->files[i].detail);
		s[i].excluded = e->files[i].excluded;
	}
	return s;
}

static void free_states(struct engine *e, struct file_state *s)
{
	for (size_t i = 0; i < e->nr; i++)
		free(s[i].detail);
	free(s);
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Records of each file whose state differs from `was` (and its contents when `old` does). */
static void add_file_records(struct engine *e, const struct file_state *was,
			     const struct strbuf *old, struct strbuf *payload)
{
	for (size_t i = 0; i < e->nr; i++) {
		const struct work_file *f = &e->files[i];
		int text = old && (old[i].len != f->current.len ||
				   memcmp(old[i].buf, f->current.buf, f->current.len));

		if (!text && same_str(was[i].status, f->status) &&
		    same_str(was[i].status_step, f->status_step) &&
		    same_str(was[i].detail, f->detail) && was[i].excluded == f->excluded)
			continue;
		cache_record_addstr(payload, 'F', f->path);
		if (text)
			cache_record_add(payload, 'C', f->current.buf, f->current.len);
		cache_record_addstr(payload, 'S', f->status);
		cache_record_addstr(payload, 'T', f->status_step);
		cache_record_addstr(payload, 'D', f->detail);
		cache_record_addstr(payload, 'X', f->excluded ? "1" : "0");
	}
}

struct replayed_file {
	struct work_file *f;
	const char *content;		/* NULL: unchanged */
	size_t len;
	const char *status, *status_step;
	char *detail;
	int excluded;
};

struct replay {
	struct replayed_file *files;
	size_t nr, alloc;
	struct strvec numbers;		/* 'N' records, in order */
	struct strvec change_paths, change_diffs;
	struct strvec sites;		/* 'I' records, for verify */
};

static void replay_release(struct replay *r)
{
	for (size_t i = 0; i < r->nr; i++)
		free(r->files[i].detail);
	free(r->files);
	strvec_clear(&r->numbers);
	strvec_clear(&r->change_paths);
	strvec_clear(&r->change_diffs);
	strvec_clear(&r->sites);
}

/* Read a memo's records; 0 when anything is off (then it is not used). */
static int replay_parse(struct engine *e, const struct strbuf *payload, struct replay *r)
{
	struct cache_reader rd;
	const char *buf;
	size_t len;
	char tag;
	int rc;
	struct replayed_file *cur = NULL;

	memset(r, 0, sizeof(*r));
	cache_reader_init(&rd, payload->buf, payload->len);
	while ((rc = cache_record_next(&rd, &tag, &buf, &len)) == 1) {
		char *s = xstrndup(buf, len);
		int ok = 1;

		switch (tag) {
		case 'F':
			ALLOC_GROW(r->files, r->nr + 1, r->alloc);
			cur = &r->files[r->nr++];
			memset(cur, 0, sizeof(*cur));
			cur->f = find_file(e, s);
			ok = cur->f != NULL;
			break;
		case 'C':
			ok = cur != NULL;
			if (ok) {
				cur->content = buf;
				cur->len = len;
			}
			break;
		case 'S':
			ok = cur && (!len || (cur->status = intern_status(buf, len)));
			break;
		case 'T':
			ok = cur && (!len || (cur->status_step = intern_step(e, buf, len)));
			break;
		case 'D':
			ok = cur != NULL;
			if (ok)
				cur->detail = len ? xstrdup(s) : NULL;
			break;
		case 'X':
			ok = cur != NULL;
			if (ok)
				cur->excluded = s[0] == '1';
			break;
		case 'N':
			strvec_push(&r->numbers, s);
			break;
		case 'P':
			ok = find_file(e, s) != NULL;
			strvec_push(&r->change_paths, s);
			break;
		case 'd':
			strvec_push(&r->change_diffs, s);
			break;
		case 'I':
			strvec_push(&r->sites, s);
			break;
		default:
			ok = 0;
		}
		free(s);
		if (!ok) {
			replay_release(r);
			return 0;
		}
	}
	if (rc < 0 || r->change_paths.nr != r->change_diffs.nr) {
		replay_release(r);
		return 0;
	}
	return 1;
}

/* Print what a step printed when it ran; rewriter lines (marked) only without -q. */
/* What a step printed, as kept: the tree's absolute path becomes a '\002'. */
static void diag_for_cache(struct engine *e, const struct strbuf *diag, struct strbuf *out)
{
	size_t n = strlen(e->tree);

	for (const char *p = diag->buf; p < diag->buf + diag->len;) {
		const char *at = memmem(p, (size_t)(diag->buf + diag->len - p), e->tree, n);

		if (!at) {
			strbuf_add(out, p, (size_t)(diag->buf + diag->len - p));
			break;
		}
		strbuf_add(out, p, (size_t)(at - p));
		strbuf_addch(out, '\002');
		p = at + n;
	}
}

static void replay_diag(struct engine *e, const struct strbuf *diag)
{
	struct strbuf out = STRBUF_INIT;

	for (const char *p = diag->buf; p < diag->buf + diag->len;) {
		const char *nl = memchr(p, '\n', (size_t)(diag->buf + diag->len - p));
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(diag->buf + diag->len - p);
		size_t start = out.len;

		if (*p != '\001')
			strbuf_add(&out, p, n);
		else if (!e->opts->quiet)
			strbuf_add(&out, p + 1, n - 1);
		p += n;
		for (char *m; (m = memchr(out.buf + start, '\002', out.len - start));) {
			/* the tree where it is now */
			size_t at = (size_t)(m - out.buf);
			char *rest = xstrdup(m + 1);

			out.len = at;
			strbuf_addstr(&out, e->tree);
			start = out.len;
			strbuf_addstr(&out, rest);
			free(rest);
		}
	}
	fflush(stdout);
	write_all(2, out.buf, out.len);
	strbuf_release(&out);
}

static void replay_files(struct replay *r)
{
	for (size_t i = 0; i < r->nr; i++) {
		struct replayed_file *rf = &r->files[i];

		if (rf->content) {
			strbuf_reset(&rf->f->current);
			strbuf_add(&rf->f->current, rf->content, rf->len);
		}
		rf->f->status = rf->status;
		rf->f->status_step = rf->status_step;
		free(rf->f->detail);
		rf->f->detail = rf->detail;
		rf->detail = NULL;
		rf->f->excluded = rf->excluded;
	}
}

/* Take a step's result from the cache: 1 when it was there. */
static int replay_step(struct engine *e, size_t step, const char *key, struct migrate_step_stats *st)
{
	struct strbuf payload = STRBUF_INIT, diag = STRBUF_INIT;
	struct replay r;
	int status;

	if (!cache_get(key, &payload, &diag, &status) || status != 0 ||
	    !replay_parse(e, &payload, &r)) {
		strbuf_release(&payload);
		strbuf_release(&diag);
		return 0;
	}
	if (r.numbers.nr != 5) {
		replay_release(&r);
		strbuf_release(&payload);
		strbuf_release(&diag);
		return 0;
	}
	replay_files(&r);
	st->refused = atoi(r.numbers.v[0]);
	e->conflicts += atoi(r.numbers.v[1]);
	st->files_changed = (unsigned)atoi(r.numbers.v[2]);
	st->groups = (unsigned)atoi(r.numbers.v[3]);
	st->largest_group = (unsigned)atoi(r.numbers.v[4]);
	for (size_t c = 0; c < r.change_paths.nr; c++) {
		ALLOC_GROW(e->changes, e->nr_changes + 1, e->alloc_changes);
		e->changes[e->nr_changes].step = step;
		e->changes[e->nr_changes].file = (size_t)(find_file(e, r.change_paths.v[c]) - e->files);
		e->changes[e->nr_changes].diff = xstrdup(r.change_diffs.v[c]);
		e->nr_changes++;
	}
	replay_diag(e, &diag);
	replay_release(&r);
	strbuf_release(&payload);
	strbuf_release(&diag);
	return 1;
}

static void store_step(struct engine *e, size_t step, const char *key, const struct file_state *was,
		       const struct strbuf *old, size_t first_change, int conflicts,
		       const struct migrate_step_stats *st, const struct strbuf *diag)
{
	struct strbuf payload = STRBUF_INIT, kept = STRBUF_INIT;
	char num[32];

	add_file_records(e, was, old, &payload);
	snprintf(num, sizeof(num), "%d", st->refused);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%d", e->conflicts - conflicts);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%u", st->files_changed);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%u", st->groups);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%u", st->largest_group);
	cache_record_addstr(&payload, 'N', num);
	for (size_t c = first_change; c < e->nr_changes; c++) {
		if (e->changes[c].step != step)
			continue;
		cache_record_addstr(&payload, 'P', e->files[e->changes[c].file].path);
		cache_record_addstr(&payload, 'd', e->changes[c].diff);
	}
	diag_for_cache(e, diag, &kept);
	cache_put(key, payload.buf, payload.len, kept.buf, kept.len, 0);
	strbuf_release(&payload);
	strbuf_release(&kept);
}

static int run_step_uncached(struct engine *e, size_t step, struct migrate_step_stats *st);

/*
 * Run a step, or replay it from the cache when the same state was seen
 * before (a step whose spatch timed out or was killed is never kept).
 */
static int run_step(struct engine *e, size_t step, struct migrate_step_stats *st)
{
	char key[33];
	struct file_state *was;
	struct strbuf *old, diag = STRBUF_INIT;
	size_t first_change = e->nr_changes;
	int conflicts = e->conflicts, rc;

	if (!cache_dir())
		return run_step_uncached(e, step, st);
	step_key(e, step, key);
	if (replay_step(e, step, key, st))
		return 0;
	was = save_states(e);
	old = xcalloc(e->nr ? e->nr : 1, sizeof(*old));
	for (size_t i = 0; i < e->nr; i++) {
		old[i] = (struct strbuf)STRBUF_INIT;
		strbuf_add(&old[i], e->files[i].current.buf, e->files[i].current.len);
	}
	e->incomplete = 0;
	e->diag = &diag;
	diag_capture(&diag);
	rc = run_step_uncached(e, step, st);
	diag_capture(NULL);
	e->diag = NULL;
	if (rc == 0 && !e->incomplete)
		store_step(e, step, key, was, old, first_change, conflicts, st, &diag);
	for (size_t i = 0; i < e->nr; i++)
		strbuf_release(&old[i]);
	free(old);
	free_states(e, was);
	strbuf_release(&diag);
	return rc;
}

static void add_site_records(const struct site_list *list, char which, struct strbuf *payload)
{
	struct strbuf one = STRBUF_INIT;
	char num[32];

	for (size_t i = 0; i < list->nr; i++) {
		const struct site *s = &list->items[i];

		strbuf_reset(&one);
		cache_record_add(&one, 'L', &which, 1);
		cache_record_addstr(&one, 'f', s->file);
		snprintf(num, sizeof(num), "%u", s->line);
		cache_record_addstr(&one, 'l', num);
		snprintf(num, sizeof(num), "%u", s->column);
		cache_record_addstr(&one, 'c', num);
		cache_record_addstr(&one, 'k', s->kind);
		cache_record_addstr(&one, 's', s->symbol);
		cache_record_addstr(&one, 'u', s->subsystem);
		cache_record_addstr(&one, 'v', s->verdict == SITE_MANUAL ? "1" : "0");
		cache_record_addstr(&one, 'r', s->reason);
		if (s->function)
			cache_record_addstr(&one, 'n', s->function);
		cache_record_add(payload, 'I', one.buf, one.len);
	}
	strbuf_release(&one);
}

/* One 'I' record back into its list; 0 when damaged. */
static int parse_site(const char *rec, struct site_list *before, struct site_list *after)
{
	struct cache_reader rd;
	const char *buf;
	size_t len;
	char tag, *field[10] = { NULL };
	static const char tags[] = "Lflcksuvrn";
	int rc, ok;

	cache_reader_init(&rd, rec, strlen(rec));
	while ((rc = cache_record_next(&rd, &tag, &buf, &len)) == 1) {
		const char *at = strchr(tags, tag);

		if (!at || !tag || field[at - tags])
			break;
		field[at - tags] = xstrndup(buf, len);
	}
	ok = rc == 0 && field[0] && (field[0][0] == 'B' || field[0][0] == 'A');
	for (int i = 1; i < 9 && ok; i++)
		ok = field[i] != NULL;
	if (ok)
		site_list_add(field[0][0] == 'B' ? before : after, field[1],
			      (unsigned)strtoul(field[2], NULL, 10), (unsigned)strtoul(field[3], NULL, 10),
			      field[4], field[5], field[6], field[7][0] == '1' ? SITE_MANUAL : SITE_AUTO,
			      field[8], field[9]);
	for (int i = 0; i < 10; i++)
		free(field[i]);
	return ok;
}

static int verify_uncached(struct engine *e, struct site_list *before_sites,
			   struct site_list *after_sites, struct migrate_stats *stats);

/*
 * Verify, or replay it from the cache for the same state: which files it
 * held back, what it printed and the sites before and after.
 */
static int verify_changes(struct engine *e, struct site_list *before_sites,
			  struct site_list *after_sites, struct migrate_stats *stats)
{
	struct cache_hasher *h;
	struct strbuf payload = STRBUF_INIT, diag = STRBUF_INIT;
	struct file_state *was;
	struct replay r;
	char key[33], num[32];
	unsigned held = stats->held_back;
	int status, rc;
	double wall = now(CLOCK_MONOTONIC);

	if (!cache_dir())
		return verify_uncached(e, before_sites, after_sites, stats);
	h = cache_hasher_new();
	cache_hasher_add_string(h, "cdmigrate-verify 1");
	hash_state(e, h);
	cache_hasher_finish(h, key);
	if (cache_get(key, &payload, &diag, &status) && status == 0 && replay_parse(e, &payload, &r)) {
		struct site_list b = SITE_LIST_INIT, a = SITE_LIST_INIT;
		int ok = r.numbers.nr == 1;

		for (size_t i = 0; i < r.sites.nr && ok; i++)
			ok = parse_site(r.sites.v[i], &b, &a);
		if (ok) {
			replay_files(&r);
			stats->held_back += (unsigned)atoi(r.numbers.v[0]);
			site_list_take(before_sites, &b);
			site_list_take(after_sites, &a);
			replay_diag(e, &diag);
			stats->verify_wall = now(CLOCK_MONOTONIC) - wall;
		}
		if (!ok) {
			site_list_release(&b);
			site_list_release(&a);
		}
		replay_release(&r);
		strbuf_release(&payload);
		strbuf_release(&diag);
		if (ok)
			return 0;
	}
	strbuf_reset(&payload);
	strbuf_reset(&diag);
	was = save_states(e);
	diag_capture(&diag);
	rc = verify_uncached(e, before_sites, after_sites, stats);
	diag_capture(NULL);
	if (rc == 0) {
		add_file_records(e, was, NULL, &payload);
		snprintf(num, sizeof(num), "%u", stats->held_back - held);
		cache_record_addstr(&payload, 'N', num);
		add_site_records(before_sites, 'B', &payload);
		add_site_records(after_sites, 'A', &payload);
		struct strbuf kept = STRBUF_INIT;

		diag_for_cache(e, &diag, &kept);
		cache_put(key, payload.buf, payload.len, kept.buf, kept.len, 0);
		strbuf_release(&kept);
	}
	free_states(e, was);
	strbuf_release(&payload);
	strbuf_release(&diag);
	return rc;
}

static int run_step_uncached(struct engine *e, size_t step, struct migrate_step_stats *st)
{
	const struct plan_step *ps = &e->plan.steps[step];
	const struct manifest_step *m = ps->step;
	const struct manifest_variant *variant = manifest_variant(m, e->opts->variant);
	const char *const *patches = variant ? variant->patches : m->patches;
	struct strvec step_files = STRVEC_INIT;
	struct strbuf *before;
	unsigned runs = e->spatch_runs;
	int rc;

	e->groups = e->largest_group = 0;

	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];

		if (f->excluded || !!plan_is_driver_core(f->path) != !!m->in_tree_only)
			continue;
		if (e->opts->only_subsystem && strcmp(f->subsystem, e->opts->only_subsystem))
			continue;
		if (has_trigger(&f->current, m->triggers) ||
		    (manifest_count(m->follow) && e->class_objects.nr &&
		     has_trigger(&f->current, (const char *const *)e->class_objects.v)))
			strvec_push(&step_files, f->path);
	}
	before = xcalloc(e->nr ? e->nr : 1, sizeof(*before));
	for (size_t i = 0; i < e->nr; i++) {
		before[i] = (struct strbuf)STRBUF_INIT;
		strbuf_add(&before[i], e->files[i].current.buf, e->files[i].current.len);
	}
	e->options = m->options;
	/* the default patches only: a variant is its own set of rules */
	rc = variant ? 0 : run_rewriter(e, m->prepare, &step_files, before);
	for (size_t p = 0; rc == 0 && step_files.nr && patches[p]; p++) {
		char *patch = path_join(spatch_patch_dir(), patches[p]);

		if (access(patch, R_OK) < 0) {
			error("%s: semantic patch missing: reinstall cdmigrate", patch);
			free(patch);
			strvec_clear(&step_files);
			return -1;
		}
		if (run_patch(e, step, patch, &step_files) < 0) {
			free(patch);
			strvec_clear(&step_files);
			return -1;
		}
		free(patch);
	}
	if (rc == 0)
		rc = run_rewriter(e, m->rewriter, &step_files, before);
	switch (rc) {
	case 0:
		break;
	case REWRITE_REFUSED:
		/* the whole step is dropped, its patches' edits too */
		for (size_t i = 0; i < e->nr; i++) {
			strbuf_reset(&e->files[i].current);
			strbuf_add(&e->files[i].current, before[i].buf, before[i].len);
		}
		st->refused = 1;
		break;
	default:
		strvec_clear(&step_files);
		return -1;
	}
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];
		struct strbuf diff = STRBUF_INIT;

		if (f->excluded || (before[i].len == f->current.len &&
				    !memcmp(before[i].buf, f->current.buf, f->current.len))) {
			strbuf_release(&before[i]);
			continue;
		}
		realign_continuations(before[i].buf, before[i].len, &f->current);
		if (diff_make(f->path, before[i].buf, before[i].len, f->current.buf, f->current.len, &diff) < 0)
			return -1;
		ALLOC_GROW(e->changes, e->nr_changes + 1, e->alloc_changes);
		e->changes[e->nr_changes].step = step;
		e->changes[e->nr_changes].file = i;
		e->changes[e->nr_changes].diff = strbuf_detach(&diff, NULL);
		e->nr_changes++;
		st->files_changed++;
		strbuf_release(&before[i]);
	}
	free(before);
	st->spatch_runs = e->spatch_runs - runs;
	st->groups = e->groups;
	st->largest_group = e->largest_group;
	strvec_clear(&step_files);
	return 0;
}

static int is_changed(const struct work_file *f)
{
	return !f->excluded && (f->original.len != f->current.len ||
				memcmp(f->original.buf, f->current.buf, f->original.len));
}

/*
 * Re-parse each changed file before and after (against the converted
 * headers) and hold back a file whose change adds parse errors.  Also
 * returns the sites before and after, for the converted-site lists.
 */
/*
 * Files changed by the same step in the same subsystem were converted as
 * one unit (a class and its users, a header and its callers): when one is
 * held back, the others are too, or the tree would hold half a conversion.
 * Follows each held-back file's steps to a fixed point; returns how many
 * more files it held back.
 */
static unsigned hold_back_companions(struct engine *e, struct migrate_stats *stats)
{
	unsigned added = 0;
	int again = 1;

	while (again) {
		again = 0;
		for (size_t c = 0; c < e->nr_changes; c++) {
			struct work_file *held = &e->files[e->changes[c].file];
			unsigned step = e->plan.steps[e->changes[c].step].step->order;

			if (!held->excluded || !held->status || strcmp(held->status, "held-back"))
				continue;
			for (size_t d = 0; d < e->nr_changes; d++) {
				struct work_file *g = &e->files[e->changes[d].file];
				char *detail;

				if (e->changes[d].step != e->changes[c].step || g->excluded ||
				    strcmp(g->subsystem, held->subsystem))
					continue;
				detail = xstrfmt("changed by step %u together with %s, which is held back",
						 step, held->path);
				error("%s: held back: %s", g->path, detail);
				set_status(g, "held-back", "verify", detail);
				g->excluded = 1;
				stats->held_back++;
				added++;
				again = 1;
				free(detail);
			}
		}
	}
	return added;
}

static int verify_round(struct engine *e, struct site_list *before_sites,
			struct site_list *after_sites, struct migrate_stats *stats);

/*
 * Hold back what adds parse errors and its companions, then verify again
 * what is left when a header went back to its old text (others may miss
 * what it declared), until a round holds no header back.  A .c file going
 * back changes no other file's parse: no new round for it.
 */
static int verify_uncached(struct engine *e, struct site_list *before_sites,
			   struct site_list *after_sites, struct migrate_stats *stats)
{
	double wall = now(CLOCK_MONOTONIC);
	char *was_excluded = xcalloc(e->nr ? e->nr : 1, 1);
	int rc, header_back;

	do {
		unsigned held = stats->held_back;

		for (size_t i = 0; i < e->nr; i++)
			was_excluded[i] = (char)e->files[i].excluded;
		rc = verify_round(e, before_sites, after_sites, stats);
		if (rc || stats->held_back == held)
			break;
		hold_back_companions(e, stats);
		header_back = 0;
		for (size_t i = 0; i < e->nr && !header_back; i++) {
			size_t n = strlen(e->files[i].path);

			header_back = e->files[i].excluded && !was_excluded[i] &&
				      !(n > 2 && !strcmp(e->files[i].path + n - 2, ".c"));
		}
		if (header_back) {
			site_list_release(before_sites);
			site_list_release(after_sites);
		}
	} while (header_back);
	free(was_excluded);
	stats->verify_wall = now(CLOCK_MONOTONIC) - wall;
	return rc;
}

static int verify_round(struct engine *e, struct site_list *before_sites,
			struct site_list *after_sites, struct migrate_stats *stats)
{
	struct classify_options co;
	struct classify *c;
	struct strvec changed = STRVEC_INIT;
	struct classify_stats before = { 0, 0, NULL, 0 }, after = { 0, 0, NULL, 0 };
	struct classify_unsaved *overlay;
	size_t nr_overlay = 0;

	for (size_t i = 0; i < e->nr; i++)
		if (is_changed(&e->files[i]))
			strvec_push(&changed, e->files[i].path);
	if (!changed.nr)
		return 0;
	memset(&co, 0, sizeof(co));
	co.tree = e->opts->tree;
	co.kernel = e->opts->kernel ? e->opts->kernel : e->opts->tree;
	co.out_of_tree = e->opts->kernel != NULL;
	co.jobs = e->opts->jobs;
	co.headers_optional = 1;
	c = classify_new(&co);
	if (!c) {
		strvec_clear(&changed);
		return -1;
	}
	classify_files(c, &changed, before_sites, &before);
	overlay = xcalloc(e->nr, sizeof(*overlay));
	for (size_t i = 0; i < e->nr; i++) {
		if (!is_changed(&e->files[i]))
			continue;
		overlay[nr_overlay].file = e->files[i].path;
		overlay[nr_overlay].content = e->files[i].current.buf;
		overlay[nr_overlay].len = e->files[i].current.len;
		nr_overlay++;
	}
	classify_set_overlay(c, overlay, nr_overlay);
	classify_files(c, &changed, after_sites, &after);
	classify_set_overlay(c, NULL, 0);
	for (size_t i = 0; i < changed.nr; i++) {
		struct work_file *f = find_file(e, changed.v[i]);

		if (after.files[i].errors > before.files[i].errors) {
			const char *diag = after.files[i].first_error ? after.files[i].first_error : "";
			size_t n = strlen(e->tree);
			char *detail;

			/* Name the file relative to the tree: output must not depend on where it is. */
			if (!strncmp(diag, e->tree, n) && diag[n] == '/')
				diag += n + 1;
			detail = xstrfmt("the change adds %u parse error(s): %s",
					 after.files[i].errors - before.files[i].errors, diag);

			error("%s: held back: %s", f->path, detail);
			set_status(f, "held-back", "verify", detail);
			f->excluded = 1;
			stats->held_back++;
			free(detail);
		}
	}
	classify_stats_release(&before);
	classify_stats_release(&after);
	free(overlay);
	classify_free(c);
	strvec_clear(&changed);
	return 0;
}

/* The step a site kind is converted by (report's grouping). */
static unsigned step_of_kind(const char *kind)
{
	if (!strcmp(kind, "static-class"))
		return 10;
	if (!strcmp(kind, "class-interface"))
		return 50;
	if (!strcmp(kind, "inactive"))
		return 0;
	return 40;
}

static int site_survives(const struct site *s, const struct site_list *after)
{
	for (size_t i = 0; i < after->nr; i++) {
		const struct site *a = &after->items[i];

		if (!strcmp(a->file, s->file) && !strcmp(a->kind, s->kind) &&
		    !strcmp(a->symbol, s->symbol))
			return 1;
	}
	return 0;
}

static void converted_sites(struct engine *e, size_t step, const char *subsystem,
			    const struct site_list *before, const struct site_list *after,
			    struct strvec *lines, unsigned *count)
{
	unsigned order = e->plan.steps[step].step->order;

	for (size_t i = 0; i < before->nr; i++) {
		const struct site *s = &before->items[i];
		struct work_file *f = find_file(e, s->file);
		int touched = 0;

		if (!f || f->excluded || strcmp(f->subsystem, subsystem))
			continue;
		if (step_of_kind(s->kind) != order || site_survives(s, after))
			continue;
		for (size_t c = 0; c < e->nr_changes; c++)
			touched |= e->changes[c].step == step && &e->files[e->changes[c].file] == f;
		if (!touched)
			continue;
		strvec_pushf(lines, "%s:%u:%u: %s: %s", s->file, s->line, s->column, s->kind, s->symbol);
		(*count)++;
	}
}

static json_t *report_json(struct engine *e, const struct migrate_stats *stats,
			   const unsigned *step_sites)
{
	json_t *o = json_object(), *steps = json_array(), *files = json_array();

	json_object_set_new(o, "tree", json_string(e->plan.tree));
	for (size_t i = 0; i < e->plan.nr; i++) {
		json_t *s = json_object();

		json_object_set_new(s, "order", json_integer(e->plan.steps[i].step->order));
		json_object_set_new(s, "name", json_string(e->plan.steps[i].step->name));
		json_object_set_new(s, "action", json_string(i < stats->nr && stats->steps[i].refused
							     ? "refused" : plan_action_name(e->plan.steps[i].action)));
		json_object_set_new(s, "files_changed", json_integer(i < stats->nr ? stats->steps[i].files_changed : 0));
		json_object_set_new(s, "sites_converted", json_integer(step_sites[i]));
		json_array_append_new(steps, s);
	}
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];
		json_t *o2;

		if (!f->status && !is_changed(f))
			continue;
		o2 = json_object();
		json_object_set_new(o2, "file", json_string(f->path));
		json_object_set_new(o2, "step", json_string(f->status_step ? f->status_step : ""));
		json_object_set_new(o2, "status", json_string(f->status ? f->status : "converted"));
		json_object_set_new(o2, "detail", json_string(f->detail ? f->detail : ""));
		json_array_append_new(files, o2);
	}
	json_object_set_new(o, "steps", steps);
	json_object_set_new(o, "files", files);
	return o;
}

static int write_json_atomically(const char *path, json_t *value)
{
	char *tmp = xstrfmt("%s.tmp", path);
	char *text = json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	char *line = text ? xstrfmt("%s\n", text) : NULL;
	int rc = 0;

	if (!line || write_file(tmp, line, strlen(line)) < 0)
		rc = -1;
	else if (rename(tmp, path) < 0)
		rc = error_errno("%s: cannot write", path);
	free(line);
	free(text);
	free(tmp);
	return rc;
}

static int tree_is_dirty(const char *tree)
{
	struct child git = CHILD_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int timed_out = 0, rc;

	strvec_pushv(&git.args, (const char *const[]){ "git", "-C", tree, "status", "--porcelain",
						       "--untracked-files=no", NULL });
	git.silent_exec_failure = 1;
	rc = child_capture(&git, NULL, 0, &out, &err, 60000, &timed_out);
	child_release(&git);
	/* Not a git checkout (or no git): nothing to compare against. */
	rc = rc == 0 && out.len > 0;
	strbuf_release(&out);
	strbuf_release(&err);
	return rc;
}

static void engine_release(struct engine *e)
{
	for (size_t i = 0; i < e->nr; i++) {
		free(e->files[i].path);
		free(e->files[i].subsystem);
		free(e->files[i].detail);
		strbuf_release(&e->files[i].original);
		strbuf_release(&e->files[i].current);
		strbuf_release(&e->files[i].written);
	}
	free(e->files);
	for (size_t i = 0; i < e->nr_changes; i++)
		free(e->changes[i].diff);
	free(e->changes);
	clear_tasks(e);
	free(e->tasks);
	free(e->order);
	include_graph_release(&e->includes);
	strvec_clear(&e->class_objects);
	strvec_clear(&e->class_homes);
	strvec_clear(&e->include_dirs);
	plan_release(&e->plan);
	free(e->tree);
	if (e->scratch) {
		struct child rm = CHILD_INIT;
		struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
		int timed_out;

		/* Our own scratch directory under TMPDIR: never the user's tree. */
		strvec_pushv(&rm.args, (const char *const[]){ "rm", "-rf", "--", e->scratch, NULL });
		child_capture(&rm, NULL, 0, &out, &err, 60000, &timed_out);
		child_release(&rm);
		strbuf_release(&out);
		strbuf_release(&err);
		free(e->scratch);
	}
}

static int write_outputs(struct engine *e, struct migrate_stats *stats,
			 const struct site_list *before_sites, const struct site_list *after_sites)
{
	struct series_patch *patches = NULL;
	size_t nr_patches = 0, alloc_patches = 0;
	unsigned *step_sites = xcalloc(e->plan.nr + 1, sizeof(unsigned));
	json_t *report;
	int rc = 0;

	for (size_t s = 0; s < e->plan.nr; s++) {
		const struct manifest_variant *variant =
			manifest_variant(e->plan.steps[s].step, e->opts->variant);
		struct strvec subsystems = STRVEC_INIT;

		for (size_t c = 0; c < e->nr_changes; c++) {
			struct work_file *f = &e->files[e->changes[c].file];

			if (e->changes[c].step == s && !f->excluded && !in_strvec(&subsystems, f->subsystem))
				strvec_push(&subsystems, f->subsystem);
		}
		strvec_sort(&subsystems);
		for (size_t u = 0; u < subsystems.nr; u++) {
			struct series_patch *p;
			unsigned count = 0;

			ALLOC_GROW(patches, nr_patches + 1, alloc_patches);
			p = &patches[nr_patches++];
			memset(p, 0, sizeof(*p));
			p->step_order = e->plan.steps[s].step->order;
			p->step_name = e->plan.steps[s].step->name;
			p->step_title = variant ? variant->title : e->plan.steps[s].step->title;
			p->body = variant ? variant->description : e->plan.steps[s].step->description;
			p->subsystem = xstrdup(subsystems.v[u]);
			p->sites = (struct strvec)STRVEC_INIT;
			for (size_t c = 0; c < e->nr_changes; c++) {
				struct work_file *f = &e->files[e->changes[c].file];

				if (e->changes[c].step != s || f->excluded || strcmp(f->subsystem, subsystems.v[u]))
					continue;
				p->files = xrealloc(p->files, (p->nr_files + 1) * sizeof(*p->files));
				p->files[p->nr_files].path = f->path;
				p->files[p->nr_files].diff = e->changes[c].diff;
				p->nr_files++;
			}
			converted_sites(e, s, subsystems.v[u], before_sites, after_sites, &p->sites, &count);
			step_sites[s] += count;
		}
		strvec_clear(&subsystems);
	}
	report = report_json(e, stats, step_sites);
	if (e->opts->in_place) {
		struct journal_edit_list edits = JOURNAL_EDIT_LIST_INIT;
		char *dir = path_join(e->opts->tree, ".cdmigrate");
		char *path = path_join(dir, "migrate.json");

		for (size_t i = 0; i < e->nr; i++)
			if (is_changed(&e->files[i]))
				journal_edit_list_add(&edits, e->files[i].path,
						      e->files[i].original.buf, e->files[i].original.len,
						      e->files[i].current.buf, e->files[i].current.len);
		if (edits.nr && journal_apply(e->opts->tree, edits.v, edits.nr, "migrate") < 0)
			rc = -1;
		if (rc == 0 && (mkdir(dir, 0755) == 0 || errno == EEXIST))
			rc = write_json_atomically(path, report);
		journal_edit_list_clear(&edits);
		free(path);
		free(dir);
	} else {
		struct strbuf cover = STRBUF_INIT;
		char *path;

		strbuf_addf(&cover, "This series retires struct class_device from %s, one subsystem\n"
			    "per patch, in the order of the migration plan (cdmigrate plan).\n",
			    e->plan.tree);
		if (stats->held_back || stats->conflicts || stats->failures)
			strbuf_addf(&cover, "\nLeft out: %u file(s) held back by verify, %u with conflicting\n"
				    "edits, %u where spatch failed; see report.json.\n",
				    stats->held_back, stats->conflicts, stats->failures);
		for (size_t s = 0; s < stats->nr; s++)
			if (stats->steps[s].refused)
				strbuf_addf(&cover, "\nStep %u %s was refused (its error says why): nothing of it is in\n"
					    "this series.\n", stats->steps[s].order, stats->steps[s].name);
		rc = series_write(e->opts->out_dir, patches, nr_patches, cover.buf);
		strbuf_release(&cover);
		path = path_join(e->opts->out_dir, "report.json");
		if (rc == 0)
			rc = write_json_atomically(path, report);
		free(path);
	}
	for (size_t i = 0; i < nr_patches; i++) {
		free(patches[i].files);
		free((char *)patches[i].subsystem);
		strvec_clear(&patches[i].sites);
	}
	free(patches);
	free(step_sites);
	json_decref(report);
	return rc;
}

static int run(const struct migrate_options *opts, struct migrate_stats *stats)
{
	struct engine e;
	struct plan_options po;
	struct migrate_stats local;
	struct site_list before = SITE_LIST_INIT, after = SITE_LIST_INIT;
	char real[PATH_MAX];
	const char *tmp = getenv("TMPDIR");
	int status = EXIT_CLEAN;
	unsigned changed = 0;
	double setup;

	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof(*stats));
	memset(&e, 0, sizeof(e));
	e.opts = opts;
	if (!spatch_program())
		return EXIT_USAGE;
	if (opts->in_place) {
		int pending = journal_pending(opts->tree);

		if (pending > 0) {
			error("%s: an interrupted run is pending: finish it with 'cdmigrate migrate --resume %s' or undo it with 'cdmigrate undo %s'",
			      opts->tree, opts->tree, opts->tree);
			return EXIT_USAGE;
		}
		if (!opts->force && tree_is_dirty(opts->tree)) {
			error("%s: the git tree has uncommitted changes: commit or stash them, or pass --force",
			      opts->tree);
			return EXIT_USAGE;
		}
	}
	setup = now(CLOCK_MONOTONIC);
	if (cache_dir() && realpath(opts->tree, real)) {
		e.tree = xstrdup(real);
		tree_fingerprint(&e, e.tree_key);
		prefilter_memo(e.tree_key);
		free(e.tree);
		e.tree = NULL;
	}
	memset(&po, 0, sizeof(po));
	po.tree = opts->tree;
	po.kernel = opts->kernel;
	po.paths = opts->paths;
	po.only_step = opts->only_step;
	po.only_subsystem = opts->only_subsystem;
	po.jobs = opts->jobs;
	po.variant = opts->variant;
	if (plan_make(&po, &e.plan) < 0)
		return EXIT_USAGE;
	for (size_t i = 0; i < e.plan.nr; i++)
		if (e.plan.steps[i].action == PLAN_BLOCKED) {
			error("step %u %s is blocked: %s", e.plan.steps[i].step->order,
			      e.plan.steps[i].step->name, e.plan.steps[i].why);
			plan_release(&e.plan);
			return EXIT_USAGE;
		}
	if (!realpath(opts->tree, real)) {
		plan_release(&e.plan);
		return error_errno("%s: cannot resolve", opts->tree), EXIT_USAGE;
	}
	e.tree = xstrdup(real);
	e.scratch = xstrfmt("%s/cdmigrate-work-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(e.scratch)) {
		error_errno("%s: cannot create a scratch directory", e.scratch);
		free(e.scratch);
		e.scratch = NULL;
		engine_release(&e);
		return EXIT_USAGE;
	}
	strvec_pushf(&e.include_dirs, "%s/include", e.scratch);
	strvec_pushf(&e.include_dirs, "%s/include", opts->kernel ? opts->kernel : e.tree);
	if (load_working_set(&e) < 0) {
		engine_release(&e);
		return EXIT_USAGE;
	}
	copy_sibling_headers(&e);
	stats->setup_wall = now(CLOCK_MONOTONIC) - setup;

	stats->steps = xcalloc(e.plan.nr, sizeof(*stats->steps));
	stats->nr = e.plan.nr;
	for (size_t s = 0; s < e.plan.nr; s++) {
		struct migrate_step_stats *st = &stats->steps[s];
		double wall = now(CLOCK_MONOTONIC), cpu = cpu_with_children();

		st->order = e.plan.steps[s].step->order;
		st->name = e.plan.steps[s].step->name;
		if (e.plan.steps[s].action != PLAN_RUN)
			continue;
		if (run_step(&e, s, st) < 0) {
			engine_release(&e);
			return EXIT_USAGE;
		}
		st->wall = now(CLOCK_MONOTONIC) - wall;
		st->cpu = cpu_with_children() - cpu;
	}
	for (size_t i = 0; i < e.nr; i++)
		if (e.files[i].status && (!strcmp(e.files[i].status, "timeout") ||
					  !strcmp(e.files[i].status, "crashed")))
			stats->failures++;
	stats->conflicts = (unsigned)e.conflicts;
	for (size_t s = 0; s < stats->nr; s++)
		stats->refused += !!stats->steps[s].refused;
	if (verify_changes(&e, &before, &after, stats) < 0) {
		engine_release(&e);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < e.nr; i++)
		changed += is_changed(&e.files[i]);
	stats->files_changed = changed;
	setup = now(CLOCK_MONOTONIC);
	if (write_outputs(&e, stats, &before, &after) < 0)
		status = EXIT_USAGE;
	else if (e.conflicts)
		status = EXIT_CONFLICT;
	else if (stats->refused)
		status = EXIT_FINDINGS;
	else if (!opts->in_place && changed)
		status = EXIT_FINDINGS;
	stats->output_wall = now(CLOCK_MONOTONIC) - setup;
	if (!opts->quiet) {
		for (size_t s = 0; s < stats->nr; s++)
			if (e.plan.steps[s].action == PLAN_RUN && stats->steps[s].refused)
				printf("step %u %s: refused\n", stats->steps[s].order, stats->steps[s].name);
			else if (e.plan.steps[s].action == PLAN_RUN)
				printf("step %u %s: %u files changed\n", stats->steps[s].order,
				       stats->steps[s].name, stats->steps[s].files_changed);
		printf("%u files changed%s%s; %u held back, %u conflicts, %u spatch failures\n", changed,
		       opts->in_place ? " in " : ", series in ",
		       opts->in_place ? opts->tree : opts->out_dir,
		       stats->held_back, stats->conflicts, stats->failures);
	}
	site_list_release(&before);
	site_list_release(&after);
	engine_release(&e);
	return status;
}

int migrate_run(const struct migrate_options *opts, struct migrate_stats *stats)
{
	int status = run(opts, stats);

	prefilter_memo(NULL);
	return status;
}
