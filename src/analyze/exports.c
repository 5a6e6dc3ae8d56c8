#define _GNU_SOURCE
#include "analyze/exports.h"
#include "kernel/kernel.h"
#include "lex/lex.h"
#include "lex/lexscan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A function definition found at file scope: its name and extent. */
struct definition {
	char *name;
	unsigned line, column;
	size_t start, end;
};

struct file_defs {
	char *file;
	struct definition *v;
	size_t nr, alloc;
};

static int in_driver_core_dir(const char *file)
{
	const char *rest = file + strlen(KERNEL_DRIVER_CORE_DIR);

	return starts_with(file, KERNEL_DRIVER_CORE_DIR) && !strchr(rest, '/') && ends_with(file, ".c");
}

static size_t matching(const struct lex_tokens *t, size_t open)
{
	return lex_tokens_match(t->v, t->nr, open);
}

/*
 * Walk the file-scope tokens: record each function definition (an
 * identifier, a parenthesised list, a '{') and each EXPORT_SYMBOL of a
 * class_* name.
 */
static void scan_base_file(const char *file, const char *text, struct file_defs *defs,
			   struct export_list *exports)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	size_t decl_start = 0;

	lex_tokenize(text, strlen(text), &t);
	for (size_t i = 0; i < t.nr; i++) {
		const struct lex_token *tok = &t.v[i];

		if (tok->directive) {
			decl_start = i + 1;
			continue;
		}
		if (lex_token_is(tok, ";") || lex_token_is(tok, "}")) {
			decl_start = i + 1;
			continue;
		}
		if (lex_token_is(tok, "{")) {
			/* an initializer or a struct body at file scope: skip it */
			i = matching(&t, i);
			continue;
		}
		if (tok->kind != TOKEN_IDENT || i + 1 >= t.nr || !lex_token_is(&t.v[i + 1], "("))
			continue;
		if ((lex_token_is(tok, "EXPORT_SYMBOL") || lex_token_is(tok, "EXPORT_SYMBOL_GPL")) &&
		    i + 3 < t.nr && t.v[i + 2].kind == TOKEN_IDENT && lex_token_is(&t.v[i + 3], ")")) {
			const struct lex_token *name = &t.v[i + 2];
			size_t end = i + 4 < t.nr && lex_token_is(&t.v[i + 4], ";") ? i + 4 : i + 3;
			struct export_entry *e;

			if (name->len > 6 && !memcmp(name->text, "class_", 6)) {
				ALLOC_GROW(exports->v, exports->nr + 1, exports->alloc);
				e = &exports->v[exports->nr++];
				memset(e, 0, sizeof(*e));
				e->symbol = xstrndup(name->text, name->len);
				e->macro = tok->len == strlen("EXPORT_SYMBOL") ? "EXPORT_SYMBOL"
									      : "EXPORT_SYMBOL_GPL";
				e->export_file = xstrdup(file);
				e->export_line = tok->line;
				e->export_column = tok->column;
				e->export_start = tok->offset;
				e->export_end = t.v[end].offset + t.v[end].len;
			}
			i = end;
			decl_start = i + 1;
			continue;
		} else {
			size_t close = matching(&t, i + 1);

			if (close + 1 < t.nr && lex_token_is(&t.v[close + 1], "{")) {
				size_t body_end = matching(&t, close + 1);
				struct definition *d;

				ALLOC_GROW(defs->v, defs->nr + 1, defs->alloc);
				d = &defs->v[defs->nr++];
				d->name = xstrndup(tok->text, tok->len);
				d->line = tok->line;
				d->column = tok->column;
				d->start = t.v[decl_start < i ? decl_start : i].offset;
				d->end = body_end < t.nr ? t.v[body_end].offset + 1 : strlen(text);
				i = body_end;
				decl_start = i + 1;
			} else {
				i = close < t.nr ? close : i;
			}
		}
	}
	lex_tokens_release(&t);
}

struct use_search {
	char **names;		/* sorted */
	size_t nr;
	unsigned char *used;
};

static int compare_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void on_identifier(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct use_search *s = data;
	char *key = xstrndup(ident, len);
	char **hit = bsearch(&key, s->names, s->nr, sizeof(*s->names), compare_str);

	if (hit)
		s->used[hit - s->names] = 1;
	free(key);
}

static int compare_entries(const void *va, const void *vb)
{
	const struct export_entry *a = va, *b = vb;
	int c = strcmp(a->def_file, b->def_file);

	if (c)
		return c;
	if (a->def_line != b->def_line)
		return a->def_line < b->def_line ? -1 : 1;
	return strcmp(a->symbol, b->symbol);
}

static void entry_release(struct export_entry *e)
{
	free(e->symbol);
	free(e->def_file);
	free(e->export_file);
}

/* A file's text from `read`, or from the disk when read is NULL. */
static int read_text(const char *tree, const char *file, exports_read_fn read, void *data,
		     struct strbuf *text)
{
	char *abs;
	int rc;

	strbuf_reset(text);
	if (read)
		return read(file, text, data);
	abs = path_join(tree, file);
	rc = strbuf_read_file(text, abs);
	free(abs);
	return rc;
}

const char *const exports_use_tokens[] = { "class_", NULL };

static size_t find_unused(const char *tree, const struct strvec *files, const struct strvec *users,
			  exports_read_fn read, void *data, struct export_list *out);

size_t exports_find_unused(const char *tree, const struct strvec *files, struct export_list *out)
{
	return find_unused(tree, files, files, NULL, NULL, out);
}

size_t exports_find_unused_among(const char *tree, const struct strvec *files, const struct strvec *users,
				 struct export_list *out)
{
	return find_unused(tree, files, users, NULL, NULL, out);
}

size_t exports_find_unused_with(const char *tree, const struct strvec *files, exports_read_fn read,
				void *data, struct export_list *out)
{
	return find_unused(tree, files, files, read, data, out);
}

static size_t find_unused(const char *tree, const struct strvec *files, const struct strvec *users,
			  exports_read_fn read, void *data, struct export_list *out)
{
	const char *const *needles = exports_use_tokens;
	struct export_list found = EXPORT_LIST_INIT;
	struct file_defs *defs = NULL;
	size_t nr_defs = 0, before = out->nr;
	struct use_search search = { NULL, 0, NULL };
	struct strbuf text = STRBUF_INIT;
	unsigned char *unused;

	for (size_t i = 0; i < files->nr; i++) {
		if (!in_driver_core_dir(files->v[i]))
			continue;
		if (read_text(tree, files->v[i], read, data, &text) < 0) {
			warning("%s: cannot read it: %s; its exports are not listed", files->v[i], strerror(errno));
		} else {
			defs = xrealloc(defs, (nr_defs + 1) * sizeof(*defs));
			memset(&defs[nr_defs], 0, sizeof(*defs));
			defs[nr_defs].file = xstrdup(files->v[i]);
			scan_base_file(files->v[i], text.buf, &defs[nr_defs], &found);
			nr_defs++;
		}
	}

	/* Keep the exports of functions; the definition in the exporting file first. */
	for (size_t i = 0; i < found.nr; i++) {
		struct export_entry *e = &found.v[i];
		const struct definition *def = NULL;
		const char *def_file = NULL;

		for (size_t f = 0; f < nr_defs && !def; f++) {
			if (strcmp(defs[f].file, e->export_file))
				continue;
			for (size_t d = 0; d < defs[f].nr && !def; d++)
				if (!strcmp(defs[f].v[d].name, e->symbol)) {
					def = &defs[f].v[d];
					def_file = defs[f].file;
				}
		}
		for (size_t f = 0; f < nr_defs && !def; f++)
			for (size_t d = 0; d < defs[f].nr && !def; d++)
				if (!strcmp(defs[f].v[d].name, e->symbol)) {
					def = &defs[f].v[d];
					def_file = defs[f].file;
				}
		if (!def) {
			entry_release(e);
			e->symbol = NULL;
			continue;
		}
		e->def_file = xstrdup(def_file);
		e->def_line = def->line;
		e->def_column = def->column;
		e->def_start = def->start;
		e->def_end = def->end;
	}

	search.names = xcalloc(found.nr + 1, sizeof(*search.names));
	for (size_t i = 0; i < found.nr; i++)
		if (found.v[i].symbol)
			search.names[search.nr++] = found.v[i].symbol;
	sort_array(search.names, search.nr, sizeof(*search.names), compare_str);
	search.used = xcalloc(search.nr + 1, 1);

	for (size_t i = 0; search.nr && i < users->nr; i++) {
		if (kernel_is_driver_core(users->v[i]))
			continue;
		if (read_text(tree, users->v[i], read, data, &text) < 0)
			warning("%s: cannot read it: %s; uses in it are not counted", users->v[i], strerror(errno));
		else if (memmem(text.buf, text.len, needles[0], strlen(needles[0])))
			lexscan_identifiers(text.buf, 0, text.len, needles, 0, on_identifier, &search);
	}

	/* Decide every entry before any is freed: the names point into them. */
	unused = xcalloc(found.nr + 1, 1);
	for (size_t i = 0; i < found.nr; i++) {
		char **hit;

		if (!found.v[i].symbol)
			continue;
		hit = bsearch(&found.v[i].symbol, search.names, search.nr, sizeof(*search.names),
			      compare_str);
		unused[i] = !hit || !search.used[hit - search.names];
	}
	for (size_t i = 0; i < found.nr; i++) {
		struct export_entry *e = &found.v[i];

		if (!e->symbol)
			continue;
		out->exported++;
		if (!unused[i]) {
			entry_release(e);
			continue;
		}
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = *e;
	}
	sort_array(out->v + before, out->nr - before, sizeof(*out->v), compare_entries);

	free(found.v);
	free(unused);
	free(search.names);
	free(search.used);
	for (size_t f = 0; f < nr_defs; f++) {
		for (size_t d = 0; d < defs[f].nr; d++)
			free(defs[f].v[d].name);
		free(defs[f].v);
		free(defs[f].file);
	}
	free(defs);
	strbuf_release(&text);
	return out->nr - before;
}

void export_list_release(struct export_list *list)
{
	for (size_t i = 0; i < list->nr; i++)
		entry_release(&list->v[i]);
	free(list->v);
	list->v = NULL;
	list->nr = list->alloc = list->exported = 0;
}
