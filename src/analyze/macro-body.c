#include "analyze/macro-body.h"
#include "kernel/kernel.h"
#include "lex/lexscan.h"

#include <stdlib.h>
#include <string.h>

struct body_search {
	const char *file;
	const char *macro;
	struct site_list *sites;
	size_t nr_before;		/* sites of the parse: what covers a line */
};

static int line_has_site(const struct body_search *b, unsigned line)
{
	for (size_t i = 0; i < b->nr_before; i++)
		if (b->sites->items[i].line == line && !strcmp(b->sites->items[i].file, b->file))
			return 1;
	return 0;
}

static void on_token(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct body_search *b = data;
	char *symbol, *reason;

	if (line_has_site(b, line))
		return;
	symbol = xstrndup(ident, len);
	reason = xstrfmt("macro body of %s: no parse sees it", b->macro);
	site_list_add(b->sites, b->file, line, column, "macro-body", symbol, "", SITE_MANUAL, reason, NULL);
	free(reason);
	free(symbol);
}

static int is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

struct define {
	char *name;
	size_t body, end;	/* the body: text[body, end) */
	int covered;
};

/* Each #define of text, in order. */
static size_t list_defines(const char *text, size_t len, struct define **out)
{
	struct define *defs = NULL;
	size_t nr = 0, alloc = 0, p = 0;

	while (p < len) {
		size_t q = p, end, name;

		/* The logical line: physical lines joined by a trailing backslash. */
		end = p;
		while (end < len && text[end] != '\n')
			end += text[end] == '\\' && end + 1 < len && text[end + 1] == '\n' ? 2 : 1;
		while (q < end && (text[q] == ' ' || text[q] == '\t'))
			q++;
		if (q >= end || text[q] != '#')
			goto next;
		q++;
		while (q < end && (text[q] == ' ' || text[q] == '\t'))
			q++;
		if (end - q < 7 || strncmp(text + q, "define", 6) || is_ident(text[q + 6]))
			goto next;
		q += 6;
		while (q < end && (text[q] == ' ' || text[q] == '\t'))
			q++;
		name = q;
		while (q < end && is_ident(text[q]))
			q++;
		if (q == name)
			goto next;
		ALLOC_GROW(defs, nr + 1, alloc);
		defs[nr].name = xstrndup(text + name, q - name);
		defs[nr].body = q;
		defs[nr].end = end;
		defs[nr].covered = 0;
		nr++;
next:
		p = end + 1;
	}
	*out = defs;
	return nr;
}

/* Mark covered each define named `name` (n bytes); nonzero when one was not yet. */
static int cover(struct define *defs, size_t nr, const char *name, size_t n)
{
	int changed = 0;

	for (size_t i = 0; i < nr; i++)
		if (!defs[i].covered && strlen(defs[i].name) == n && !strncmp(defs[i].name, name, n))
			defs[i].covered = changed = 1;
	return changed;
}

void macro_body_sites(const char *file, const char *text, size_t len,
		      const struct strvec *expanded, struct site_list *sites)
{
	struct body_search b = { file, NULL, sites, sites->nr };
	struct define *defs;
	size_t nr;
	int changed = 1;

	if (kernel_is_class_device_core(file))
		return;
	nr = list_defines(text, len, &defs);
	for (size_t i = 0; expanded && i < expanded->nr; i++)
		cover(defs, nr, expanded->v[i], strlen(expanded->v[i]));
	/* What an expanded macro's body expands is expanded too (libclang names the outermost only). */
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < nr; i++) {
			size_t p = defs[i].body;

			if (!defs[i].covered)
				continue;
			while (p < defs[i].end) {
				size_t start = p;

				if (!is_ident(text[p]) || (text[p] >= '0' && text[p] <= '9')) {
					while (p < defs[i].end && is_ident(text[p]))
						p++;
					p += p == start;
					continue;
				}
				while (p < defs[i].end && is_ident(text[p]))
					p++;
				changed |= cover(defs, nr, text + start, p - start);
			}
		}
	}
	for (size_t i = 0; i < nr; i++) {
		if (!defs[i].covered) {
			b.macro = defs[i].name;
			lexscan_identifiers(text, defs[i].body, defs[i].end, kernel_api_needles, 1,
					    on_token, &b);
		}
		free(defs[i].name);
	}
	free(defs);
}
