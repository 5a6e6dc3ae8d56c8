#define _GNU_SOURCE
#include "rewrite/callback-callers.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

/* A function declared or defined at file scope, as its tokens show it. */
struct signature {
	char *name;
	size_t params;
	unsigned line;
	unsigned first_class_device:1;	/* struct class_device *... first */
	unsigned second_attribute:1;	/* a struct device_attribute second */
	unsigned is_static:1;
};

struct signature_list {
	struct signature *v;
	size_t nr, alloc;
};

static void signature_list_release(struct signature_list *l)
{
	for (size_t i = 0; i < l->nr; i++)
		free(l->v[i].name);
	free(l->v);
}

/* Words that can stand before a call's name: the call is no declaration. */
static int is_statement_word(const struct lex_token *t)
{
	static const char *const words[] = {
		"return", "else", "do", "case", "sizeof", "typeof", "__typeof__",
		"goto", "if", "while", "switch", NULL,
	};

	for (size_t i = 0; words[i]; i++)
		if (lex_token_is(t, words[i]))
			return 1;
	return 0;
}

/* Whether v[from..to) holds the token spelled s. */
static int range_has(const struct lex_token *v, size_t from, size_t to, const char *s)
{
	for (size_t i = from; i < to; i++)
		if (lex_token_is(&v[i], s))
			return 1;
	return 0;
}

/*
 * The top-level commas of the bracket v[open]..v[close], as indexes into
 * v, added to *commas (at most max).  The number found.
 */
static size_t top_level_commas(const struct lex_token *v, size_t open, size_t close, size_t *commas,
			       size_t max)
{
	size_t found = 0;
	int depth = 0;

	for (size_t k = open + 1; k < close; k++) {
		if (lex_token_is(&v[k], "(") || lex_token_is(&v[k], "[") || lex_token_is(&v[k], "{"))
			depth++;
		else if (lex_token_is(&v[k], ")") || lex_token_is(&v[k], "]") || lex_token_is(&v[k], "}"))
			depth--;
		else if (!depth && lex_token_is(&v[k], ",")) {
			if (found < max)
				commas[found] = k;
			found++;
		}
	}
	return found;
}

/* The file-scope function declarations and definitions of text. */
static void signatures(const char *text, size_t len, struct signature_list *out)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	size_t start = 0;
	int depth = 0;

	lex_tokenize(text, len, &t);
	for (size_t i = 0; i < t.nr; i++) {
		const struct lex_token *v = t.v;
		size_t close, commas[2], nr_commas;
		struct signature *s;

		if (v[i].directive) {
			start = i + 1;
			continue;
		}
		if (lex_token_is(&v[i], "{")) {
			depth++;
			continue;
		}
		if (lex_token_is(&v[i], "}")) {
			if (depth)
				depth--;
			if (!depth)
				start = i + 1;
			continue;
		}
		if (!depth && lex_token_is(&v[i], ";")) {
			start = i + 1;
			continue;
		}
		if (depth || v[i].kind != TOKEN_IDENT || i == start || i + 1 >= t.nr ||
		    !lex_token_is(&v[i + 1], "(") || v[i + 1].directive ||
		    !(lex_token_is(&v[i - 1], "*") ||
		      (v[i - 1].kind == TOKEN_IDENT && !is_statement_word(&v[i - 1]))))
			continue;
		close = lex_tokens_match(v, t.nr, i + 1);
		if (close >= t.nr || close + 1 >= t.nr ||
		    !(lex_token_is(&v[close + 1], ";") || lex_token_is(&v[close + 1], "{") ||
		      lex_token_is(&v[close + 1], ",")))
			continue;
		nr_commas = top_level_commas(v, i + 1, close, commas, 2);
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		s = &out->v[out->nr++];
		memset(s, 0, sizeof(*s));
		s->name = xstrndup(v[i].text, v[i].len);
		s->line = v[i].line;
		s->params = close == i + 2 ? 0 : nr_commas + 1;
		s->is_static = range_has(v, start, i, "static");
		{
			size_t end0 = nr_commas ? commas[0] : close;

			s->first_class_device = range_has(v, i + 2, end0, "class_device") &&
						range_has(v, i + 2, end0, "*");
			if (nr_commas)
				s->second_attribute = range_has(v, commas[0] + 1, nr_commas > 1 ? commas[1] : close,
								"device_attribute");
		}
	}
	lex_tokens_release(&t);
}

void callback_callers_names(const char *text, size_t len, struct strvec *out)
{
	struct signature_list l = { NULL, 0, 0 };

	signatures(text, len, &l);
	for (size_t i = 0; i < l.nr; i++)
		if (!l.v[i].is_static && l.v[i].first_class_device && (l.v[i].params == 2 || l.v[i].params == 3) &&
		    !strvec_sorted_has(out, l.v[i].name)) {
			strvec_push(out, l.v[i].name);
			strvec_sort(out);
		}
	signature_list_release(&l);
}

int callback_callers_candidate(const char *text, size_t len, const struct strvec *names)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	int found = 0;

	lex_tokenize(text, len, &t);
	for (size_t i = 0; i + 1 < t.nr && !found; i++)
		if (t.v[i].kind == TOKEN_IDENT && lex_token_is(&t.v[i + 1], "(")) {
			char *name = xstrndup(t.v[i].text, t.v[i].len);

			found = strvec_sorted_has(names, name);
			free(name);
		}
	lex_tokens_release(&t);
	return found;
}

/*
 * The callbacks the step retyped, as "NAME\tOLD-ARITY\tFILE" sorted by
 * name: a non-static function of a step file that takes a struct
 * device_attribute second now and took a struct class_device pointer
 * first, with one parameter less, when the step began.
 */
static void retyped_callbacks(struct rewrite_context *ctx, struct strvec *out)
{
	for (size_t f = 0; f < ctx->nr; f++) {
		struct rewrite_file *rf = &ctx->files[f];
		struct signature_list now = { NULL, 0, 0 }, then = { NULL, 0, 0 };

		if (!rf->in_step || !rf->step_start)
			continue;
		signatures(rf->content->buf, rf->content->len, &now);
		signatures(rf->step_start->buf, rf->step_start->len, &then);
		for (size_t i = 0; i < now.nr; i++) {
			const struct signature *s = &now.v[i];

			if (s->is_static || !s->second_attribute || s->params < 3)
				continue;
			for (size_t j = 0; j < then.nr; j++) {
				const struct signature *o = &then.v[j];

				if (!strcmp(o->name, s->name) && o->first_class_device && !o->second_attribute &&
				    o->params + 1 == s->params) {
					strvec_pushf(out, "%s\t%zu\t%s", s->name, o->params, rf->path);
					break;
				}
			}
		}
		signature_list_release(&now);
		signature_list_release(&then);
	}
	strvec_sort(out);
}

/* The entry of `retyped` for the name v (len bytes), or NULL. */
static const char *retyped_entry(const struct strvec *retyped, const char *name, size_t len)
{
	for (size_t i = 0; i < retyped->nr; i++)
		if (!strncmp(retyped->v[i], name, len) && retyped->v[i][len] == '\t')
			return retyped->v[i];
	return NULL;
}

int rewrite_callback_callers(struct rewrite_context *ctx)
{
	struct strvec retyped = STRVEC_INIT;

	retyped_callbacks(ctx, &retyped);
	for (size_t f = 0; retyped.nr && f < ctx->nr; f++) {
		struct rewrite_file *rf = &ctx->files[f];
		struct lex_tokens t = LEX_TOKENS_INIT;
		size_t *at = NULL, nr_at = 0, alloc_at = 0;

		lex_tokenize(rf->content->buf, rf->content->len, &t);
		for (size_t i = 0; i + 1 < t.nr; i++) {
			const struct lex_token *v = t.v;
			const char *entry;
			size_t close, commas[1], args, old;

			if (v[i].kind != TOKEN_IDENT || !lex_token_is(&v[i + 1], "(") ||
			    !(entry = retyped_entry(&retyped, v[i].text, v[i].len)))
				continue;
			/* a declaration (a type before the name), a member's call (ops->show) */
			if (i > 0 && (lex_token_is(&v[i - 1], "*") || lex_token_is(&v[i - 1], ".") ||
				      lex_token_is(&v[i - 1], "->") ||
				      (v[i - 1].kind == TOKEN_IDENT && !is_statement_word(&v[i - 1]))))
				continue;
			close = lex_tokens_match(v, t.nr, i + 1);
			if (close >= t.nr || close == i + 2)
				continue;
			args = top_level_commas(v, i + 1, close, commas, 1) + 1;
			old = strtoul(strchr(entry, '\t') + 1, NULL, 10);
			if (args != old)
				continue;
			ALLOC_GROW(at, nr_at + 1, alloc_at);
			at[nr_at++] = v[commas[0]].offset + 1;
			strvec_pushf(ctx->log, "%s:%u: callback-callers: %.*s() takes the attribute second now (%s): NULL passed",
				     rf->path, v[i].line, (int)v[i].len, v[i].text, strrchr(entry, '\t') + 1);
		}
		lex_tokens_release(&t);
		if (nr_at) {
			struct strbuf sb = STRBUF_INIT;
			size_t from = 0;

			for (size_t k = 0; k < nr_at; k++) {
				strbuf_add(&sb, rf->content->buf + from, at[k] - from);
				strbuf_addstr(&sb, " NULL,");
				from = at[k];
			}
			strbuf_add(&sb, rf->content->buf + from, rf->content->len - from);
			strbuf_reset(rf->content);
			strbuf_add(rf->content, sb.buf, sb.len);
			strbuf_release(&sb);
		}
		free(at);
	}
	strvec_clear(&retyped);
	return 0;
}
