#define _GNU_SOURCE
#include "rewrite/api-names.h"
#include "kernel/kernel.h"
#include "lex/lex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define OLD_NAME "class_device"
#define NEW_NAME "dev"
#define FALLBACK_NAME "device"

static int is_punct(const struct lex_token *t, const char *s)
{
	return t->kind == TOKEN_PUNCT && lex_token_is(t, s);
}

static int is_access(const struct lex_token *v, size_t i)
{
	return i > 0 && (is_punct(&v[i - 1], ".") || is_punct(&v[i - 1], "->"));
}

/* A name class_device (not the struct tag) at v[i]. */
static int is_old_name(const struct lex_token *v, size_t i)
{
	return v[i].kind == TOKEN_IDENT && lex_token_is(&v[i], OLD_NAME) &&
	       !(i > 0 && (lex_token_is(&v[i - 1], "struct") || lex_token_is(&v[i - 1], "union")));
}

/* The top-level '{' holding each token (SIZE_MAX at file scope); directives apart. */
static size_t *top_blocks(const struct lex_tokens *t)
{
	size_t *blk = xcalloc(t->nr ? t->nr : 1, sizeof(*blk));
	size_t open = SIZE_MAX;
	int depth = 0;

	for (size_t i = 0; i < t->nr; i++) {
		blk[i] = SIZE_MAX;
		if (t->v[i].directive)
			continue;
		if (is_punct(&t->v[i], "{") && depth++ == 0)
			open = i;
		blk[i] = depth ? open : SIZE_MAX;
		if (is_punct(&t->v[i], "}") && depth > 0 && --depth == 0)
			open = SIZE_MAX;
	}
	return blk;
}

/* Whether the block opened at v[b] is a struct or union body. */
static int is_record_block(const struct lex_token *v, size_t b)
{
	if (b >= 1 && (lex_token_is(&v[b - 1], "struct") || lex_token_is(&v[b - 1], "union")))
		return 1;
	return b >= 2 && v[b - 1].kind == TOKEN_IDENT &&
	       (lex_token_is(&v[b - 2], "struct") || lex_token_is(&v[b - 2], "union"));
}

/* The token closing the block opened at b (non-directive tokens). */
static size_t block_end(const struct lex_tokens *t, size_t b)
{
	size_t e = lex_tokens_match(t->v, t->nr, b);

	return e < t->nr ? e : t->nr - 1;
}

/* Whether v[from..to] names something `name` (not a member access, not a struct tag). */
static int names_word(const struct lex_token *v, size_t from, size_t to, int directives, const char *name)
{
	for (size_t i = from; i <= to; i++)
		if (!!v[i].directive == directives && v[i].kind == TOKEN_IDENT &&
		    lex_token_is(&v[i], name) && !is_access(v, i) &&
		    !(i > 0 && (lex_token_is(&v[i - 1], "struct") || lex_token_is(&v[i - 1], "union") ||
				lex_token_is(&v[i - 1], "enum"))))
			return 1;
	return 0;
}

/* Whether v[from..to] names something dev (not a member access). */
static int names_dev(const struct lex_token *v, size_t from, size_t to, int directives)
{
	return names_word(v, from, to, directives, NEW_NAME);
}

/*
 * The name a parameter or local class_device takes in v[from..to]: dev,
 * else device when the function names dev already (drm's show_dri(), whose
 * drm_device is dev, became show_dri(struct device *device, ...)), else
 * NULL.
 */
static const char *free_name(const struct lex_token *v, size_t from, size_t to, int directives)
{
	if (!names_dev(v, from, to, directives))
		return NEW_NAME;
	if (!names_word(v, from, to, directives, FALLBACK_NAME))
		return FALLBACK_NAME;
	return NULL;
}

/* Whether the record body opened at b declares a member dev. */
static int declares_dev(const struct lex_tokens *t, size_t b)
{
	size_t e = block_end(t, b);

	for (size_t i = b + 1; i + 1 <= e; i++)
		if (!t->v[i].directive && lex_token_is(&t->v[i], NEW_NAME) && !is_access(t->v, i) &&
		    (is_punct(&t->v[i + 1], ";") || is_punct(&t->v[i + 1], ",") ||
		     is_punct(&t->v[i + 1], "[") || is_punct(&t->v[i + 1], ":")))
			return 1;
	return 0;
}

/*
 * The extent [*from, *to] of the function (or declaration) whose
 * parameter or local v[i] is, at file scope i.e. outside a record.
 */
static void function_extent(const struct lex_tokens *t, const size_t *blk, size_t i,
			    size_t *from, size_t *to)
{
	const struct lex_token *v = t->v;
	size_t b = blk[i], s;

	if (b == SIZE_MAX) {
		/* in a parameter list: the body follows, unless a ';' comes first */
		for (b = i + 1; b < t->nr; b++)
			if (!v[b].directive && (is_punct(&v[b], ";") || is_punct(&v[b], "{")))
				break;
		if (b < t->nr && is_punct(&v[b], ";")) {
			*to = b;
			b = i;
		} else {
			*to = b < t->nr ? block_end(t, b) : t->nr - 1;
		}
	} else {
		*to = block_end(t, b);
	}
	for (s = b; s > 0; s--)
		if (!v[s - 1].directive && blk[s - 1] == SIZE_MAX &&
		    (is_punct(&v[s - 1], ";") || is_punct(&v[s - 1], "}")))
			break;
	*from = s;
}

struct name_edit {
	size_t offset;
	const char *name;	/* what class_device becomes there */
};

static int by_offset(const void *a, const void *b)
{
	const struct name_edit *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int may_hold(const struct rewrite_file *f)
{
	return f->in_step && !kernel_is_class_device_core(f->path) &&
	       memmem(f->content->buf, f->content->len, OLD_NAME, strlen(OLD_NAME));
}

/* ------------------------------------------------ names of the file's own */

/*
 * Where the API's word stands in name[0, n) as a whole component (after
 * the start or '_', before the end or '_'): its offset, or -1.  `word` is
 * class_device or CLASS_DEVICE.
 */
static long word_at(const char *name, size_t n, const char *word)
{
	size_t w = strlen(word);

	for (size_t i = 0; i + w <= n; i++)
		if (!memcmp(name + i, word, w) && (i == 0 || name[i - 1] == '_') &&
		    (i + w == n || name[i + w] == '_'))
			return (long)i;
	return -1;
}

/* name with every class_device/CLASS_DEVICE component losing its class_/CLASS_ part. */
static char *local_new_name(const char *name, size_t n)
{
	struct strbuf out = STRBUF_INIT;

	for (size_t i = 0; i < n;) {
		long at = -1;

		if (i == 0 || name[i - 1] == '_') {
			if (word_at(name + i, n - i, OLD_NAME) == 0 || word_at(name + i, n - i, "CLASS_DEVICE") == 0)
				at = 0;
		}
		if (at == 0) {
			i += strlen("class_");
			continue;
		}
		strbuf_addch(&out, name[i++]);
	}
	return strbuf_detach(&out, NULL);
}

/*
 * Whether name (n bytes) is a name of the file's own that carries the
 * API's word: not class_device itself (the members, parameters and locals
 * above), not a Kconfig option, not a name of the API (kernel_renames).
 */
static int is_local_candidate(const char *name, size_t n)
{
	if (n == strlen(OLD_NAME) && !memcmp(name, OLD_NAME, n))
		return 0;
	if (n > 7 && !memcmp(name, "CONFIG_", 7))
		return 0;
	if (word_at(name, n, OLD_NAME) < 0 && word_at(name, n, "CLASS_DEVICE") < 0)
		return 0;
	for (size_t r = 0; r < kernel_nr_renames; r++)
		if (strlen(kernel_renames[r].old) == n && !memcmp(kernel_renames[r].old, name, n))
			return 0;
	return 1;
}

/*
 * The names rf defines for itself only: `#define NAME` lines, and what a
 * file-scope `static` declaration declares (the identifier before its
 * first '(', '[', '=', ';', ',' or '{'; before '(' only a lower-case one,
 * a function: an upper-case one there is a macro the file may not own).
 */
static void local_names(const struct lex_tokens *t, struct strvec *names)
{
	const struct lex_token *v = t->v;
	int depth = 0;

	for (size_t i = 0; i < t->nr; i++) {
		if (v[i].directive) {
			if (v[i].directive_start && i + 2 < t->nr && v[i + 1].directive &&
			    lex_token_is(&v[i + 1], "define") && v[i + 2].directive &&
			    v[i + 2].kind == TOKEN_IDENT && is_local_candidate(v[i + 2].text, v[i + 2].len))
				strvec_pushf(names, "%.*s", (int)v[i + 2].len, v[i + 2].text);
			continue;
		}
		if (is_punct(&v[i], "{"))
			depth++;
		else if (is_punct(&v[i], "}") && depth > 0)
			depth--;
		if (depth || !lex_token_is(&v[i], "static"))
			continue;
		for (size_t j = i + 1; j < t->nr; j++) {
			const struct lex_token *name = &v[j - 1];
			int call;

			if (v[j].directive)
				continue;
			call = is_punct(&v[j], "(");
			if (!call && !is_punct(&v[j], "[") && !is_punct(&v[j], "=") && !is_punct(&v[j], ";") &&
			    !is_punct(&v[j], ",") && !is_punct(&v[j], "{"))
				continue;
			if (name->kind == TOKEN_IDENT && is_local_candidate(name->text, name->len) &&
			    (!call || word_at(name->text, name->len, OLD_NAME) >= 0))
				strvec_pushf(names, "%.*s", (int)name->len, name->text);
			break;
		}
	}
}

/* Whether an identifier token of t is spelled name. */
static int names_anything(const struct lex_tokens *t, const char *name)
{
	for (size_t i = 0; i < t->nr; i++)
		if (t->v[i].kind == TOKEN_IDENT && lex_token_is(&t->v[i], name))
			return 1;
	return 0;
}

/* Whether list holds name (n bytes). */
static int is_c_file(const char *path)
{
	return ends_with(path, ".c");
}

/* Rename the names of rf's own that carry the API's word (api-names.h). */
static void rename_local_names(struct rewrite_context *ctx, struct rewrite_file *rf)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	struct strvec names = STRVEC_INIT, renamed = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;

	/* renamed in the patch that converts the file, as the kernel did; never on their own */
	if (!rf->in_step || !is_c_file(rf->path) || kernel_is_class_device_core(rf->path) ||
	    !rf->step_start ||
	    (rf->step_start->len == rf->content->len &&
	     !memcmp(rf->step_start->buf, rf->content->buf, rf->content->len)) ||
	    (!memmem(rf->content->buf, rf->content->len, OLD_NAME, strlen(OLD_NAME)) &&
	     !memmem(rf->content->buf, rf->content->len, "CLASS_DEVICE", 12)))
		return;
	/* raw: an #if 0 block's uses follow the definition's name */
	lex_tokenize_raw(rf->content->buf, rf->content->len, &t);
	local_names(&t, &names);
	strvec_sort(&names);
	for (size_t k = 0; k < names.nr; k++) {
		char *fresh;

		if (k > 0 && !strcmp(names.v[k], names.v[k - 1]))
			continue;
		fresh = local_new_name(names.v[k], strlen(names.v[k]));

		if (names_anything(&t, fresh)) {
			strvec_pushf(ctx->log, "%s: api-names: %s kept: %s is named in the file already",
				     rf->path, names.v[k], fresh);
			free(fresh);
			continue;
		}
		strvec_push(&renamed, names.v[k]);
		free(fresh);
	}
	if (renamed.nr) {
		size_t pos = 0;

		for (size_t i = 0; i < t.nr; i++) {
			char *fresh;

			if (t.v[i].kind != TOKEN_IDENT)
				continue;
			if (!strvec_has_n(&renamed, t.v[i].text, t.v[i].len))
				continue;
			fresh = local_new_name(t.v[i].text, t.v[i].len);
			strbuf_add(&out, rf->content->buf + pos, t.v[i].offset - pos);
			strbuf_addstr(&out, fresh);
			pos = t.v[i].offset + t.v[i].len;
			free(fresh);
		}
		strbuf_add(&out, rf->content->buf + pos, rf->content->len - pos);
		for (size_t k = 0; k < renamed.nr; k++) {
			char *fresh = local_new_name(renamed.v[k], strlen(renamed.v[k]));

			strvec_pushf(ctx->log, "%s: api-names: %s renamed %s (a name of the file's own)", rf->path,
				     renamed.v[k], fresh);
			free(fresh);
		}
		strbuf_release(rf->content);
		*rf->content = out;
	}
	strvec_clear(&renamed);
	strvec_clear(&names);
	lex_tokens_release(&t);
}

int rewrite_api_names(struct rewrite_context *ctx)
{
	int members_ok = 1;
	char *clash = NULL;

	/* Members first: one decision for the whole run. */
	for (size_t f = 0; f < ctx->nr && members_ok; f++) {
		struct lex_tokens t = LEX_TOKENS_INIT;
		size_t *blk;

		if (!may_hold(&ctx->files[f]))
			continue;
		lex_tokenize(ctx->files[f].content->buf, ctx->files[f].content->len, &t);
		blk = top_blocks(&t);
		for (size_t i = 0; i < t.nr && members_ok; i++)
			if (!t.v[i].directive && is_old_name(t.v, i) && !is_access(t.v, i) &&
			    blk[i] != SIZE_MAX && is_record_block(t.v, blk[i]) &&
			    declares_dev(&t, blk[i])) {
				members_ok = 0;
				clash = xstrfmt("%s:%u", ctx->files[f].path, t.v[i].line);
			}
		free(blk);
		lex_tokens_release(&t);
	}
	if (clash)
		strvec_pushf(ctx->log, "%s: api-names: member class_device left: its struct has a member dev already (a member rename follows every user, so none is renamed)",
			     clash);
	for (size_t f = 0; f < ctx->nr; f++) {
		struct rewrite_file *rf = &ctx->files[f];
		struct lex_tokens t = LEX_TOKENS_INIT;
		struct name_edit *edits = NULL;
		size_t nr = 0, alloc = 0, *blk, left = 0;
		unsigned left_line = 0;

		if (!may_hold(rf))
			continue;
		lex_tokenize(rf->content->buf, rf->content->len, &t);
		blk = top_blocks(&t);
		for (size_t i = 0; i < t.nr; i++) {
			const struct lex_token *v = t.v;
			size_t from, to;
			const char *name = NEW_NAME;
			int ok;

			if (!is_old_name(v, i))
				continue;
			if (v[i].directive) {
				for (from = i; from > 0 && !v[from].directive_start; from--)
					;
				for (to = i; to + 1 < t.nr && v[to + 1].directive && !v[to + 1].directive_start; to++)
					;
				name = free_name(v, from, to, 1);
				ok = name != NULL;
			} else if (is_access(v, i) ||
				   (blk[i] != SIZE_MAX && is_record_block(v, blk[i]))) {
				ok = members_ok;
			} else {
				function_extent(&t, blk, i, &from, &to);
				name = free_name(v, from, to, 0);
				ok = name != NULL;
			}
			if (!ok) {
				if (!left++)
					left_line = v[i].line;
				continue;
			}
			ALLOC_GROW(edits, nr + 1, alloc);
			edits[nr].offset = v[i].offset;
			edits[nr++].name = name;
		}
		if (left)
			strvec_pushf(ctx->log, "%s:%u: api-names: %zu name(s) class_device left: dev and device are named there already (in the function, the macro, or a struct of the run)",
				     rf->path, left_line, left);
		if (nr) {
			struct strbuf out = STRBUF_INIT;
			size_t pos = 0;

			sort_array(edits, nr, sizeof(*edits), by_offset);
			for (size_t k = 0; k < nr; k++) {
				strbuf_add(&out, rf->content->buf + pos, edits[k].offset - pos);
				strbuf_addstr(&out, edits[k].name);
				pos = edits[k].offset + strlen(OLD_NAME);
			}
			strbuf_add(&out, rf->content->buf + pos, rf->content->len - pos);
			strvec_pushf(ctx->log, "%s: api-names: %zu name(s) class_device (members, parameters, locals) renamed dev (or device where dev is taken)",
				     rf->path, nr);
			strbuf_release(rf->content);
			*rf->content = out;
		}
		free(edits);
		free(blk);
		lex_tokens_release(&t);
	}
	free(clash);
	for (size_t f = 0; f < ctx->nr; f++)
		rename_local_names(ctx, &ctx->files[f]);
	return 0;
}
