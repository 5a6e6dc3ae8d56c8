#define _GNU_SOURCE
#include "rewrite/macro-callbacks.h"
#include "lex/lex.h"
#include "rewrite/macro-convert.h"

#include <stdlib.h>
#include <string.h>

/* A stretch of a file to convert: a macro definition or a macro-named declaration. */
struct region {
	size_t start, name_start;
	unsigned line;
	const char *name;	/* the macro's name, or NULL for a declaration */
};

static int region_cmp(const void *a, const void *b)
{
	const struct region *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Does a #define of the text mention one of the tokens?  (Saves a parse.) */
static int may_define(const struct strbuf *sb, const char *const *tokens)
{
	const char *t = sb->buf, *end = sb->buf + sb->len;

	for (const char *p = t; p < end; p++) {
		const char *q = p, *eol;

		/* a directive: '#' first on its line, then "define" */
		if (*p != '#' || (p > t && p[-1] != '\n' && p[-1] != ' ' && p[-1] != '\t'))
			continue;
		for (const char *b = p; b > t && b[-1] != '\n'; b--)
			if (b[-1] != ' ' && b[-1] != '\t')
				goto next;
		q++;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (end - q < 6 || memcmp(q, "define", 6))
			continue;
		for (eol = q; eol < end; eol++)
			if (*eol == '\n' && !(eol > q && (eol[-1] == '\\' ||
						      (eol[-1] == '\r' && eol - 1 > q && eol[-2] == '\\'))))
				break;
		for (size_t i = 0; tokens[i]; i++)
			if (memmem(q, (size_t)(eol - q), tokens[i], strlen(tokens[i])))
				return 1;
		p = eol;
next:
		;
	}
	return 0;
}

/* A #define found by scanning lines: its name and body extent. */
struct define {
	size_t start, end;	/* the name .. just after the last token */
	size_t name_len;
};

/* The #define lines of text[0, len), in file order. */
static size_t find_defines(const char *t, size_t len, struct define **out)
{
	size_t nr = 0, alloc = 0, i = 0;

	*out = NULL;
	while (i < len) {
		size_t p = i, e;

		while (p < len && (t[p] == ' ' || t[p] == '\t'))
			p++;
		/* the logical line: backslash-newlines joined */
		for (e = p; e < len && t[e] != '\n'; e++)
			if (t[e] == '\\' && e + 1 < len &&
			    (t[e + 1] == '\n' || (t[e + 1] == '\r' && e + 2 < len && t[e + 2] == '\n')))
				e += t[e + 1] == '\n' ? 1 : 2;
		if (p < e && t[p] == '#') {
			p++;
			while (p < e && (t[p] == ' ' || t[p] == '\t'))
				p++;
			if (e - p > 6 && !memcmp(t + p, "define", 6) && (t[p + 6] == ' ' || t[p + 6] == '\t')) {
				size_t n, end = e;

				p += 6;
				while (p < e && (t[p] == ' ' || t[p] == '\t'))
					p++;
				for (n = p; n < e && lex_ident_char((unsigned char)t[n]); n++)
					;
				while (end > n && (t[end - 1] == ' ' || t[end - 1] == '\t' ||
						   t[end - 1] == '\r' || t[end - 1] == '\n' ||
						   t[end - 1] == '\\'))
					end--;
				if (n > p) {
					ALLOC_GROW(*out, nr + 1, alloc);
					(*out)[nr].start = p;
					(*out)[nr].end = end;
					(*out)[nr].name_len = n - p;
					nr++;
				}
			}
		}
		i = e + 1;
	}
	return nr;
}


/*
 * Text [start, end) of `now` goes back to old's [old_start, old_end) when
 * it differs and lies after what `out` already holds (up to *pos).
 * Returns 1 when it did.
 */
static int put_back(struct strbuf *out, const struct strbuf *now, size_t *pos,
		    size_t start, size_t end, const struct strbuf *old,
		    size_t old_start, size_t old_end)
{
	if (start < *pos || (end - start == old_end - old_start &&
			     !memcmp(now->buf + start, old->buf + old_start, old_end - old_start)))
		return 0;
	strbuf_add(out, now->buf + *pos, start - *pos);
	strbuf_add(out, old->buf + old_start, old_end - old_start);
	*pos = end;
	return 1;
}

/* After put_back(): `now` becomes out plus its rest from pos, if changed. */
static void finish_put_back(struct strbuf *now, struct strbuf *out, size_t pos, int changed)
{
	if (changed) {
		strbuf_add(out, now->buf + pos, now->len - pos);
		strbuf_reset(now);
		strbuf_add(now, out->buf, out->len);
	}
	strbuf_release(out);
}

/*
 * The rules must not change a pasted definition that the pasted-macros
 * pass left for a human: spatch may have rewritten a part of it (the
 * type, not the callback's parameters).  Put back the text it had when
 * the step began.
 */
static int restore_refused(struct rewrite_file *f)
{
	const struct strbuf *old = f->step_start;
	struct define *was = NULL, *now = NULL;
	size_t nr_was, nr_now, pos = 0;
	struct strbuf out = STRBUF_INIT;
	int changed = 0;

	if (!old || !memmem(old->buf, old->len, "##", 2))
		return 0;
	nr_was = find_defines(old->buf, old->len, &was);
	nr_now = find_defines(f->content->buf, f->content->len, &now);
	for (size_t d = 0; d < nr_was; d++) {
		const struct define *w = &was[d];
		struct strbuf conv = STRBUF_INIT, why = STRBUF_INIT;
		size_t nth = 0, seen = 0;
		int rc;

		if (!macro_convert_is_pasted(old->buf, w->start, w->end))
			continue;
		rc = macro_convert(old->buf, old->len, w->start, w->end, &conv, &why, NULL);
		strbuf_release(&conv);
		strbuf_release(&why);
		if (rc >= 0)
			continue;
		/* the same definition now: the same name, as many times defined before it */
		for (size_t k = 0; k < d; k++)
			nth += was[k].name_len == w->name_len &&
			       !memcmp(old->buf + was[k].start, old->buf + w->start, w->name_len);
		for (size_t k = 0; k < nr_now; k++) {
			const struct define *n = &now[k];

			if (n->name_len != w->name_len ||
			    memcmp(f->content->buf + n->start, old->buf + w->start, w->name_len) ||
			    seen++ != nth)
				continue;
			changed |= put_back(&out, f->content, &pos, n->start, n->end,
					    old, w->start, w->end);
			break;
		}
	}
	finish_put_back(f->content, &out, pos, changed);
	free(was);
	free(now);
	return changed;
}

/*
 * The rules must not change the body of a function named by a macro
 * either: spatch sees through the macro on its first parse only, so a
 * rule after another converts a part.  Put back the body the function had
 * when the step began (pasted-macros converted its parameter list only).
 */
static int restore_named_bodies(struct rewrite_file *f)
{
	const struct strbuf *old = f->step_start;
	struct macro_convert_named_fn *fw = NULL, *fn = NULL;
	size_t nr_was, nr_now, pos = 0;
	struct strbuf out = STRBUF_INIT;
	int changed = 0;

	if (!old || !macro_convert_may_name_by_macro(old))
		return 0;
	nr_was = macro_convert_named_fns(old->buf, old->len, 0, &fw);
	nr_now = macro_convert_named_fns(f->content->buf, f->content->len, 1, &fn);
	for (size_t d = 0; d < nr_was; d++) {
		size_t ks = fw[d].name_start, ke = fw[d].name_end;
		size_t nth = 0, seen = 0;

		/* the same function now: NAME(args) written the same, as many times before */
		for (size_t k = 0; k < d; k++) {
			size_t s2 = fw[k].name_start, e2 = fw[k].name_end;

			nth += e2 - s2 == ke - ks && !memcmp(old->buf + s2, old->buf + ks, ke - ks);
		}
		for (size_t k = 0; k < nr_now; k++) {
			size_t s2 = fn[k].name_start, e2 = fn[k].name_end;

			if (e2 - s2 != ke - ks || memcmp(f->content->buf + s2, old->buf + ks, ke - ks) ||
			    seen++ != nth)
				continue;
			changed |= put_back(&out, f->content, &pos, fn[k].body_start, fn[k].body_end,
					    old, fw[d].body_start, fw[d].body_end);
			break;
		}
	}
	finish_put_back(f->content, &out, pos, changed);
	free(fw);
	free(fn);
	return changed;
}

/* Which regions a run converts. */
enum macro_mode {
	MODE_PASTED,	/* before the rules: pasted definitions, macro-named functions */
	MODE_REST,	/* after them: the other definitions */
};

static int run_pass(struct rewrite_context *ctx, enum macro_mode mode)
{
	static const char *const tokens[] = {
		"class_device", "CLASS_DEVICE_ATTR", "class_get_devdata", "class_set_devdata", NULL,
	};
	struct strbuf *next = xcalloc(ctx->nr ? ctx->nr : 1, sizeof(*next));
	int *changed = xcalloc(ctx->nr ? ctx->nr : 1, sizeof(*changed));
	/* the log names the pass that made the edit (steps: prepare or rewriter) */
	const char *pass = mode == MODE_PASTED ? "pasted-macros" : "macro-callbacks";


	/* parse everything first: the classifier's overlay points at the contents */
	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *f = &ctx->files[i];
		struct macro_definition *defs = NULL;
		struct macro_named_function *fns = NULL;
		struct region *regions;
		size_t nr_defs = 0, nr_fns = 0, nr = 0, pos = 0;

		next[i] = (struct strbuf)STRBUF_INIT;
		if (!f->in_step)
			continue;
		if (may_define(f->content, tokens) &&
		    classify_macro_definitions(ctx->classify, f->path, tokens, &defs, &nr_defs) < 0) {
			strvec_pushf(ctx->log, "%s: %s: cannot parse the file: its macro bodies are left",
				     f->path, pass);
			continue;
		}
		if (mode == MODE_PASTED && macro_convert_may_name_by_macro(f->content) &&
		    classify_macro_named_functions(ctx->classify, f->path, "class_device", &fns, &nr_fns) < 0)
			nr_fns = 0;
		regions = xcalloc(nr_defs + nr_fns + 1, sizeof(*regions));
		for (size_t d = 0; d < nr_defs; d++) {
			if (defs[d].start > f->content->len || defs[d].end > f->content->len ||
			    macro_convert_is_pasted(f->content->buf, defs[d].start, defs[d].end) !=
			    (mode == MODE_PASTED))
				continue;
			regions[nr].start = defs[d].start;
			regions[nr].name_start = defs[d].end;	/* the definition's end */
			regions[nr].line = defs[d].line;
			regions[nr].name = defs[d].name;
			nr++;
		}
		for (size_t d = 0; d < nr_fns; d++) {
			regions[nr].start = fns[d].decl_start;
			regions[nr].name_start = fns[d].name_start;
			regions[nr].line = fns[d].line;
			regions[nr].name = NULL;
			nr++;
		}
		sort_array(regions, nr, sizeof(*regions), region_cmp);
		for (size_t d = 0; d < nr; d++) {
			struct region *r = &regions[d];
			struct strbuf why = STRBUF_INIT;
			struct macro_convert_stats st;
			size_t end;
			int rc;

			if (r->start < pos || r->start > f->content->len ||
			    r->name_start > f->content->len)
				continue;
			strbuf_add(&next[i], f->content->buf + pos, r->start - pos);
			if (r->name) {
				end = r->name_start;
				rc = macro_convert(f->content->buf, f->content->len, r->start, end,
							     &next[i], &why, &st);
			} else {
				rc = macro_convert_named(f->content->buf, f->content->len, r->start,
								   r->name_start, &end, &next[i], &why, &st);
			}
			if (rc < 0)
				strvec_pushf(ctx->log, "%s:%u: %s: %s%s left unchanged: %s",
					     f->path, r->line, pass, r->name ? "macro " : "declaration",
					     r->name ? r->name : "", why.buf);
			else if (rc > 0 && r->name)
				strvec_pushf(ctx->log, "%s:%u: %s: converted macro %s (%u callbacks, %u attributes, %u edits)",
					     f->path, r->line, pass, r->name, st.callbacks, st.attributes, st.edits);
			else if (rc > 0)
				strvec_pushf(ctx->log, "%s:%u: %s: converted a declaration named by a macro (%u callbacks, %u edits)",
					     f->path, r->line, pass, st.callbacks, st.edits);
			changed[i] |= rc > 0;
			strbuf_release(&why);
			pos = end;
		}
		strbuf_add(&next[i], f->content->buf + pos, f->content->len - pos);
		for (size_t d = 0; d < nr_defs; d++)
			free(defs[d].name);
		free(defs);
		free(fns);
		free(regions);
	}
	for (size_t i = 0; i < ctx->nr; i++) {
		if (changed[i]) {
			strbuf_reset(ctx->files[i].content);
			strbuf_add(ctx->files[i].content, next[i].buf, next[i].len);
		}
		strbuf_release(&next[i]);
	}
	free(next);
	free(changed);
	/* last: the classifier's overlay points at the contents until here */
	if (mode == MODE_REST)
		for (size_t i = 0; i < ctx->nr; i++)
			if (ctx->files[i].in_step) {
				restore_refused(&ctx->files[i]);
				restore_named_bodies(&ctx->files[i]);
			}
	return 0;
}

int rewrite_macro_callbacks_pasted(struct rewrite_context *ctx)
{
	return run_pass(ctx, MODE_PASTED);
}

int rewrite_macro_callbacks(struct rewrite_context *ctx)
{
	return run_pass(ctx, MODE_REST);
}
