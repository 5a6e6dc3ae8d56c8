#include "kernel/subsystem.h"
#include "lex/lexscan.h"
#include "kernel/kernel.h"

#include <stdlib.h>
#include <string.h>

static char *first_component(const char *path)
{
	const char *slash = strchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : NULL;
}

char *subsystem_of_path(const char *path)
{
	char *top;

	if (kernel_is_driver_core(path))
		return xstrdup("driver-core");
	if (starts_with(path, "include/"))
		return NULL;
	if (starts_with(path, "drivers/")) {
		char *sub = first_component(path + strlen("drivers/"));

		return sub ? sub : xstrdup("drivers");
	}
	top = first_component(path);
	return top ? top : xstrdup("top");
}

/* The folder a path's subsystem starts at: "drivers/scsi/", "net/", "" at the top. */
static size_t subsystem_root_len(const char *path)
{
	const char *slash;

	if (starts_with(path, "drivers/")) {
		slash = strchr(path + strlen("drivers/"), '/');
		return slash ? (size_t)(slash - path) + 1 : strlen("drivers/");
	}
	slash = strchr(path, '/');
	return slash ? (size_t)(slash - path) + 1 : 0;
}

char *subsystem_driver_of(const char *path)
{
	const char *rest, *slash, *dot;

	if (starts_with(path, "include/"))
		return NULL;
	rest = path + subsystem_root_len(path);
	slash = strchr(rest, '/');
	if (slash)
		return xstrndup(rest, (size_t)(slash - rest));
	dot = strrchr(rest, '.');
	return dot && dot != rest ? xstrndup(rest, (size_t)(dot - rest)) : xstrdup(rest);
}

void include_graph_add(struct include_graph *g, const char *includer, const char *header)
{
	for (size_t i = 0; i < g->nr; i++)
		if (!strcmp(g->edges[i].includer, includer) && !strcmp(g->edges[i].header, header))
			return;
	ALLOC_GROW(g->edges, g->nr + 1, g->alloc);
	g->edges[g->nr].includer = xstrdup(includer);
	g->edges[g->nr].header = xstrdup(header);
	g->nr++;
}

void include_graph_release(struct include_graph *g)
{
	for (size_t i = 0; i < g->nr; i++) {
		free(g->edges[i].includer);
		free(g->edges[i].header);
	}
	free(g->edges);
	g->edges = NULL;
	g->nr = g->alloc = 0;
}

char *subsystem_of_users(const struct strvec *users)
{
	struct strvec subs = STRVEC_INIT;
	const char *best = NULL;
	size_t best_count = 0;
	char *ret;

	for (size_t i = 0; i < users->nr; i++) {
		char *sub = subsystem_of_path(users->v[i]);

		if (sub)
			strvec_push(&subs, sub);
		free(sub);
	}
	/* Sorted, the runs are the counts; the first longest run wins ties. */
	strvec_sort(&subs);
	for (size_t i = 0; i < subs.nr;) {
		size_t j = i;

		while (j < subs.nr && !strcmp(subs.v[j], subs.v[i]))
			j++;
		if (j - i > best_count) {
			best_count = j - i;
			best = subs.v[i];
		}
		i = j;
	}
	ret = best ? xstrdup(best) : NULL;
	strvec_clear(&subs);
	return ret;
}

char *subsystem_of_header_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return xstrdup(slash ? slash + 1 : path);
}

char *subsystem_for(const char *path, const struct include_graph *g)
{
	char *sub = subsystem_of_path(path);
	struct strvec users = STRVEC_INIT;

	if (sub)
		return sub;
	for (size_t i = 0; g && i < g->nr; i++)
		if (!strcmp(g->edges[i].header, path) && ends_with(g->edges[i].includer, ".c"))
			strvec_push(&users, g->edges[i].includer);
	sub = subsystem_of_users(&users);
	strvec_clear(&users);
	return sub ? sub : subsystem_of_header_name(path);
}

/* dir/name with its dots taken out, relative to the tree */
static char *resolve(const char *dir, const char *name)
{
	char *joined = dir[0] ? xstrfmt("%s/%s", dir, name) : xstrdup(name);
	char *collapsed = path_collapse(joined);
	char *relative = xstrdup(collapsed + (collapsed[0] == '/'));

	free(collapsed);
	free(joined);
	return relative;
}

struct scan_includes {
	struct include_graph *g;
	const char *file;
	const char *dir;
	int (*exists)(const char *rel, void *data);
	void *data;
};

static void add_resolved(const char *name_text, size_t len, int quoted, void *data)
{
	struct scan_includes *s = data;
	char *name = xstrndup(name_text, len);
	char *cand = NULL;

	if (quoted) {
		cand = resolve(s->dir, name);
		if (!s->exists(cand, s->data)) {
			free(cand);
			cand = NULL;
		}
	}
	if (!cand) {
		char *inc = xstrfmt("include/%s", name);

		cand = resolve("", inc);
		free(inc);
		if (!s->exists(cand, s->data)) {
			free(cand);
			cand = NULL;
		}
	}
	if (cand)
		include_graph_add(s->g, s->file, cand);
	free(cand);
	free(name);
}

void include_graph_scan(struct include_graph *g, const char *file, const char *text,
			int (*exists)(const char *rel, void *data), void *data)
{
	const char *slash = strrchr(file, '/');
	char *dir = slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup("");
	struct scan_includes s = { g, file, dir, exists, data };

	lexscan_includes(text, strlen(text), add_resolved, &s);
	free(dir);
}
