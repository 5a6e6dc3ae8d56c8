#define _GNU_SOURCE
#include "engine/series-plan.h"
#include "analyze/header-users.h"
#include "engine/diff.h"
#include "kernel/kernel.h"
#include "kernel/reach.h"
#include "kernel/subsystem.h"

#include <stdlib.h>
#include <string.h>

void series_units_release(struct series_units *u)
{
	for (size_t i = 0; i < u->nr; i++) {
		free(u->v[i].subsystem);
		free(u->v[i].part);
		free(u->v[i].changes);
		free(u->v[i].cluster);
		free(u->v[i].tie);
		strvec_clear(&u->v[i].foreign);
		strvec_clear(&u->v[i].notes);
	}
	free(u->v);
	u->v = NULL;
	u->nr = u->alloc = 0;
}

int series_change_live(const struct engine *e, size_t c)
{
	return !e->changes[c].held_back && !e->files[e->changes[c].file].excluded;
}

int series_texts_make(struct engine *e, struct series_texts *t)
{
	struct strbuf err = STRBUF_INIT;
	int rc = 0;

	t->nr = e->nr_changes;
	t->before = xcalloc(t->nr + 1, sizeof(*t->before));
	t->after = xcalloc(t->nr + 1, sizeof(*t->after));
	for (size_t c = 0; c < t->nr; c++) {
		t->before[c] = (struct strbuf)STRBUF_INIT;
		t->after[c] = (struct strbuf)STRBUF_INIT;
	}
	/* each file's changes are in step order: each applies to the text the one before left */
	for (size_t i = 0; i < e->nr && !rc; i++) {
		const struct strbuf *prev = &e->files[i].original;

		for (size_t c = 0; c < e->nr_changes && !rc; c++) {
			struct file_diff *d = NULL;
			size_t nr = 0;

			if (e->changes[c].file != i || !series_change_live(e, c))
				continue;
			strbuf_add(&t->before[c], prev->buf, prev->len);
			strbuf_reset(&err);
			if (diff_parse(e->changes[c].diff, strlen(e->changes[c].diff), &d, &nr) < 0 ||
			    nr != 1 || diff_apply(e->files[i].path, prev->buf, prev->len, &d[0],
						  &t->after[c], &err) < 0)
				rc = error("%s: the change of step %u does not apply to the text before it: %s",
					   e->files[i].path, e->plan.steps[e->changes[c].step].step->order,
					   err.len ? err.buf : "its diff does not parse");
			file_diff_list_free(d, nr);
			prev = &t->after[c];
		}
	}
	strbuf_release(&err);
	return rc;
}

void series_texts_release(struct series_texts *t)
{
	for (size_t c = 0; c < t->nr; c++) {
		strbuf_release(&t->before[c]);
		strbuf_release(&t->after[c]);
	}
	free(t->before);
	free(t->after);
	memset(t, 0, sizeof(*t));
}

/* ---- ties ---- */

struct tie_edge {
	size_t a, b;		/* positions in the step's live changes */
	char *name;
};

struct clusters {
	struct engine *e;
	const struct series_texts *t;
	size_t *live;		/* change indexes, path order */
	size_t nr;
	size_t *parent;		/* union-find over positions */
	struct tie_edge *edges;
	size_t nr_edges, alloc_edges;
	struct strvec *ids;	/* per position: the identifiers its change touches (sorted) */
};

static size_t find_root(struct clusters *cl, size_t i)
{
	while (cl->parent[i] != i) {
		cl->parent[i] = cl->parent[cl->parent[i]];
		i = cl->parent[i];
	}
	return i;
}

static void tie(struct clusters *cl, size_t a, size_t b, const char *name)
{
	size_t ra = find_root(cl, a), rb = find_root(cl, b);

	if (ra == rb)
		return;
	cl->parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
	ALLOC_GROW(cl->edges, cl->nr_edges + 1, cl->alloc_edges);
	cl->edges[cl->nr_edges].a = a;
	cl->edges[cl->nr_edges].b = b;
	cl->edges[cl->nr_edges].name = xstrdup(name ? name : "?");
	cl->nr_edges++;
}

static const char *live_path(const struct clusters *cl, size_t i)
{
	return cl->e->files[cl->e->changes[cl->live[i]].file].path;
}

static int is_c_file(const char *path)
{
	return ends_with(path, ".c");
}

static const struct strbuf *current_text(const char *rel, void *data)
{
	struct work_file *f = engine_find_file(data, rel);

	return f ? &f->current : NULL;
}

static int reaches(struct reach *r, const char *file, const char *header)
{
	struct strvec hs = STRVEC_INIT;
	int found = 0;

	reach_headers(r, file, &hs);
	for (size_t i = 0; i < hs.nr && !found; i++)
		found = !strcmp(hs.v[i], header);
	strvec_clear(&hs);
	return found;
}

/* The API's own names tie no user to another: each converts its own uses. */
static void drop_api_names(struct strvec *names)
{
	size_t kept = 0;

	for (size_t i = 0; i < names->nr; i++) {
		if (kernel_is_api_name(names->v[i]))
			free(names->v[i]);
		else
			names->v[kept++] = names->v[i];
	}
	names->nr = kept;
	if (names->v)
		names->v[kept] = NULL;
}

static void tie_header_users(struct clusters *cl)
{
	const struct series_texts *t = cl->t;
	struct reach *r = reach_new(cl->e->opts->tree, current_text, cl->e);

	for (size_t h = 0; h < cl->nr; h++) {
		size_t ch = cl->live[h];
		struct strvec names = STRVEC_INIT, members = STRVEC_INIT;

		if (is_c_file(live_path(cl, h)))
			continue;
		header_users_names(t->before[ch].buf, t->before[ch].len, t->after[ch].buf,
				   t->after[ch].len, &names, &members);
		header_users_macro_names(t->after[ch].buf, t->after[ch].len, &names);
		if (!kernel_is_class_device_core(live_path(cl, h)))
			drop_api_names(&names);
		for (size_t x = 0; x < cl->nr && names.nr; x++) {
			size_t cx = cl->live[x];
			const char *name;

			struct strvec touched = STRVEC_INIT;

			if (x == h || find_root(cl, x) == find_root(cl, h))
				continue;
			/* what x's own change names of h's change (a member: where x names its struct) */
			for (size_t k = 0; k < names.nr; k++)
				if (strvec_sorted_has(&cl->ids[x], names.v[k]))
					strvec_push(&touched, names.v[k]);
			name = touched.nr ? header_users_first_mentioned(t->after[cx].buf, t->after[cx].len,
									 &touched, &members) : NULL;
			if (!name && touched.nr)
				name = header_users_first_mentioned(t->before[cx].buf, t->before[cx].len,
								    &touched, &members);
			if (name && reaches(r, live_path(cl, x), live_path(cl, h)))
				tie(cl, h, x, name);
			strvec_clear(&touched);
		}
		strvec_clear(&names);
		strvec_clear(&members);
	}
	reach_free(r);
}

/* The class_device implementation (kernel.h) changes as one: the API and its users in the core. */
static void tie_core(struct clusters *cl)
{
	size_t first = cl->nr;

	for (size_t i = 0; i < cl->nr; i++) {
		if (!kernel_is_class_device_core(live_path(cl, i)))
			continue;
		if (first == cl->nr)
			first = i;
		else
			tie(cl, first, i, "");
	}
}

static void tie_globals(struct clusters *cl)
{
	const struct series_texts *t = cl->t;
	struct strvec *globals = xcalloc(cl->nr + 1, sizeof(*globals));
	struct strvec *ids = cl->ids;

	for (size_t i = 0; i < cl->nr; i++) {
		size_t c = cl->live[i];

		/* the class_device implementation's names are the API every user's change names */
		if (is_c_file(live_path(cl, i)) && !kernel_is_class_device_core(live_path(cl, i)))
			header_users_changed_globals(t->before[c].buf, t->before[c].len, t->after[c].buf,
						     t->after[c].len, &globals[i]);
	}
	for (size_t i = 0; i < cl->nr; i++)
		for (size_t j = 0; j < cl->nr && globals[i].nr; j++) {
			const char *name = NULL;

			if (i != j && header_users_intersect(&globals[i], &ids[j], &name))
				tie(cl, i, j, name);
		}
	for (size_t i = 0; i < cl->nr; i++)
		strvec_clear(&globals[i]);
	free(globals);
}

/* ---- packing ---- */

/* A set of clusters (roots) going in one patch, or being measured. */
struct pack {
	size_t *roots;
	size_t nr, alloc;
};

static void pack_add(struct pack *p, size_t root)
{
	ALLOC_GROW(p->roots, p->nr + 1, p->alloc);
	p->roots[p->nr++] = root;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* The unit of the changes of clusters in p (path order). */
static void unit_fill(struct clusters *cl, const struct pack *p, size_t step, const char *sub,
		      char *const *home, struct series_unit *u)
{
	memset(u, 0, sizeof(*u));
	u->step = step;
	u->subsystem = xstrdup(sub);
	u->changes = xcalloc(cl->nr + 1, sizeof(*u->changes));
	u->cluster = xcalloc(cl->nr + 1, sizeof(*u->cluster));
	for (size_t i = 0; i < cl->nr; i++) {
		size_t root = find_root(cl, i);
		int in = 0;

		for (size_t k = 0; k < p->nr && !in; k++)
			in = p->roots[k] == root;
		if (!in)
			continue;
		/* a cluster's name over the series: its step, then its first change */
		u->cluster[u->nr] = step * (cl->e->nr_changes + 1) + root;
		u->changes[u->nr++] = cl->live[i];
		if (strcmp(home[cl->live[i]], sub) && !starts_with(live_path(cl, i), "include/"))
			strvec_push(&u->foreign, live_path(cl, i));
	}
}

static void unit_free_fields(struct series_unit *u)
{
	free(u->subsystem);
	free(u->part);
	free(u->changes);
	free(u->cluster);
	free(u->tie);
	strvec_clear(&u->foreign);
	strvec_clear(&u->notes);
	memset(u, 0, sizeof(*u));
}

static size_t measure(struct clusters *cl, const struct pack *p, size_t step, const char *sub,
		      char *const *home, series_size_fn size, void *data)
{
	struct series_unit u;
	size_t n;

	unit_fill(cl, p, step, sub, home, &u);
	n = size(cl->e, &u, data);
	unit_free_fields(&u);
	return n;
}

/* The drivers of cluster root (sorted, each once): its files', a header under include/ aside. */
static void cluster_drivers(struct clusters *cl, size_t root, struct strvec *out)
{
	for (size_t i = 0; i < cl->nr; i++) {
		char *d;

		if (find_root(cl, i) != root)
			continue;
		d = subsystem_driver_of(live_path(cl, i));
		if (d && !strvec_sorted_has(out, d)) {
			strvec_push(out, d);
			strvec_sort(out);
		}
		free(d);
	}
	if (!out->nr)
		for (size_t i = 0; i < cl->nr; i++)
			if (find_root(cl, i) == root) {
				const char *base = strrchr(live_path(cl, i), '/');
				const char *name = base ? base + 1 : live_path(cl, i);
				const char *dot = strrchr(name, '.');
				char *d = dot && dot != name ? xstrndup(name, (size_t)(dot - name)) : xstrdup(name);

				if (!strvec_sorted_has(out, d)) {
					strvec_push(out, d);
					strvec_sort(out);
				}
				free(d);
			}
}

/* Why the clusters of p hold together: up to three of their ties. */
static char *tie_text(struct clusters *cl, const struct pack *p)
{
	struct strbuf sb = STRBUF_INIT;
	size_t shown = 0, all = 0;

	for (size_t k = 0; k < cl->nr_edges; k++) {
		size_t root = find_root(cl, cl->edges[k].a);
		int in = 0;

		for (size_t r = 0; r < p->nr && !in; r++)
			in = p->roots[r] == root;
		if (!in)
			continue;
		all++;
		if (shown == 3)
			continue;
		if (shown++)
			strbuf_addstr(&sb, "; ");
		if (*cl->edges[k].name)
			strbuf_addf(&sb, "%s changes %s, which %s names", live_path(cl, cl->edges[k].a),
				    cl->edges[k].name, live_path(cl, cl->edges[k].b));
		else
			strbuf_addf(&sb, "%s and %s implement struct class_device",
				    live_path(cl, cl->edges[k].a), live_path(cl, cl->edges[k].b));
	}
	if (all > shown)
		strbuf_addf(&sb, "; %zu more", all - shown);
	return strbuf_detach(&sb, NULL);
}

static void emit(struct clusters *cl, const struct pack *p, size_t step, const char *sub,
		 char *const *home, size_t bytes, size_t limit, struct series_units *out)
{
	struct series_unit *u;
	struct strvec drivers = STRVEC_INIT;
	struct strbuf label = STRBUF_INIT;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	u = &out->v[out->nr++];
	unit_fill(cl, p, step, sub, home, u);
	u->bytes = bytes;
	if (limit && bytes > limit)
		u->tie = tie_text(cl, p);
	for (size_t r = 0; r < p->nr; r++)
		cluster_drivers(cl, p->roots[r], &drivers);
	strvec_sort(&drivers);
	for (size_t i = 0; i < drivers.nr; i++)
		if (!i || strcmp(drivers.v[i], drivers.v[i - 1]))
			strbuf_addf(&label, "%s%s", label.len ? ", " : "", drivers.v[i]);
	u->part = strbuf_detach(&label, NULL);
	strvec_clear(&drivers);
}

/*
 * Pack the clusters `roots` (path order of their first change) into units
 * no larger than limit, whole `groups` at a time when they fit (groups[k]
 * is the group of roots[k]: a driver, or each cluster its own).
 */
static void pack_groups(struct clusters *cl, const size_t *roots, const size_t *groups, size_t nr,
			size_t step, const char *sub, char *const *home, size_t limit,
			series_size_fn size, void *data, int by_cluster, struct series_units *out)
{
	struct pack cur = { NULL, 0, 0 };
	size_t cur_bytes = 0;

	for (size_t k = 0; k < nr;) {
		struct pack g = { NULL, 0, 0 }, trial = { NULL, 0, 0 };
		size_t end = k, g_bytes, t_bytes;

		while (end < nr && groups[end] == groups[k])
			end++;
		for (size_t i = k; i < end; i++)
			pack_add(&g, roots[i]);
		g_bytes = measure(cl, &g, step, sub, home, size, data);
		if (g_bytes > limit && !by_cluster && g.nr > 1) {
			/* a driver alone over the limit: its clusters, packed the same way */
			size_t *own = xcalloc(g.nr, sizeof(*own));

			if (cur.nr)
				emit(cl, &cur, step, sub, home, cur_bytes, limit, out);
			cur.nr = 0;
			cur_bytes = 0;
			for (size_t i = 0; i < g.nr; i++)
				own[i] = i;
			pack_groups(cl, g.roots, own, g.nr, step, sub, home, limit, size, data, 1, out);
			free(own);
			free(g.roots);
			k = end;
			continue;
		}
		for (size_t i = 0; i < cur.nr; i++)
			pack_add(&trial, cur.roots[i]);
		for (size_t i = 0; i < g.nr; i++)
			pack_add(&trial, g.roots[i]);
		t_bytes = cur.nr ? measure(cl, &trial, step, sub, home, size, data) : g_bytes;
		if (cur.nr && t_bytes > limit) {
			emit(cl, &cur, step, sub, home, cur_bytes, limit, out);
			free(cur.roots);
			cur = g;
			cur_bytes = g_bytes;
			free(trial.roots);
		} else {
			free(cur.roots);
			free(g.roots);
			cur = trial;
			cur_bytes = t_bytes;
		}
		k = end;
	}
	if (cur.nr)
		emit(cl, &cur, step, sub, home, cur_bytes, limit, out);
	free(cur.roots);
}

/* Split the clusters of one subsystem by driver (the rule in series-plan.h). */
static void split_subsystem(struct clusters *cl, const size_t *roots, size_t nr, size_t step,
			    const char *sub, char *const *home, size_t limit, series_size_fn size,
			    void *data, struct series_units *out)
{
	/* drivers joined by a cluster are one group: union-find over the roots */
	size_t *group = xcalloc(nr + 1, sizeof(*group));
	struct strvec *drivers = xcalloc(nr + 1, sizeof(*drivers));
	size_t *order = xcalloc(nr + 1, sizeof(*order)), *sorted_roots, *sorted_groups;

	for (size_t i = 0; i < nr; i++) {
		group[i] = i;
		cluster_drivers(cl, roots[i], &drivers[i]);
	}
	for (int grew = 1; grew;) {
		grew = 0;
		for (size_t i = 0; i < nr; i++)
			for (size_t j = i + 1; j < nr; j++)
				if (group[i] != group[j] && header_users_intersect(&drivers[i], &drivers[j], NULL)) {
					size_t from = group[j], to = group[i];

					for (size_t k = 0; k < nr; k++)
						if (group[k] == from)
							group[k] = to;
					grew = 1;
				}
	}
	/*
	 * Groups in the path order of their first change, the clusters of each
	 * in path order (a root is its cluster's first change: tie() keeps the
	 * smaller position as the root).
	 */
	sorted_roots = xcalloc(nr + 1, sizeof(*sorted_roots));
	sorted_groups = xcalloc(nr + 1, sizeof(*sorted_groups));
	for (size_t i = 0; i < nr; i++) {
		size_t first = roots[i];

		for (size_t k = 0; k < nr; k++)
			if (group[k] == group[i] && roots[k] < first)
				first = roots[k];
		order[i] = first * (cl->nr + 1) + roots[i];
	}
	sort_array(order, nr, sizeof(*order), cmp_size);
	for (size_t k = 0; k < nr; k++) {
		sorted_roots[k] = order[k] % (cl->nr + 1);
		sorted_groups[k] = order[k] / (cl->nr + 1);
	}
	pack_groups(cl, sorted_roots, sorted_groups, nr, step, sub, home, limit, size, data, 0, out);
	for (size_t i = 0; i < nr; i++)
		strvec_clear(&drivers[i]);
	free(drivers);
	free(group);
	free(order);
	free(sorted_roots);
	free(sorted_groups);
}

void series_plan_step(struct engine *e, size_t step, char *const *home,
		      const struct series_texts *t, size_t limit, series_size_fn size,
		      void *data, struct series_units *out)
{
	struct clusters cl;
	struct strvec subs = STRVEC_INIT;
	char **cluster_sub;

	memset(&cl, 0, sizeof(cl));
	cl.e = e;
	cl.t = t;
	cl.live = xcalloc(e->nr_changes + 1, sizeof(*cl.live));
	/* e->files is in path order: so are the changes taken file by file */
	for (size_t i = 0; i < e->nr; i++)
		for (size_t c = 0; c < e->nr_changes; c++)
			if (e->changes[c].file == i && e->changes[c].step == step && series_change_live(e, c))
				cl.live[cl.nr++] = c;
	if (!cl.nr) {
		free(cl.live);
		return;
	}
	cl.parent = xcalloc(cl.nr, sizeof(*cl.parent));
	for (size_t i = 0; i < cl.nr; i++)
		cl.parent[i] = i;
	cl.ids = xcalloc(cl.nr + 1, sizeof(*cl.ids));
	for (size_t i = 0; i < cl.nr; i++)
		header_users_changed_identifiers(t->before[cl.live[i]].buf, t->before[cl.live[i]].len,
						 t->after[cl.live[i]].buf, t->after[cl.live[i]].len,
						 &cl.ids[i]);
	tie_core(&cl);
	tie_header_users(&cl);
	tie_globals(&cl);
	for (size_t i = 0; i < cl.nr; i++)
		strvec_clear(&cl.ids[i]);
	free(cl.ids);

	/* each cluster's subsystem: most of its changes' (ties: strcmp) */
	cluster_sub = xcalloc(cl.nr, sizeof(*cluster_sub));
	for (size_t i = 0; i < cl.nr; i++) {
		struct strvec homes = STRVEC_INIT;
		size_t best = 0;

		if (find_root(&cl, i) != i)
			continue;
		for (size_t k = 0; k < cl.nr; k++)
			if (find_root(&cl, k) == i)
				strvec_push(&homes, home[cl.live[k]]);
		strvec_sort(&homes);
		for (size_t k = 0; k < homes.nr;) {
			size_t j = k;

			while (j < homes.nr && !strcmp(homes.v[j], homes.v[k]))
				j++;
			if (j - k > best) {
				best = j - k;
				free(cluster_sub[i]);
				cluster_sub[i] = xstrdup(homes.v[k]);
			}
			k = j;
		}
		strvec_clear(&homes);
		if (!strvec_sorted_has(&subs, cluster_sub[i])) {
			strvec_push(&subs, cluster_sub[i]);
			strvec_sort(&subs);
		}
	}
	for (size_t s = 0; s < subs.nr; s++) {
		size_t *roots = xcalloc(cl.nr, sizeof(*roots)), nr = 0, bytes;
		struct pack all = { NULL, 0, 0 };

		for (size_t i = 0; i < cl.nr; i++)
			if (find_root(&cl, i) == i && !strcmp(cluster_sub[i], subs.v[s])) {
				roots[nr++] = i;
				pack_add(&all, i);
			}
		bytes = measure(&cl, &all, step, subs.v[s], home, size, data);
		if (!limit || bytes <= limit || nr == 1) {
			size_t before = out->nr;

			emit(&cl, &all, step, subs.v[s], home, bytes, limit, out);
			/* one patch for the subsystem: no part */
			free(out->v[before].part);
			out->v[before].part = NULL;
		} else {
			size_t before = out->nr;

			split_subsystem(&cl, roots, nr, step, subs.v[s], home, limit, size, data, out);
			if (out->nr - before == 1) {
				free(out->v[before].part);
				out->v[before].part = NULL;
			} else {
				for (size_t k = before; k < out->nr; k++) {
					out->v[k].part_nr = (unsigned)(k - before + 1);
					out->v[k].parts = (unsigned)(out->nr - before);
				}
			}
		}
		free(all.roots);
		free(roots);
	}
	for (size_t i = 0; i < cl.nr; i++)
		free(cluster_sub[i]);
	free(cluster_sub);
	for (size_t k = 0; k < cl.nr_edges; k++)
		free(cl.edges[k].name);
	free(cl.edges);
	free(cl.parent);
	free(cl.live);
	strvec_clear(&subs);
}

/* ---- mending a prefix that does not build ---- */

/* A change and its cluster, sorted together. */
struct tagged {
	size_t change, cluster;
};

static const struct engine *sort_engine;

/* file order, then step order: a file's changes apply one after the other */
static int cmp_tagged(const void *a, const void *b)
{
	const struct step_change *x = &sort_engine->changes[((const struct tagged *)a)->change];
	const struct step_change *y = &sort_engine->changes[((const struct tagged *)b)->change];

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	if (x->step != y->step)
		return x->step < y->step ? -1 : 1;
	return 0;
}

/* The clusters moving: (unit, cluster) pairs. */
struct moving {
	size_t *unit, *cluster;
	size_t nr, alloc, alloc2;
};

static int is_moving(const struct moving *mv, size_t unit, size_t cluster)
{
	for (size_t i = 0; i < mv->nr; i++)
		if (mv->unit[i] == unit && mv->cluster[i] == cluster)
			return 1;
	return 0;
}

static void add_moving(struct moving *mv, size_t unit, size_t cluster)
{
	if (is_moving(mv, unit, cluster))
		return;
	ALLOC_GROW(mv->unit, mv->nr + 1, mv->alloc);
	ALLOC_GROW(mv->cluster, mv->nr + 1, mv->alloc2);
	mv->unit[mv->nr] = unit;
	mv->cluster[mv->nr] = cluster;
	mv->nr++;
}

/*
 * The first unit after k with a change of path, or of a header path
 * reaches: the clusters of that unit holding them go to `mv`.  Returns
 * the unit, or units->nr when there is none.
 */
static size_t helper_clusters(struct engine *e, const struct series_units *units, size_t k,
			      const char *path, struct reach *r, struct moving *mv)
{
	struct work_file *f = engine_find_file(e, path);
	struct strvec hs = STRVEC_INIT;
	size_t found = units->nr;

	for (size_t j = k + 1; f && j < units->nr && found == units->nr; j++)
		for (size_t i = 0; i < units->v[j].nr; i++)
			if (e->changes[units->v[j].changes[i]].file == (size_t)(f - e->files)) {
				add_moving(mv, j, units->v[j].cluster[i]);
				found = j;
			}
	if (found < units->nr)
		return found;
	reach_headers(r, path, &hs);
	for (size_t j = k + 1; j < units->nr && found == units->nr; j++)
		for (size_t i = 0; i < units->v[j].nr; i++) {
			const char *p = e->files[e->changes[units->v[j].changes[i]].file].path;

			if (strvec_has(&hs, p)) {
				add_moving(mv, j, units->v[j].cluster[i]);
				found = j;
			}
		}
	strvec_clear(&hs);
	return found;
}

/* Whether a cluster of unit m changes a file that a moving cluster of a later unit changes. */
static int shares_with_later(const struct engine *e, const struct series_units *units,
			     const struct moving *mv, size_t m, size_t cluster)
{
	const struct series_unit *u = &units->v[m];

	for (size_t i = 0; i < u->nr; i++) {
		if (u->cluster[i] != cluster)
			continue;
		for (size_t x = 0; x < mv->nr; x++) {
			const struct series_unit *v = &units->v[mv->unit[x]];

			if (mv->unit[x] <= m)
				continue;
			for (size_t q = 0; q < v->nr; q++)
				if (v->cluster[q] == mv->cluster[x] &&
				    e->changes[v->changes[q]].file == e->changes[u->changes[i]].file)
					return 1;
		}
	}
	return 0;
}

/* The drivers of the changes of unit m in moving clusters, "lpfc, qla2xxx". */
static char *moved_drivers(const struct engine *e, const struct series_unit *u, size_t m,
			   const struct moving *mv)
{
	struct strvec d = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < u->nr; i++) {
		const char *path = e->files[e->changes[u->changes[i]].file].path;
		char *drv;

		if (!is_moving(mv, m, u->cluster[i]))
			continue;
		drv = subsystem_driver_of(path);
		if (!drv) {
			const char *base = strrchr(path, '/');

			drv = xstrdup(base ? base + 1 : path);
		}
		if (!strvec_sorted_has(&d, drv)) {
			strvec_push(&d, drv);
			strvec_sort(&d);
		}
		free(drv);
	}
	for (size_t i = 0; i < d.nr; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", d.v[i]);
	strvec_clear(&d);
	return strbuf_detach(&sb, NULL);
}

void series_plan_name_for_most(struct series_units *units, size_t k, char *const *home)
{
	struct series_unit *u = &units->v[k];
	struct strvec homes = STRVEC_INIT;
	const char *most = NULL;
	size_t best = 0, own = 0;

	for (size_t i = 0; i < u->nr; i++)
		strvec_push(&homes, home[u->changes[i]]);
	strvec_sort(&homes);
	for (size_t i = 0; i < homes.nr;) {
		size_t j = i;

		while (j < homes.nr && !strcmp(homes.v[j], homes.v[i]))
			j++;
		if (!strcmp(homes.v[i], u->subsystem))
			own = j - i;
		if (j - i > best) {
			best = j - i;
			most = homes.v[i];
		}
		i = j;
	}
	if (most && best > own) {
		int taken = 0;

		for (size_t m = 0; m < units->nr; m++)
			if (m != k && units->v[m].nr && units->v[m].step == u->step &&
			    !units->v[m].parts && !strcmp(units->v[m].subsystem, most))
				taken = 1;
		if (!taken) {
			free(u->subsystem);
			u->subsystem = xstrdup(most);
			free(u->part);
			u->part = NULL;
			u->parts = u->part_nr = 0;
		}
	}
	strvec_clear(&homes);
}

int series_plan_mend(struct engine *e, struct series_units *units, size_t k,
		     const struct strvec *broken, const char *why, char *const *home)
{
	struct reach *r = reach_new(e->opts->tree, current_text, e);
	struct moving mv = { NULL, NULL, 0, 0, 0 };
	struct series_unit *u;
	struct tagged *all;
	size_t j = units->nr, last, nr_all = 0;

	/* every broken file at once: each takes what it needs */
	for (size_t i = 0; i < broken->nr; i++) {
		size_t found = helper_clusters(e, units, k, broken->v[i], r, &mv);

		if (found < units->nr && (j == units->nr || found > j))
			j = found;
	}
	reach_free(r);
	if (j == units->nr)
		return 0;
	/*
	 * A cluster between that changes a file a moving one changes later
	 * must move too, before it: a file's changes stay in step order.
	 */
	last = j;
	for (int grew = 1; grew;) {
		grew = 0;
		for (size_t m = last; m > k + 1; m--) {
			const struct series_unit *v = &units->v[m - 1];

			for (size_t i = 0; i < v->nr; i++)
				if (!is_moving(&mv, m - 1, v->cluster[i]) &&
				    shares_with_later(e, units, &mv, m - 1, v->cluster[i])) {
					add_moving(&mv, m - 1, v->cluster[i]);
					grew = 1;
				}
		}
	}
	u = &units->v[k];
	all = xcalloc(u->nr + 1, sizeof(*all));
	for (size_t i = 0; i < u->nr; i++) {
		all[nr_all].change = u->changes[i];
		all[nr_all++].cluster = u->cluster[i];
	}
	for (size_t m = k + 1; m <= last; m++) {
		struct series_unit *v = &units->v[m];
		const struct manifest_step *st = e->plan.steps[v->step].step;
		char *drivers, *note;
		size_t kept = 0, moved = 0;

		for (size_t i = 0; i < v->nr; i++)
			moved += is_moving(&mv, m, v->cluster[i]);
		if (!moved)
			continue;
		drivers = moved_drivers(e, v, m, &mv);
		if (v->step == u->step)
			note = xstrfmt("It holds the changes of %s %s too: without them it does not build (%s).",
				       v->subsystem, drivers, why);
		else
			note = xstrfmt("It holds step %u's change (%s) of %s %s too: without it this patch"
				       " does not build (%s).", st->order, st->title, v->subsystem, drivers,
				       why);
		strvec_push(&u->notes, note);
		free(note);
		free(drivers);
		all = xrealloc(all, (nr_all + v->nr + 1) * sizeof(*all));
		for (size_t i = 0; i < v->nr; i++) {
			if (is_moving(&mv, m, v->cluster[i])) {
				all[nr_all].change = v->changes[i];
				all[nr_all++].cluster = v->cluster[i];
			} else {
				v->changes[kept] = v->changes[i];
				v->cluster[kept++] = v->cluster[i];
			}
		}
		v->nr = kept;
		if (!kept)
			for (size_t i = 0; i < v->notes.nr; i++)
				strvec_push(&u->notes, v->notes.v[i]);
	}
	sort_engine = e;
	sort_array(all, nr_all, sizeof(*all), cmp_tagged);
	u->changes = xrealloc(u->changes, (nr_all + 1) * sizeof(*u->changes));
	u->cluster = xrealloc(u->cluster, (nr_all + 1) * sizeof(*u->cluster));
	for (size_t i = 0; i < nr_all; i++) {
		u->changes[i] = all[i].change;
		u->cluster[i] = all[i].cluster;
	}
	u->nr = nr_all;
	free(all);
	series_plan_name_for_most(units, k, home);
	strvec_clear(&u->foreign);
	for (size_t i = 0; i < u->nr; i++) {
		const char *path = e->files[e->changes[u->changes[i]].file].path;

		if (strcmp(home[u->changes[i]], u->subsystem) && !starts_with(path, "include/") &&
		    !strvec_has(&u->foreign, path))
			strvec_push(&u->foreign, path);
	}
	/* close the gaps the emptied units left */
	{
		size_t out = 0;

		for (size_t m = 0; m < units->nr; m++)
			if (units->v[m].nr)
				units->v[out++] = units->v[m];
			else
				unit_free_fields(&units->v[m]);
		units->nr = out;
	}
	free(mv.unit);
	free(mv.cluster);
	return 1;
}

/* A part's drivers, from the changes it holds now. */
static char *part_label(const struct engine *e, const struct series_unit *u)
{
	struct strvec d = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < u->nr; i++) {
		char *drv = subsystem_driver_of(e->files[e->changes[u->changes[i]].file].path);

		if (drv && !strvec_sorted_has(&d, drv)) {
			strvec_push(&d, drv);
			strvec_sort(&d);
		}
		free(drv);
	}
	for (size_t i = 0; i < d.nr; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", d.v[i]);
	strvec_clear(&d);
	return strbuf_detach(&sb, NULL);
}

void series_plan_renumber(const struct engine *e, struct series_units *units)
{
	for (size_t i = 0; i < units->nr; i++)
		if (units->v[i].parts) {
			free(units->v[i].part);
			units->v[i].part = part_label(e, &units->v[i]);
		}
	for (size_t i = 0; i < units->nr;) {
		size_t j = i, n = 0;

		while (j < units->nr && units->v[j].step == units->v[i].step &&
		       !strcmp(units->v[j].subsystem, units->v[i].subsystem))
			n += units->v[j++].parts > 0;
		for (size_t m = i, part = 0; m < j; m++) {
			if (!units->v[m].parts)
				continue;
			if (n == 1) {
				units->v[m].parts = units->v[m].part_nr = 0;
				free(units->v[m].part);
				units->v[m].part = NULL;
			} else {
				units->v[m].part_nr = (unsigned)++part;
				units->v[m].parts = (unsigned)n;
			}
		}
		i = j;
	}
}
