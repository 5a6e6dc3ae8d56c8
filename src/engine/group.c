#define _GNU_SOURCE
#include "engine/engine.h"
#include "engine/spatch.h"
#include "kernel/reach.h"
#include "lex/lex.h"
#include "lex/lexscan.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The files of step_files where class `name` is defined or declared extern. */
static void class_homes_of(struct engine *e, const char *name, const struct strvec *step_files,
			   struct strvec *homes)
{
	size_t n = strlen(name);

	for (size_t h = 0; h < e->class_homes.nr; h++) {
		const char *tab = strchr(e->class_homes.v[h], '\t');

		if ((size_t)(tab - e->class_homes.v[h]) == n && !strncmp(e->class_homes.v[h], name, n) &&
		    engine_in_strvec(step_files, tab + 1))
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
			used = working_set_names_class(&engine_find_file(e, group->v[i])->current, name);
		if (!used)
			continue;
		class_homes_of(e, name, step_files, &homes);
		for (size_t h = 0; h < homes.nr; h++)
			if (!engine_in_strvec(group, homes.v[h]))
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
		    engine_in_strvec(step_files, h) && !engine_in_strvec(group, h))
			strvec_push(group, h);
	}
}

/* One group per subsystem: its files and the step's headers they include. */
static void subsystem_groups(struct engine *e, size_t step, const struct strvec *step_files,
			     struct strvec **groups, size_t *nr)
{
	struct strvec subsystems = STRVEC_INIT;

	for (size_t i = 0; i < step_files->nr; i++) {
		struct work_file *f = engine_find_file(e, step_files->v[i]);

		if (!engine_in_strvec(&subsystems, f->subsystem))
			strvec_push(&subsystems, f->subsystem);
	}
	strvec_sort(&subsystems);
	*groups = xcalloc(subsystems.nr ? subsystems.nr : 1, sizeof(**groups));
	*nr = subsystems.nr;
	for (size_t s = 0; s < subsystems.nr; s++) {
		struct strvec *g = &(*groups)[s];

		*g = (struct strvec)STRVEC_INIT;
		for (size_t i = 0; i < step_files->nr; i++) {
			struct work_file *f = engine_find_file(e, step_files->v[i]);

			if (strcmp(f->subsystem, subsystems.v[s]))
				continue;
			if (!engine_in_strvec(g, f->path))
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
 * Add to each of groups[0..*nr) the step's headers its own files include
 * directly; then drop a group that is one header some other group now
 * holds.
 */
static void included_headers(struct engine *e, const struct strvec *step_files,
			     struct strvec *groups, size_t *nr)
{
	char *reached = xcalloc(step_files->nr ? step_files->nr : 1, 1);
	size_t kept = 0;

	for (size_t g = 0; g < *nr; g++) {
		size_t own = groups[g].nr;

		for (size_t i = 0; i < own; i++)
			add_included(e, groups[g].v[i], step_files, &groups[g]);
		for (size_t i = own; i < groups[g].nr; i++)
			reached[index_in(step_files, groups[g].v[i])] = 1;
		strvec_sort(&groups[g]);
	}
	for (size_t g = 0; g < *nr; g++) {
		if (groups[g].nr == 1 && ends_with(groups[g].v[0], ".h") &&
		    reached[index_in(step_files, groups[g].v[0])]) {
			strvec_clear(&groups[g]);
			continue;
		}
		groups[kept++] = groups[g];
	}
	*nr = kept;
	free(reached);
}

/*
 * Connected components of step_files (sorted): for MANIFEST_GROUP_CLASS
 * every file naming a class object joined to that class's homes.  Each
 * group then gets the step's headers its files include directly, without
 * being joined through them: a header shared by many users (sysdev.h,
 * scsi_host.h) made one group of 68 files of unrelated classes on 2.6.22.
 * A header left alone that another group brings in is not run by itself.
 */
static void component_groups(struct engine *e, size_t step, const struct strvec *step_files,
			     struct strvec **groups, size_t *nr)
{
	size_t n = step_files->nr;
	size_t *parent = xcalloc(n ? n : 1, sizeof(*parent));
	size_t *slot = xcalloc(n ? n : 1, sizeof(*slot));

	for (size_t i = 0; i < n; i++)
		parent[i] = i;
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
				if (working_set_names_class(&engine_find_file(e, step_files->v[i])->current,
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
	included_headers(e, step_files, *groups, nr);
	free(parent);
	free(slot);
}

static const struct strbuf *working_text(const char *rel, void *data)
{
	struct work_file *f = engine_find_file(data, rel);

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

		if (d->group->nr < MAX_GROUP && !engine_in_strvec(d->group, file))
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
	const struct strbuf *text = &engine_find_file(e, file)->current;

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
		const struct strbuf *text = &engine_find_file(e, step_files->v[i])->current;

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

size_t group_cost(struct engine *e, const struct strvec *files)
{
	size_t cost = 0;

	for (size_t i = 0; i < files->nr; i++)
		if (files->v[i][0])
			cost += engine_find_file(e, files->v[i])->current.len + 4096;
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
int group_cost_before(size_t cost_a, size_t a, size_t cost_b, size_t b)
{
	return cost_a != cost_b ? cost_a > cost_b : a < b;
}

/*
 * Groups are packed into at most this many spatch processes when the patch
 * is stateless (--file-groups): a fixed number, not -j, so the result
 * never depends on -j; enough to keep a few workers busy.  Measured on
 * step 40 of 2.6.22 (165 groups, user CPU per group): 0.93 s packed
 * largest first into 8, 0.75 s with neighbours together in runs of about
 * 20 groups, no less in 2 runs of 80 (a bigger process slows down).
 */
#define MAX_BATCHES 8

/*
 * Cut the groups, in group (file) order, into nb runs of about equal cost:
 * neighbours share a directory and so most of their included headers,
 * which one spatch process then parses once.  batch_of[g] gets g's run.
 */
static void pack_contiguous(const size_t *cost, size_t nr, size_t nb, size_t *batch_of, size_t *load)
{
	size_t total = 0, acc = 0, b = 0;

	for (size_t g = 0; g < nr; g++)
		total += cost[g];
	for (size_t g = 0; g < nr; g++) {
		/* the next run starts once this one has its share; none is left empty */
		if (b + 1 < nb && load[b] && (acc * nb >= total * (b + 1) || nr - g <= nb - b - 1))
			b++;
		batch_of[g] = b;
		load[b] += cost[g];
		acc += cost[g];
	}
}

/*
 * The step's file groups (manifest_group), without those the step's
 * `needs` rule out, as tasks: one per group, or, for a stateless patch,
 * neighbouring groups packed into a few batches of similar cost (the pool
 * starts the costliest task first).
 */
void group_build_tasks(struct engine *e, size_t step, const struct strvec *step_files)
{
	const struct manifest_step *m = e->plan.steps[step].step;
	struct strvec *groups = NULL;
	size_t nr = 0, kept = 0;
	size_t *cost;

	if (m->group == MANIFEST_GROUP_SUBSYSTEM)
		subsystem_groups(e, step, step_files, &groups, &nr);
	else if (m->group == MANIFEST_GROUP_FILE)
		file_groups(e, step, step_files, &groups, &nr);
	else
		component_groups(e, step, step_files, &groups, &nr);
	for (size_t g = 0; g < nr; g++) {
		int needed = !manifest_count(m->needs);

		for (size_t i = 0; i < groups[g].nr && !needed; i++)
			needed = working_set_has_trigger(&engine_find_file(e, groups[g].v[i])->current, m->needs);
		if (!needed) {
			strvec_clear(&groups[g]);
			continue;
		}
		groups[kept++] = groups[g];
	}
	nr = kept;
	cost = xcalloc(nr ? nr : 1, sizeof(*cost));
	for (size_t g = 0; g < nr; g++) {
		cost[g] = group_cost(e, &groups[g]);
		e->groups++;
		if (groups[g].nr > e->largest_group)
			e->largest_group = (unsigned)groups[g].nr;
	}
	if (nr > 1 && patch_is_stateless(e->patch)) {
		size_t nb = nr < MAX_BATCHES ? nr : MAX_BATCHES;
		size_t *load = xcalloc(nb, sizeof(*load));
		size_t *batch_of = xcalloc(nr, sizeof(*batch_of));

		pack_contiguous(cost, nr, nb, batch_of, load);
		for (size_t b = 0; b < nb; b++) {
			struct task *t = task_add(e, step);

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
			struct task *t = task_add(e, step);

			strvec_pushv(&t->files, (const char *const *)groups[g].v);
			t->cost = cost[g];
		}
	}
	for (size_t g = 0; g < nr; g++)
		strvec_clear(&groups[g]);
	free(groups);
	free(cost);
}

