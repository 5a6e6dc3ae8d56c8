#define _GNU_SOURCE
#include "engine/bisect.h"
#include "analyze/classify.h"
#include "analyze/header-users.h"
#include "analyze/prefilter.h"
#include "base/walk.h"
#include "kernel/reach.h"

#include <stdlib.h>
#include <string.h>

void bisect_result_release(struct bisect_result *r)
{
	for (size_t i = 0; i < r->nr_breaks; i++) {
		free(r->breaks[i].file);
		free(r->breaks[i].error);
		strvec_clear(&r->breaks[i].broken);
	}
	free(r->breaks);
	memset(r, 0, sizeof(*r));
}

/* A file judged at some prefix: its original parse's errors. */
struct judged {
	char *path;
	struct strvec before;
	int has_before;
	int changed;		/* the series changed it (judged even when blind) */
};

struct bisect {
	struct engine *e;
	const struct series_texts *t;
	const struct strbuf **text;	/* per engine file: its text at this prefix */
	struct classify *c;
	struct reach *reach;
	struct strvec tree_files;
	struct judged *j;		/* sorted by path */
	size_t nr, alloc;
	struct bisect_result *r;
};

static struct judged *judged_of(struct bisect *b, const char *path, int add)
{
	size_t lo = 0, hi = b->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int cmp = strcmp(b->j[mid].path, path);

		if (!cmp)
			return &b->j[mid];
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!add)
		return NULL;
	ALLOC_GROW(b->j, b->nr + 1, b->alloc);
	memmove(&b->j[lo + 1], &b->j[lo], (b->nr - lo) * sizeof(*b->j));
	memset(&b->j[lo], 0, sizeof(b->j[lo]));
	b->j[lo].path = xstrdup(path);
	b->nr++;
	return &b->j[lo];
}

static const struct strbuf *final_text(const char *rel, void *data)
{
	struct work_file *f = engine_find_file(data, rel);

	return f ? &f->current : NULL;
}

static int is_c_file(const char *path)
{
	return ends_with(path, ".c");
}

static int reaches_any(struct bisect *b, const char *file, const struct strvec *headers)
{
	struct strvec hs = STRVEC_INIT;
	int found = 0;

	reach_headers(b->reach, file, &hs);
	for (size_t i = 0; i < hs.nr && !found; i++)
		for (size_t k = 0; k < headers->nr && !found; k++)
			found = !strcmp(hs.v[i], headers->v[k]);
	strvec_clear(&hs);
	return found;
}

/* A candidate user that is no user: a header, or a file the series changed so far (judged as such). */
static int changed_or_not_c(const char *path, void *data)
{
	struct bisect *b = data;
	struct work_file *f = engine_find_file(b->e, path);

	return !is_c_file(path) || (f && b->text[f - b->e->files] != &f->original);
}

/*
 * The unchanged .c files that reach one of headers and name what its
 * change so far altered (or a macro of another header over it): verify's
 * users, of the texts at this prefix.  Appended to users (each once).
 */
static void find_users(struct bisect *b, const struct strvec *headers, struct strvec *users)
{
	struct engine *e = b->e;
	size_t n = headers->nr;
	struct strvec *names = xcalloc(n + 1, sizeof(*names));
	struct strvec *members = xcalloc(n + 1, sizeof(*members));
	struct strvec *cands = xcalloc(n + 1, sizeof(*cands));
	const char *const **sets = xcalloc(n + 1, sizeof(*sets));
	static const char *const none[] = { "\001never\001", NULL };
	char **hits;

	for (size_t k = 0; k < n; k++) {
		struct work_file *h = engine_find_file(e, headers->v[k]);
		const struct strbuf *now = b->text[h - e->files];

		header_users_names(h->original.buf, h->original.len, now->buf, now->len, &names[k],
				   &members[k]);
	}
	for (int pass = 0; pass < 2; pass++) {
		int grew = 0;

		for (size_t k = 0; k < n; k++) {
			strvec_clear(&cands[k]);
			sets[k] = names[k].nr ? (const char *const *)names[k].v : none;
		}
		prefilter_files_sets_words(e->opts->tree, &b->tree_files, sets, n, e->opts->jobs, cands,
					   NULL, NULL);
		if (pass)
			break;
		/* a header's macro over a touched name: its users are the header's too */
		for (size_t k = 0; k < n; k++)
			for (size_t i = 0; i < cands[k].nr; i++) {
				struct work_file *f = engine_find_file(e, cands[k].v[i]);
				const struct strbuf *text;
				struct strbuf disk = STRBUF_INIT;

				if (is_c_file(cands[k].v[i]))
					continue;
				if (f) {
					text = b->text[f - e->files];
				} else {
					char *abs = path_join(e->opts->tree, cands[k].v[i]);

					strbuf_read_file(&disk, abs);
					free(abs);
					text = &disk;
				}
				if (header_users_mentions(text->buf, text->len, &names[k]))
					grew |= header_users_macro_names(text->buf, text->len, &names[k]) > 0;
				strbuf_release(&disk);
			}
		if (!grew)
			break;
	}
	hits = header_users_candidate_hits(e->opts->tree, cands, names, members, n, changed_or_not_c, b);
	for (size_t k = 0; k < n; k++) {
		struct strvec one = STRVEC_INIT;

		strvec_push(&one, headers->v[k]);
		for (size_t i = 0; i < cands[k].nr; i++)
			if (hits[k][i] && reaches_any(b, cands[k].v[i], &one) && !strvec_has(users, cands[k].v[i]))
				strvec_push(users, cands[k].v[i]);
		strvec_clear(&one);
		strvec_clear(&names[k]);
		strvec_clear(&members[k]);
		strvec_clear(&cands[k]);
	}
	header_users_hits_free(hits, n);
	free(names);
	free(members);
	free(cands);
	free(sets);
}

/* Parse each of files with overlay (or none) and hand out the error texts. */
static void parse(struct bisect *b, const struct strvec *files, const struct classify_unsaved *overlay,
		  size_t nr_overlay, struct strvec *errors)
{
	struct classify_stats st = CLASSIFY_STATS_INIT;
	struct site_list sites = SITE_LIST_INIT;

	classify_set_overlay(b->c, overlay, nr_overlay);
	classify_files(b->c, files, &sites, &st);
	classify_set_overlay(b->c, NULL, 0);
	if (overlay) {
		b->r->parsed += files->nr;
		b->r->cached += st.cached;
	}
	for (size_t i = 0; i < files->nr; i++) {
		errors[i] = st.files[i].error_texts;
		st.files[i].error_texts = (struct strvec)STRVEC_INIT;
	}
	site_list_release(&sites);
	classify_stats_release(&st);
}

/* The tree's name for a diagnostic: output must not depend on where the tree is. */
static const char *shown(struct engine *e, const char *diag)
{
	size_t n = strlen(e->tree);

	if (!strncmp(diag, e->tree, n) && diag[n] == '/')
		return diag + n + 1;
	return diag;
}

/* Check the prefix ending with unit k, whose headers are headers and .c files changed_c. */
static void check_prefix(struct bisect *b, size_t k, const struct strvec *headers,
			 const struct strvec *changed_c)
{
	struct engine *e = b->e;
	struct strvec files = STRVEC_INIT, need_before = STRVEC_INIT;
	struct classify_unsaved *overlay = xcalloc(e->nr + 1, sizeof(*overlay));
	struct strvec *after, *before;
	size_t nr_overlay = 0;
	struct bisect_break brk = { k, NULL, NULL, 0, STRVEC_INIT };

	for (size_t i = 0; i < changed_c->nr; i++)
		strvec_push(&files, changed_c->v[i]);
	if (headers->nr) {
		find_users(b, headers, &files);
		/* what an earlier prefix judged sees the header's new text too */
		for (size_t i = 0; i < b->nr; i++)
			if (!strvec_has(&files, b->j[i].path) &&
			    reaches_any(b, b->j[i].path, headers))
				strvec_push(&files, b->j[i].path);
	}
	if (!files.nr) {
		free(overlay);
		return;
	}
	strvec_sort(&files);
	for (size_t i = 0; i < e->nr; i++)
		if (b->text[i] != &e->files[i].original) {
			overlay[nr_overlay].file = e->files[i].path;
			overlay[nr_overlay].content = b->text[i]->buf;
			overlay[nr_overlay].len = b->text[i]->len;
			nr_overlay++;
		}
	after = xcalloc(files.nr + 1, sizeof(*after));
	parse(b, &files, overlay, nr_overlay, after);
	for (size_t i = 0; i < files.nr; i++) {
		struct judged *j = judged_of(b, files.v[i], 1);

		j->changed |= strvec_has(changed_c, files.v[i]);
		if (!j->has_before && !strvec_has(&need_before, files.v[i]))
			strvec_push(&need_before, files.v[i]);
	}
	if (need_before.nr) {
		before = xcalloc(need_before.nr + 1, sizeof(*before));
		parse(b, &need_before, NULL, 0, before);
		for (size_t i = 0; i < need_before.nr; i++) {
			struct judged *j = judged_of(b, need_before.v[i], 0);

			j->before = before[i];
			j->has_before = 1;
		}
		free(before);
	}
	for (size_t i = 0; i < files.nr; i++) {
		struct judged *j = judged_of(b, files.v[i], 0);
		struct strvec fresh = STRVEC_INIT;
		int blind = 0;

		for (size_t x = 0; x < j->before.nr && !blind && !j->changed; x++)
			blind = strstr(j->before.v[x], "' file not found") != NULL;
		if (!blind)
			header_users_new_errors(&j->before, &after[i], &fresh);
		if (fresh.nr && !brk.files++) {
			brk.file = xstrdup(files.v[i]);
			brk.error = xstrdup(shown(e, fresh.v[0]));
		}
		if (fresh.nr)
			strvec_push(&brk.broken, files.v[i]);
		strvec_clear(&fresh);
		strvec_clear(&after[i]);
	}
	if (brk.files) {
		ALLOC_GROW(b->r->breaks, b->r->nr_breaks + 1, b->r->alloc_breaks);
		b->r->breaks[b->r->nr_breaks++] = brk;
	}
	free(after);
	free(overlay);
	strvec_clear(&files);
	strvec_clear(&need_before);
}

struct bisect *bisect_new(struct engine *e, const struct series_texts *t)
{
	struct classify_options co;
	struct bisect *b = xcalloc(1, sizeof(*b));

	b->e = e;
	b->t = t;
	engine_classify_options(e, &co);
	co.type_errors = 1;
	b->c = classify_new(&co);
	if (!b->c) {
		free(b);
		return NULL;
	}
	b->text = xcalloc(e->nr + 1, sizeof(*b->text));
	b->reach = reach_new(e->opts->tree, final_text, e);
	walk_tree(e->opts->tree, NULL, &b->tree_files, NULL);
	return b;
}

void bisect_free(struct bisect *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->nr; i++) {
		free(b->j[i].path);
		strvec_clear(&b->j[i].before);
	}
	free(b->j);
	free(b->text);
	strvec_clear(&b->tree_files);
	reach_free(b->reach);
	classify_free(b->c);
	free(b);
}

/* The texts after unit k (each change's text after it, in order). */
static void apply_unit(struct bisect *b, const struct series_unit *u, struct strvec *headers,
		       struct strvec *changed_c)
{
	struct engine *e = b->e;

	for (size_t i = 0; i < u->nr; i++) {
		size_t c = u->changes[i];
		struct work_file *f = &e->files[e->changes[c].file];

		b->text[e->changes[c].file] = &b->t->after[c];
		if (headers && !strvec_has(is_c_file(f->path) ? changed_c : headers, f->path))
			strvec_push(is_c_file(f->path) ? changed_c : headers, f->path);
	}
}

void bisect_run(struct bisect *b, const struct series_units *units, size_t from, int stop,
		struct bisect_result *r)
{
	struct engine *e = b->e;

	b->r = r;
	for (size_t i = 0; i < e->nr; i++)
		b->text[i] = &e->files[i].original;
	for (size_t k = 0; k < from && k < units->nr; k++)
		apply_unit(b, &units->v[k], NULL, NULL);
	for (size_t k = from; k < units->nr; k++) {
		struct strvec headers = STRVEC_INIT, changed_c = STRVEC_INIT;
		size_t broken = r->nr_breaks;

		apply_unit(b, &units->v[k], &headers, &changed_c);
		check_prefix(b, k, &headers, &changed_c);
		strvec_clear(&headers);
		strvec_clear(&changed_c);
		if (stop && r->nr_breaks > broken)
			break;
	}
	r->prefixes = units->nr;
	r->judged = b->nr;
}
