#define _GNU_SOURCE
#include "rewrite/macro-members.h"
#include "kernel/kernel.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

/* A #define of a working file: its name and body, as token indices. */
struct define {
	size_t file;
	const struct lex_token *name;
	size_t body, end;
	int carrier;		/* reaches a renamed member, maybe through another macro */
};

/* A member token to rename. */
struct member_edit {
	size_t file;
	size_t offset, len;
	const char *new;
	unsigned line;
};

struct members {
	struct rewrite_context *ctx;
	struct lex_tokens *toks;	/* per working file */
	struct define *defs;
	size_t nr_defs, alloc_defs;
	struct member_edit *edits;
	size_t nr_edits, alloc_edits;
	struct strvec carriers;		/* names of the carrying #defines, sorted */
};

static int is_punct(const struct lex_token *t, const char *s)
{
	return t->kind == TOKEN_PUNCT && lex_token_is(t, s);
}

static int same_name(const struct lex_token *a, const struct lex_token *b)
{
	return a->len == b->len && !memcmp(a->text, b->text, a->len);
}

/* Token k of v is a member access `.m`/`->m` of a renamed class_device member. */
static const char *renamed_access(const struct lex_token *v, size_t nr, size_t k)
{
	if (k == 0 || v[k].kind != TOKEN_IDENT ||
	    !(is_punct(&v[k - 1], ".") || is_punct(&v[k - 1], "->")))
		return NULL;
	/* none of them is a struct: in (s)->dev.dev the first is s's own */
	if (k + 1 < nr && is_punct(&v[k + 1], "."))
		return NULL;
	return kernel_member_rename(v[k].text, v[k].len);
}

/* The #defines of v, each with its body's token range, appended to *m. */
static void find_defines(struct members *m, size_t file, const struct lex_tokens *t)
{
	const struct lex_token *v = t->v;

	for (size_t i = 0; i + 2 < t->nr; i++) {
		struct define *d;
		size_t b, e;

		if (!v[i].directive_start || !lex_token_is(&v[i + 1], "define") ||
		    v[i + 2].kind != TOKEN_IDENT)
			continue;
		for (e = i + 1; e < t->nr && v[e].directive && !v[e].directive_start; e++)
			;
		b = i + 3;
		/* a function-like macro: '(' right after the name */
		if (b < e && is_punct(&v[b], "(") && v[b].offset == v[i + 2].offset + v[i + 2].len) {
			while (b < e && !is_punct(&v[b], ")"))
				b++;
			b++;
		}
		ALLOC_GROW(m->defs, m->nr_defs + 1, m->alloc_defs);
		d = &m->defs[m->nr_defs++];
		d->file = file;
		d->name = &v[i + 2];
		d->body = b < e ? b : e;
		d->end = e;
		d->carrier = 0;
		for (size_t k = d->body; k < e; k++)
			if (renamed_access(v, t->nr, k))
				d->carrier = 1;
		i = e - 1;
	}
}

int macro_members_candidate(const char *text, size_t len)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	int in_define = 0, found = 0;

	lex_tokenize(text, len, &t);
	for (size_t k = 0; k < t.nr && !found; k++) {
		if (t.v[k].directive_start)
			in_define = k + 1 < t.nr && lex_token_is(&t.v[k + 1], "define");
		else if (!t.v[k].directive)
			in_define = 0;
		else if (in_define && renamed_access(t.v, t.nr, k))
			found = 1;
	}
	lex_tokens_release(&t);
	return found;
}

/* The defines called `name`: those of file `prefer` when it has one, else all. */
static void defines_named(struct members *m, const struct lex_token *name, size_t prefer,
			  size_t **out, size_t *nr)
{
	size_t alloc = 0;

	*nr = 0;
	for (int pass = 0; pass < 2 && !*nr; pass++)
		for (size_t i = 0; i < m->nr_defs; i++)
			if (same_name(m->defs[i].name, name) &&
			    (pass || m->defs[i].file == prefer)) {
				ALLOC_GROW(*out, *nr + 1, alloc);
				(*out)[(*nr)++] = i;
			}
}

/*
 * The accesses of member `member` in the body of define d and of the
 * macros it invokes (depth levels down), as (define, token) pairs.
 */
static void reach(struct members *m, size_t d, const char *member, int depth,
		  size_t **hits, size_t *nr, size_t *alloc)
{
	const struct define *def = &m->defs[d];
	const struct lex_token *v = m->toks[def->file].v;

	for (size_t k = def->body; k < def->end; k++) {
		size_t *inner = NULL, nr_inner;

		if (renamed_access(v, m->toks[def->file].nr, k) && v[k].len == strlen(member) &&
		    !memcmp(v[k].text, member, v[k].len)) {
			ALLOC_GROW(*hits, *nr + 2, *alloc);
			(*hits)[(*nr)++] = d;
			(*hits)[(*nr)++] = k;
			continue;
		}
		if (depth == 0 || v[k].kind != TOKEN_IDENT || same_name(&v[k], def->name))
			continue;
		defines_named(m, &v[k], def->file, &inner, &nr_inner);
		for (size_t i = 0; i < nr_inner; i++)
			if (m->defs[inner[i]].carrier)
				reach(m, inner[i], member, depth - 1, hits, nr, alloc);
		free(inner);
	}
}

static void add_edit(struct members *m, size_t file, const struct lex_token *t, const char *new)
{
	for (size_t i = 0; i < m->nr_edits; i++)
		if (m->edits[i].file == file && m->edits[i].offset == t->offset)
			return;
	ALLOC_GROW(m->edits, m->nr_edits + 1, m->alloc_edits);
	m->edits[m->nr_edits].file = file;
	m->edits[m->nr_edits].offset = t->offset;
	m->edits[m->nr_edits].len = t->len;
	m->edits[m->nr_edits].new = new;
	m->edits[m->nr_edits].line = t->line;
	m->nr_edits++;
}

/* Macros typed by the step files that invoke them. */
/* Insert the name of a #define that carries into the sorted set. */
static void add_carrier(struct strvec *carriers, const struct lex_token *name)
{
	char *s = xstrndup(name->text, name->len);

	if (!strvec_sorted_has(carriers, s)) {
		strvec_push(carriers, s);
		strvec_sort(carriers);
	}
	free(s);
}

/* Whether the identifier token names a #define of the sorted set. */
static int carrier_named(const struct strvec *carriers, const struct lex_token *t)
{
	size_t lo = 0, hi = carriers->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(carriers->v[mid], t->text, t->len);

		if (!c && !carriers->v[mid][t->len])
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;	/* greater, or longer with the token as its prefix */
	}
	return 0;
}

static void typed_by_uses(struct members *m)
{
	struct rewrite_context *ctx = m->ctx;
	struct strvec refused = STRVEC_INIT, parsed = STRVEC_INIT;
	struct macro_member **all_uses;
	size_t *all_nr, *file_of = NULL;
	int *counts;

	for (size_t f = 0; f < ctx->nr; f++) {
		const struct lex_tokens *t = &m->toks[f];
		size_t len = strlen(ctx->files[f].path);
		int invokes = 0;

		if (!ctx->files[f].in_step || len < 2 || strcmp(ctx->files[f].path + len - 2, ".c"))
			continue;
		for (size_t k = 0; k < t->nr && !invokes; k++)
			invokes = !t->v[k].directive && t->v[k].kind == TOKEN_IDENT &&
				  carrier_named(&m->carriers, &t->v[k]);
		if (!invokes)
			continue;
		strvec_push(&parsed, ctx->files[f].path);
		file_of = xrealloc(file_of, parsed.nr * sizeof(*file_of));
		file_of[parsed.nr - 1] = f;
	}
	/* every invoking file parsed at once, on the classifier's jobs */
	all_uses = xcalloc(parsed.nr + 1, sizeof(*all_uses));
	all_nr = xcalloc(parsed.nr + 1, sizeof(*all_nr));
	counts = xcalloc(parsed.nr + 1, sizeof(*counts));
	if (parsed.nr)
		classify_macro_members_many(ctx->classify, &parsed, "class_device", all_uses, all_nr, counts);
	for (size_t p = 0; p < parsed.nr; p++) {
		size_t f = file_of[p];
		struct macro_member *uses = all_uses[p];
		size_t nr = all_nr[p];

		if (counts[p] < 0) {
			strvec_pushf(ctx->log, "%s: macro-members: cannot parse the file: the macros it invokes are typed by their other users only",
				     ctx->files[f].path);
			continue;
		}
		for (size_t u = 0; u < nr; u++) {
			const char *new = kernel_member_rename(uses[u].member, strlen(uses[u].member));
			struct rewrite_file *home;
			struct lex_token name;
			size_t *defs = NULL, nr_defs, *hits = NULL, nr_hits = 0, alloc_hits = 0;

			if (!new || !uses[u].file)
				continue;
			home = rewrite_file_find(ctx, uses[u].file);
			if (!home) {
				strvec_pushf(ctx->log, "%s:%u: macro-members: %s, defined in %s, reaches class_device member %s: left, the file is not in the working set",
					     ctx->files[f].path, uses[u].line, uses[u].macro,
					     uses[u].file, uses[u].member);
				continue;
			}
			memset(&name, 0, sizeof(name));
			name.text = uses[u].macro;
			name.len = strlen(uses[u].macro);
			defines_named(m, &name, home - ctx->files, &defs, &nr_defs);
			for (size_t i = 0; i < nr_defs; i++)
				if (m->defs[defs[i]].file == (size_t)(home - ctx->files))
					reach(m, defs[i], uses[u].member, 3, &hits, &nr_hits, &alloc_hits);
			if (nr_hits == 2) {
				const struct define *d = &m->defs[hits[0]];

				add_edit(m, d->file, &m->toks[d->file].v[hits[1]], new);
			} else if (nr_hits > 2 && !strvec_has(&refused, uses[u].macro)) {
				strvec_push(&refused, uses[u].macro);
				strvec_pushf(ctx->log, "%s:%u: macro-members: %s reaches class_device member %s (typed by %s:%u) and %zu accesses of that name: left for a human, which one is the class device's is not known",
					     home->path, m->defs[hits[0]].name->line, uses[u].macro, uses[u].member,
					     ctx->files[f].path, uses[u].line, nr_hits / 2);
			}
			free(defs);
			free(hits);
		}
		classify_macro_members_free(uses, nr);
	}
	free(all_uses);
	free(all_nr);
	free(counts);
	free(file_of);
	strvec_clear(&parsed);
	strvec_clear(&refused);
}

/*
 * How member F is declared in token list t (outside directives): bit 0
 * `struct class_device F`, bit 1 `struct class_device *F`, bit 2 as
 * something else.
 */
static int member_kinds(const struct lex_tokens *t, const struct lex_token *f)
{
	const struct lex_token *v = t->v;
	int kinds = 0;

	for (size_t k = 1; k + 1 < t->nr; k++) {
		if (v[k].directive || !same_name(&v[k], f))
			continue;
		if (!(is_punct(&v[k + 1], ";") || is_punct(&v[k + 1], ",") ||
		      is_punct(&v[k + 1], "[")))
			continue;
		if (v[k - 1].kind == TOKEN_IDENT && !lex_token_is(&v[k - 1], "return"))
			kinds |= lex_token_is(&v[k - 1], "class_device") ? 1 : 4;
		else if (is_punct(&v[k - 1], "*"))
			kinds |= k >= 2 && lex_token_is(&v[k - 2], "class_device") ? 2 : 4;
	}
	return kinds;
}

/* Macros typed by the struct their own header declares: (x)->cdev.dev. */
static void typed_by_header(struct members *m)
{
	for (size_t d = 0; d < m->nr_defs; d++) {
		const struct define *def = &m->defs[d];
		const struct lex_tokens *t = &m->toks[def->file];
		const struct lex_token *v = t->v;

		if (!def->carrier)
			continue;
		for (size_t k = def->body; k < def->end; k++) {
			const char *new = renamed_access(v, t->nr, k);
			int kinds;

			if (!new || k < def->body + 3 || v[k - 2].kind != TOKEN_IDENT ||
			    !(is_punct(&v[k - 3], ".") || is_punct(&v[k - 3], "->")))
				continue;
			kinds = member_kinds(t, &v[k - 2]);
			if (kinds & 4)
				continue;
			if ((is_punct(&v[k - 1], ".") && kinds == 1) ||
			    (is_punct(&v[k - 1], "->") && kinds == 2))
				add_edit(m, def->file, &v[k], new);
		}
	}
}

static int by_position(const void *a, const void *b)
{
	const struct member_edit *x = a, *y = b;

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

int rewrite_macro_members(struct rewrite_context *ctx)
{
	struct members m;
	int any = 0;

	memset(&m, 0, sizeof(m));
	m.ctx = ctx;
	m.toks = xcalloc(ctx->nr ? ctx->nr : 1, sizeof(*m.toks));
	for (size_t f = 0; f < ctx->nr; f++) {
		m.toks[f] = (struct lex_tokens)LEX_TOKENS_INIT;
		lex_tokenize(ctx->files[f].content->buf, ctx->files[f].content->len, &m.toks[f]);
		find_defines(&m, f, &m.toks[f]);
	}
	for (size_t d = 0; d < m.nr_defs; d++)
		any |= m.defs[d].carrier;
	if (any) {
		/*
		 * A macro invoking a carrier carries too (a few levels).  The
		 * carriers' names of each round are sorted once: a kernel tree
		 * has thousands of #defines in its working files.
		 */
		for (size_t d = 0; d < m.nr_defs; d++)
			if (m.defs[d].carrier)
				add_carrier(&m.carriers, m.defs[d].name);
		for (int round = 0; round < 3; round++)
			for (size_t d = 0; d < m.nr_defs; d++) {
				const struct lex_token *v = m.toks[m.defs[d].file].v;

				/* d is no carrier yet: a carrier of its name is another #define */
				for (size_t k = m.defs[d].body; k < m.defs[d].end && !m.defs[d].carrier; k++)
					if (v[k].kind == TOKEN_IDENT && carrier_named(&m.carriers, &v[k])) {
						m.defs[d].carrier = 1;
						add_carrier(&m.carriers, m.defs[d].name);
					}
			}
		typed_by_uses(&m);
		typed_by_header(&m);
	}
	sort_array(m.edits, m.nr_edits, sizeof(*m.edits), by_position);
	for (size_t i = 0; i < m.nr_edits; i++) {
		struct member_edit *ed = &m.edits[i];

		strvec_pushf(ctx->log, "%s:%u: macro-members: member %.*s of a class device, in a #define, becomes %s",
			     ctx->files[ed->file].path, ed->line, (int)ed->len,
			     ctx->files[ed->file].content->buf + ed->offset, ed->new);
	}
	/* from the end of each file, so that the offsets before hold */
	for (size_t i = m.nr_edits; i-- > 0;) {
		struct member_edit *ed = &m.edits[i];
		struct strbuf *sb = ctx->files[ed->file].content;
		struct strbuf out = STRBUF_INIT;

		strbuf_add(&out, sb->buf, ed->offset);
		strbuf_addstr(&out, ed->new);
		strbuf_add(&out, sb->buf + ed->offset + ed->len, sb->len - ed->offset - ed->len);
		strbuf_release(sb);
		*sb = out;
	}
	for (size_t f = 0; f < ctx->nr; f++)
		lex_tokens_release(&m.toks[f]);
	free(m.toks);
	free(m.defs);
	free(m.edits);
	strvec_clear(&m.carriers);
	return 0;
}
