#include "rewrite/unused-exports.h"
#include "analyze/exports.h"
#include "base/walk.h"
#include "kernel/kernel.h"
#include "rewrite/core-file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define DEVICE_H "include/linux/device.h"

/* The working contents where the engine holds the file, else the disk. */
static int read_working(const char *file, struct strbuf *text, void *data)
{
	struct rewrite_context *ctx = data;
	struct rewrite_file *f = rewrite_file_find(ctx, file);
	char *abs;
	int rc;

	if (f) {
		strbuf_add(text, f->content->buf, f->content->len);
		return 0;
	}
	abs = path_join(ctx->tree, file);
	rc = strbuf_read_file(text, abs);
	free(abs);
	return rc;
}

/* A driver-core file as the pass sees it: its text and tokens. */
struct core_text {
	char *path;
	struct rewrite_file *working;	/* NULL: read from disk, never edited */
	struct strbuf disk;
	struct core_file parsed;
	struct core_removals rm;
};

/* What happens to one unused export. */
struct unused {
	struct export_entry *e;
	struct core_text *def, *exp;
	size_t decl_start, decl_end;	/* in device.h; equal when none */
	int drop_decl, drop_def;
	char *user;			/* a driver-core function that still uses it */
};

static const char *text_of(const struct core_text *c)
{
	return c->working ? c->working->content->buf : c->disk.buf;
}

static size_t len_of(const struct core_text *c)
{
	return c->working ? c->working->content->len : c->disk.len;
}

static struct core_text *find_text(struct core_text *v, size_t nr, const char *path)
{
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(v[i].path, path))
			return &v[i];
	return NULL;
}

static int inside(size_t off, size_t start, size_t end)
{
	return off >= start && off < end;
}

/* The function of `c` holding byte `off`, or NULL. */
static const char *function_at(const struct core_text *c, size_t off)
{
	const struct core_file *f = &c->parsed;

	for (size_t i = 0; i < f->nr; i++)
		if (f->items[i].kind == CORE_ITEM_FUNCTION &&
		    inside(off, core_token_start(f, f->items[i].first), core_token_end(f, f->items[i].last)))
			return f->items[i].name;
	return NULL;
}

/*
 * Whether the driver core still names u's symbol outside its definition,
 * its export, its declaration in device.h and the definitions that go.
 * *elsewhere: in another file than the definition's, or before it.
 */
static int core_uses(const struct unused *u, struct unused *all, size_t nr, struct core_text *texts,
		     size_t nr_texts, int *elsewhere, char **user)
{
	int used = 0;

	*elsewhere = 0;
	for (size_t t = 0; t < nr_texts; t++) {
		const struct core_text *c = &texts[t];
		const struct lex_tokens *tok = &c->parsed.tokens;

		for (size_t k = 0; k < tok->nr; k++) {
			size_t off = tok->v[k].offset;
			int skip = 0;

			if (tok->v[k].kind != TOKEN_IDENT || !lex_token_is(&tok->v[k], u->e->symbol))
				continue;
			if (c == u->exp && inside(off, u->e->export_start, u->e->export_end))
				continue;
			if (c == u->def && inside(off, u->e->def_start, u->e->def_end))
				continue;
			if (!strcmp(c->path, DEVICE_H) && inside(off, u->decl_start, u->decl_end))
				continue;
			for (size_t i = 0; i < nr && !skip; i++)
				skip = all[i].drop_def && c == all[i].def &&
				       inside(off, all[i].e->def_start, all[i].e->def_end);
			if (skip)
				continue;
			used = 1;
			if (!*user && function_at(c, off))
				*user = xstrdup(function_at(c, off));
			if (c != u->def || off < u->e->def_start)
				*elsewhere = 1;
		}
	}
	return used;
}

static int in_removals(const struct core_removals *rm, size_t off)
{
	for (size_t r = 0; r < rm->nr; r++)
		if (inside(off, rm->v[r].start, rm->v[r].end))
			return 1;
	return 0;
}

/* A prototype of `name`: a declaration named so, followed by '('. */
static int is_prototype(const struct core_file *f, const struct core_item *it, const char *name)
{
	if (it->kind != CORE_ITEM_DECLARATION || it->is_struct || !it->name || strcmp(it->name, name))
		return 0;
	for (size_t k = it->first; k < it->last; k++)
		if (lex_token_is(&f->tokens.v[k], name))
			return lex_token_is(&f->tokens.v[k + 1], "(");
	return 0;
}

/*
 * Static functions of `c` that only the removed code called go too, with
 * their prototypes, to a fixed point: left, they would be defined but not
 * used.
 */
static void drop_private_helpers(struct core_text *c, struct strvec *log)
{
	const struct core_file *f = &c->parsed;
	int changed = 1;

	while (changed) {
		changed = 0;
		for (size_t i = 0; i < f->nr; i++) {
			const struct core_item *it = &f->items[i];
			size_t start = core_token_start(f, it->first), kept = 0, removed = 0;

			if (it->kind != CORE_ITEM_FUNCTION || !it->name ||
			    !lex_token_is(&f->tokens.v[it->first], "static") || in_removals(&c->rm, start))
				continue;
			for (size_t j = 0; j < f->nr; j++) {
				if (j == i || is_prototype(f, &f->items[j], it->name))
					continue;
				for (size_t k = f->items[j].first; k <= f->items[j].last; k++)
					if (lex_token_is(&f->tokens.v[k], it->name))
						++*(in_removals(&c->rm, f->tokens.v[k].offset) ? &removed : &kept);
			}
			if (kept || !removed)
				continue;
			core_removals_add(&c->rm, start, core_token_end(f, it->last), 0);
			for (size_t j = 0; j < f->nr; j++)
				if (is_prototype(f, &f->items[j], it->name))
					core_removals_add(&c->rm, core_token_start(f, f->items[j].first),
							  core_token_end(f, f->items[j].last), 0);
			strvec_pushf(log, "%s:%u: %s: only what was removed called it: removed", c->path,
				     f->tokens.v[it->first].line, it->name);
			changed = 1;
		}
	}
}

int rewrite_unused_exports(struct rewrite_context *ctx)
{
	struct strvec files = STRVEC_INIT;
	struct export_list list = EXPORT_LIST_INIT;
	struct core_text *texts = NULL;
	struct unused *u = NULL;
	size_t nr_texts = 0;
	int changed = 1;

	if (walk_tree(ctx->tree, NULL, &files, NULL) < 0)
		return -1;
	exports_find_unused_with(ctx->tree, &files, read_working, ctx, &list);
	if (!list.nr)
		goto out;

	texts = xcalloc(files.nr + 1, sizeof(*texts));
	for (size_t i = 0; i < files.nr; i++) {
		struct core_text *c = &texts[nr_texts];

		if (!kernel_is_driver_core(files.v[i]))
			continue;
		c->path = xstrdup(files.v[i]);
		c->working = rewrite_file_find(ctx, files.v[i]);
		c->disk = (struct strbuf)STRBUF_INIT;
		c->parsed = (struct core_file)CORE_FILE_INIT;
		c->rm = (struct core_removals)CORE_REMOVALS_INIT;
		if (!c->working && read_working(files.v[i], &c->disk, ctx) < 0) {
			warning("%s: cannot read it (%s): its uses of the exports are not counted", files.v[i],
				strerror(errno));
			free(c->path);
			continue;
		}
		core_file_parse(&c->parsed, text_of(c), len_of(c));
		nr_texts++;
	}

	u = xcalloc(list.nr, sizeof(*u));
	for (size_t i = 0; i < list.nr; i++) {
		struct core_text *h = find_text(texts, nr_texts, DEVICE_H);

		u[i].e = &list.v[i];
		u[i].def = find_text(texts, nr_texts, list.v[i].def_file);
		u[i].exp = find_text(texts, nr_texts, list.v[i].export_file);
		for (size_t k = 0; h && k < h->parsed.nr; k++) {
			const struct core_item *it = &h->parsed.items[k];

			if (it->kind == CORE_ITEM_DECLARATION && !it->is_struct && it->name &&
			    !strcmp(it->name, list.v[i].symbol)) {
				u[i].decl_start = core_token_start(&h->parsed, it->first);
				u[i].decl_end = core_token_end(&h->parsed, it->last);
				u[i].drop_decl = 1;
			}
		}
	}
	/* A definition goes once nothing left in the core names it: to a fixed point. */
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < list.nr; i++) {
			int elsewhere;

			if (u[i].drop_def || !u[i].def)
				continue;
			free(u[i].user);
			u[i].user = NULL;
			if (core_uses(&u[i], u, list.nr, texts, nr_texts, &elsewhere, &u[i].user))
				continue;
			u[i].drop_def = 1;
			changed = 1;
		}
	}
	for (size_t i = 0; i < list.nr; i++) {
		struct export_entry *e = u[i].e;
		struct core_text *h = find_text(texts, nr_texts, DEVICE_H);
		int elsewhere = 0;
		char *user = NULL;

		if (!u[i].exp || !u[i].exp->working) {
			strvec_pushf(ctx->log, "%s: %s: not in the working set: left", e->export_file, e->symbol);
			continue;
		}
		core_removals_add(&u[i].exp->rm, e->export_start, e->export_end, 0);
		if (!u[i].drop_def) {
			core_uses(&u[i], u, list.nr, texts, nr_texts, &elsewhere, &user);
			free(user);
		}
		if (u[i].drop_decl && !elsewhere && h && h->working)
			core_removals_add(&h->rm, u[i].decl_start, u[i].decl_end, 0);
		else
			u[i].drop_decl = 0;
		if (u[i].drop_def && u[i].def->working)
			core_removals_add(&u[i].def->rm, e->def_start, e->def_end, 0);
		else
			u[i].drop_def = 0;
		if (u[i].drop_def)
			strvec_pushf(ctx->log, "%s:%u: %s: nothing uses it: export, declaration and definition removed",
				     e->def_file, e->def_line, e->symbol);
		else
			strvec_pushf(ctx->log, "%s:%u: %s: nothing outside the driver core uses it: %s for %s()",
				     e->def_file, e->def_line, e->symbol,
				     u[i].drop_decl ? "export and declaration removed; the definition stays"
						    : "export removed; declaration and definition stay",
				     u[i].user ? u[i].user : "?");
	}
	for (size_t t = 0; t < nr_texts; t++) {
		struct strbuf out = STRBUF_INIT;

		if (!texts[t].rm.nr)
			continue;
		drop_private_helpers(&texts[t], ctx->log);
		core_removals_apply(&texts[t].rm, text_of(&texts[t]), len_of(&texts[t]), &out);
		strbuf_reset(texts[t].working->content);
		strbuf_add(texts[t].working->content, out.buf, out.len);
		strbuf_release(&out);
	}
out:
	for (size_t i = 0; u && i < list.nr; i++)
		free(u[i].user);
	free(u);
	for (size_t t = 0; t < nr_texts; t++) {
		free(texts[t].path);
		strbuf_release(&texts[t].disk);
		core_file_release(&texts[t].parsed);
		core_removals_release(&texts[t].rm);
	}
	free(texts);
	export_list_release(&list);
	strvec_clear(&files);
	return 0;
}
