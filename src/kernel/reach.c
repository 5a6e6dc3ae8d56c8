#include "base/hash.h"
#include "kernel/reach.h"
#include "kernel/subsystem.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct reach_node {
	char *path;
	struct strvec includes;		/* direct, resolved, in text order */
	unsigned scanned:1;
	size_t seen;			/* reach_headers() pass that last met it */
};

struct reach {
	char *tree;
	reach_text_fn text;
	void *data;
	struct reach_node *nodes;
	size_t nr, alloc;
	struct hash_table by_path;	/* path -> index in nodes */
	size_t pass;
};

static size_t node_of(struct reach *r, const char *path)
{
	const size_t *i = hash_table_find(&r->by_path, path, strlen(path));
	struct reach_node *n;

	if (i)
		return *i;
	ALLOC_GROW(r->nodes, r->nr + 1, r->alloc);
	n = &r->nodes[r->nr];
	memset(n, 0, sizeof(*n));
	n->path = xstrdup(path);
	n->includes = (struct strvec)STRVEC_INIT;
	hash_table_add(&r->by_path, n->path, strlen(n->path), r->nr);
	return r->nr++;
}

static int exists(const char *rel, void *data)
{
	struct reach *r = data;
	char *abs;
	struct stat st;
	int ok;

	if (r->text && r->text(rel, r->data))
		return 1;
	abs = path_join(r->tree, rel);
	ok = stat(abs, &st) == 0 && S_ISREG(st.st_mode);
	free(abs);
	return ok;
}

/* The direct includes of node n, scanned on first use. */
static const struct strvec *includes_of(struct reach *r, size_t n)
{
	if (!r->nodes[n].scanned) {
		const struct strbuf *given = r->text ? r->text(r->nodes[n].path, r->data) : NULL;
		struct strbuf disk = STRBUF_INIT;
		struct include_graph g = INCLUDE_GRAPH_INIT;
		char *path = xstrdup(r->nodes[n].path);

		if (!given) {
			char *abs = path_join(r->tree, path);

			if (strbuf_read_file(&disk, abs) == 0)
				given = &disk;
			free(abs);
		}
		if (given)
			include_graph_scan(&g, path, given->buf, exists, r);
		/* node_of() may move the nodes: index again after it */
		for (size_t i = 0; i < g.nr; i++)
			strvec_push(&r->nodes[n].includes, g.edges[i].header);
		r->nodes[n].scanned = 1;
		include_graph_release(&g);
		strbuf_release(&disk);
		free(path);
	}
	return &r->nodes[n].includes;
}

struct reach *reach_new(const char *tree, reach_text_fn text, void *data)
{
	struct reach *r = xcalloc(1, sizeof(*r));

	r->tree = xstrdup(tree);
	r->text = text;
	r->data = data;
	return r;
}

void reach_headers(struct reach *r, const char *file, struct strvec *out)
{
	size_t *queue = NULL, nr = 0, alloc = 0;

	r->pass++;
	ALLOC_GROW(queue, 1, alloc);
	queue[nr++] = node_of(r, file);
	r->nodes[queue[0]].seen = r->pass;
	for (size_t q = 0; q < nr; q++) {
		const struct strvec *inc = includes_of(r, queue[q]);

		for (size_t i = 0; i < inc->nr; i++) {
			size_t h = node_of(r, inc->v[i]);

			inc = &r->nodes[queue[q]].includes;	/* node_of() may have moved it */
			if (r->nodes[h].seen == r->pass)
				continue;
			r->nodes[h].seen = r->pass;
			ALLOC_GROW(queue, nr + 1, alloc);
			queue[nr++] = h;
			strvec_push(out, r->nodes[h].path);
		}
	}
	free(queue);
}

void reach_free(struct reach *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nr; i++) {
		free(r->nodes[i].path);
		strvec_clear(&r->nodes[i].includes);
	}
	free(r->nodes);
	hash_table_release(&r->by_path);
	free(r->tree);
	free(r);
}
