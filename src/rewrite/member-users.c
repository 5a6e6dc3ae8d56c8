#define _GNU_SOURCE
#include "rewrite/member-users.h"
#include "kernel/kernel.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

static int is_punct(const struct lex_token *t, const char *s)
{
	return t->kind == TOKEN_PUNCT && lex_token_is(t, s);
}

static int is_access(const struct lex_token *t)
{
	return is_punct(t, ".") || is_punct(t, "->");
}

static void push_unique(struct strvec *v, const char *s)
{
	if (strvec_has(v, s))
		return;
	strvec_push(v, s);
	strvec_sort(v);
}

void member_users_retyped(const char *text, size_t len, struct strvec *out)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	/* per open brace: the tag of the struct it opens, NULL for a block */
	char **open = NULL;
	size_t depth = 0, alloc = 0;

	lex_tokenize(text, len, &t);
	for (size_t k = 0; k < t.nr; k++) {
		const struct lex_token *v = t.v;

		if (v[k].directive)
			continue;
		if (is_punct(&v[k], "{")) {
			char *tag = NULL;

			if (k >= 1 && (lex_token_is(&v[k - 1], "struct") || lex_token_is(&v[k - 1], "union")))
				tag = xstrdup("");
			else if (k >= 2 && v[k - 1].kind == TOKEN_IDENT &&
				 (lex_token_is(&v[k - 2], "struct") || lex_token_is(&v[k - 2], "union")))
				tag = xstrndup(v[k - 1].text, v[k - 1].len);
			ALLOC_GROW(open, depth + 1, alloc);
			open[depth++] = tag;
		} else if (is_punct(&v[k], "}")) {
			if (depth)
				free(open[--depth]);
		} else if (depth && open[depth - 1] && v[k].kind == TOKEN_IDENT && k + 1 < t.nr &&
			   (is_punct(&v[k + 1], ";") || is_punct(&v[k + 1], ",") ||
			    is_punct(&v[k + 1], "[") || is_punct(&v[k + 1], ":"))) {
			size_t b = k;

			while (b > 0 && is_punct(&v[b - 1], "*"))
				b--;
			if (b >= 2 && lex_token_is(&v[b - 1], "class_device") &&
			    lex_token_is(&v[b - 2], "struct")) {
				char *pair = xstrfmt("%s\t%.*s", open[depth - 1], (int)v[k].len, v[k].text);

				push_unique(out, pair);
				free(pair);
			}
		}
	}
	while (depth)
		free(open[--depth]);
	free(open);
	lex_tokens_release(&t);
}

/* The field of a "tag\tfield" pair. */
static const char *field_of(const char *pair)
{
	const char *tab = strchr(pair, '\t');

	return tab ? tab + 1 : pair;
}

void member_users_tokens(const struct strvec *retyped, struct strvec *tokens)
{
	for (size_t i = 0; i < retyped->nr; i++)
		for (size_t r = 0; r < kernel_nr_member_renames; r++) {
			char *dot = xstrfmt("%s.%s", field_of(retyped->v[i]), kernel_member_renames[r].old);
			char *arrow = xstrfmt("%s->%s", field_of(retyped->v[i]), kernel_member_renames[r].old);

			push_unique(tokens, dot);
			push_unique(tokens, arrow);
			free(dot);
			free(arrow);
		}
}

static int is_retyped_field(const struct strvec *retyped, const struct lex_token *t)
{
	for (size_t i = 0; i < retyped->nr; i++) {
		const char *f = field_of(retyped->v[i]);

		if (strlen(f) == t->len && !memcmp(f, t->text, t->len))
			return 1;
	}
	return 0;
}

/*
 * Token k of v is the m of `.F.m`/`->F->m` with F a retyped field and m a
 * renamed class_device member (none of which is a struct: in x->F.dev.y
 * the dev is another's): its new name, or NULL.
 */
static const char *access_at(const struct lex_token *v, size_t nr, size_t k,
			     const struct strvec *retyped)
{
	if (k < 3 || v[k].kind != TOKEN_IDENT || !is_access(&v[k - 1]) ||
	    v[k - 2].kind != TOKEN_IDENT || !is_access(&v[k - 3]) ||
	    (k + 1 < nr && is_punct(&v[k + 1], ".")))
		return NULL;
	if (!kernel_member_rename(v[k].text, v[k].len) || !is_retyped_field(retyped, &v[k - 2]))
		return NULL;
	return kernel_member_rename(v[k].text, v[k].len);
}

int member_users_candidate(const char *text, size_t len, const struct strvec *retyped)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	int found = 0;

	if (!retyped->nr)
		return 0;
	lex_tokenize(text, len, &t);
	for (size_t k = 0; k < t.nr && !found; k++)
		found = access_at(t.v, t.nr, k, retyped) != NULL;
	lex_tokens_release(&t);
	return found;
}

/* A lexical access `.F.m` of a file: token index, matched by a typed use. */
struct occurrence {
	size_t tok;
	int typed;
};

static int pair_listed(const struct strvec *retyped, const char *record, const char *field)
{
	for (size_t i = 0; i < retyped->nr; i++) {
		const char *tab = strchr(retyped->v[i], '\t');

		if (tab && (size_t)(tab - retyped->v[i]) == strlen(record) &&
		    !memcmp(retyped->v[i], record, strlen(record)) && !strcmp(tab + 1, field))
			return 1;
	}
	return 0;
}

/*
 * The occurrence an access that a macro invocation wrote stands for: the
 * first one not yet typed, of the same F.m, from the invocation's line to
 * the end of its statement (a macro argument is spelled there).
 */
static struct occurrence *in_invocation(const struct lex_tokens *t, struct occurrence *occ,
					size_t nr_occ, const struct member_use *u)
{
	size_t first = 0;

	while (first < t->nr && t->v[first].line < u->line)
		first++;
	for (size_t o = 0; o < nr_occ; o++) {
		const struct lex_token *m = &t->v[occ[o].tok], *f = &t->v[occ[o].tok - 2];
		int ended = 0;

		if (occ[o].typed || occ[o].tok < first || m->directive ||
		    strlen(u->member) != m->len || memcmp(u->member, m->text, m->len) ||
		    strlen(u->base_field) != f->len || memcmp(u->base_field, f->text, f->len))
			continue;
		for (size_t k = first; k < occ[o].tok && !ended; k++)
			ended = !t->v[k].directive && is_punct(&t->v[k], ";");
		if (!ended)
			return &occ[o];
	}
	return NULL;
}

/* One rename in a file: the member token at offset becomes new. */
struct edit {
	size_t offset, len;
	const char *new;
	unsigned line;
	char *field;
};

static int by_offset(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static void add_edit(struct edit **v, size_t *nr, size_t *alloc, size_t offset, size_t len,
		     const char *new, unsigned line, const char *field)
{
	for (size_t i = 0; i < *nr; i++)
		if ((*v)[i].offset == offset)
			return;
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[*nr].offset = offset;
	(*v)[*nr].len = len;
	(*v)[*nr].new = new;
	(*v)[*nr].line = line;
	(*v)[*nr].field = xstrdup(field);
	(*nr)++;
}

/* Whether f's text accesses a retyped member at all (then it is parsed). */
static int accesses_retyped(const struct rewrite_file *f, const struct strvec *retyped)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	int found = 0;

	lex_tokenize(f->content->buf, f->content->len, &t);
	for (size_t k = 0; k < t.nr && !found; k++)
		found = access_at(t.v, t.nr, k, retyped) != NULL;
	lex_tokens_release(&t);
	return found;
}

/*
 * The new text of f goes to *converted (untouched when nothing changes):
 * the classifier's overlay points at every working file's contents, so
 * none may change until every file is parsed.  uses, nr_uses: f's
 * classify_member_uses(), count its return (< 0: f did not parse).
 */
static void convert_file(struct rewrite_context *ctx, struct rewrite_file *f,
			 const struct strvec *retyped, struct strbuf *converted,
			 const struct member_use *uses, size_t nr_uses, int count)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	struct occurrence *occ = NULL;
	struct edit *edits = NULL;
	size_t nr_occ = 0, alloc_occ = 0, nr_edits = 0, alloc_edits = 0;
	struct strbuf *sb = f->content;

	lex_tokenize(sb->buf, sb->len, &t);
	for (size_t k = 0; k < t.nr; k++)
		if (access_at(t.v, t.nr, k, retyped)) {
			ALLOC_GROW(occ, nr_occ + 1, alloc_occ);
			occ[nr_occ].tok = k;
			occ[nr_occ].typed = 0;
			nr_occ++;
		}
	if (!nr_occ)
		goto out;
	if (count < 0) {
		strvec_pushf(ctx->log, "%s: member-users: cannot parse the file: its uses of a retyped class device member are left",
			     f->path);
		goto out;
	}
	for (size_t u = 0; u < nr_uses; u++) {
		const struct member_use *use = &uses[u];
		const char *new = kernel_member_rename(use->member, strlen(use->member));
		size_t mlen = strlen(use->member);

		if (!new || !use->base_field || !pair_listed(retyped, use->base_record, use->base_field))
			continue;
		if (use->offset >= 0) {
			if ((size_t)use->offset + mlen > sb->len || memcmp(sb->buf + use->offset, use->member, mlen))
				continue;
			for (size_t o = 0; o < nr_occ; o++)
				if (t.v[occ[o].tok].offset == (size_t)use->offset)
					occ[o].typed = 1;
			add_edit(&edits, &nr_edits, &alloc_edits, (size_t)use->offset, mlen, new,
				 use->line, use->base_field);
		} else {
			struct occurrence *o = in_invocation(&t, occ, nr_occ, use);

			if (!o)
				continue;	/* a macro body wrote it: the macro-members pass's */
			o->typed = 1;
			add_edit(&edits, &nr_edits, &alloc_edits, t.v[o->tok].offset, mlen, new,
				 t.v[o->tok].line, use->base_field);
		}
	}
	for (size_t o = 0; o < nr_occ; o++) {
		const struct lex_token *m = &t.v[occ[o].tok], *fl = &t.v[occ[o].tok - 2];

		if (!occ[o].typed && m->directive)
			strvec_pushf(ctx->log, "%s:%u: member-users: %.*s.%.*s in a #define is left to the macro-members pass (typed by its uses there)",
				     f->path, m->line, (int)fl->len, fl->text, (int)m->len, m->text);
	}
	sort_array(edits, nr_edits, sizeof(*edits), by_offset);
	for (size_t i = 0; i < nr_edits; i++)
		strvec_pushf(ctx->log, "%s:%u: member-users: %s.%.*s of a class device becomes %s.%s%s",
			     f->path, edits[i].line, edits[i].field, (int)edits[i].len,
			     sb->buf + edits[i].offset, edits[i].field, edits[i].new,
			     f->in_step ? "" : " (the file never names the API; the member is retyped in its header)");
	/* from the end, so that the offsets before hold */
	if (nr_edits)
		strbuf_add(converted, sb->buf, sb->len);
	for (size_t i = nr_edits; i-- > 0;) {
		struct strbuf out = STRBUF_INIT;

		strbuf_add(&out, converted->buf, edits[i].offset);
		strbuf_addstr(&out, edits[i].new);
		strbuf_add(&out, converted->buf + edits[i].offset + edits[i].len,
			   converted->len - edits[i].offset - edits[i].len);
		strbuf_release(converted);
		*converted = out;
	}
out:
	for (size_t i = 0; i < nr_edits; i++)
		free(edits[i].field);
	free(edits);
	free(occ);
	lex_tokens_release(&t);
}

int rewrite_member_users(struct rewrite_context *ctx)
{
	struct strvec retyped = STRVEC_INIT, parsed = STRVEC_INIT;
	struct strbuf *converted;
	struct member_use **uses;
	size_t *nr_uses, *file_of = NULL;
	int *counts;

	for (size_t i = 0; i < ctx->nr; i++)
		if (ctx->files[i].in_step && !kernel_is_class_device_core(ctx->files[i].path))
			member_users_retyped(ctx->files[i].content->buf, ctx->files[i].content->len,
					     &retyped);
	converted = xcalloc(ctx->nr + 1, sizeof(*converted));
	for (size_t i = 0; retyped.nr && i < ctx->nr; i++) {
		struct rewrite_file *f = &ctx->files[i];

		if (!kernel_is_class_device_core(f->path) &&
		    member_users_candidate(f->content->buf, f->content->len, &retyped) &&
		    accesses_retyped(f, &retyped)) {
			strvec_push(&parsed, f->path);
			file_of = xrealloc(file_of, parsed.nr * sizeof(*file_of));
			file_of[parsed.nr - 1] = i;
		}
	}
	/* every file parsed at once, on the classifier's jobs */
	uses = xcalloc(parsed.nr + 1, sizeof(*uses));
	nr_uses = xcalloc(parsed.nr + 1, sizeof(*nr_uses));
	counts = xcalloc(parsed.nr + 1, sizeof(*counts));
	if (parsed.nr)
		classify_member_uses_many(ctx->classify, &parsed, "class_device", uses, nr_uses, counts);
	for (size_t p = 0; p < parsed.nr; p++) {
		convert_file(ctx, &ctx->files[file_of[p]], &retyped, &converted[file_of[p]], uses[p],
			     nr_uses[p], counts[p]);
		classify_member_uses_free(uses[p], nr_uses[p]);
	}
	free(uses);
	free(nr_uses);
	free(counts);
	free(file_of);
	strvec_clear(&parsed);
	for (size_t i = 0; i < ctx->nr; i++) {
		if (!converted[i].len)
			continue;
		strbuf_reset(ctx->files[i].content);
		strbuf_add(ctx->files[i].content, converted[i].buf, converted[i].len);
		strbuf_release(&converted[i]);
	}
	free(converted);
	strvec_clear(&retyped);
	return 0;
}
