#include "lex/lex.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

int lex_token_is(const struct lex_token *t, const char *s)
{
	size_t n = strlen(s);

	return t->len == n && !memcmp(t->text, s, n);
}

size_t lex_tokens_match(const struct lex_token *v, size_t nr, size_t open)
{
	char o = *v[open].text, close = o == '(' ? ')' : o == '[' ? ']' : '}';
	unsigned directive = v[open].directive;
	int depth = 0;

	for (size_t i = open; i < nr; i++) {
		if (v[i].kind != TOKEN_PUNCT || v[i].len != 1 || v[i].directive != directive)
			continue;
		if (*v[i].text == o)
			depth++;
		else if (*v[i].text == close && !--depth)
			return i;
	}
	return nr;
}

static size_t punct_len(const char *p, size_t left)
{
	static const char *const three[] = { "...", "<<=", ">>=", NULL };
	static const char *const two[] = {
		"->", "##", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=",
		"/=", "%=", "&=", "|=", "^=", "<<", ">>", NULL,
	};

	for (size_t i = 0; three[i] && left >= 3; i++)
		if (!memcmp(p, three[i], 3))
			return 3;
	for (size_t i = 0; two[i] && left >= 2; i++)
		if (!memcmp(p, two[i], 2))
			return 2;
	return 1;
}

static void push_token(struct lex_tokens *out, enum lex_token_kind kind, const char *text,
		       size_t start, size_t len, unsigned line, unsigned column, int directive,
		       int directive_start)
{
	struct lex_token *t;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	t = &out->v[out->nr++];
	t->kind = kind;
	t->text = text + start;
	t->len = (unsigned)len;
	t->line = line;
	t->column = column;
	t->offset = start;
	t->directive = !!directive;
	t->directive_start = !!directive_start;
}

/* Drop the tokens of #if 0 branches (up to the matching #else, #elif or #endif). */
static void drop_if0(struct lex_tokens *t, unsigned flags)
{
	size_t out = 0, i = 0;

	while (i < t->nr) {
		struct lex_token *v = t->v;

		if (v[i].directive_start && i + 2 < t->nr && lex_token_is(&v[i + 1], "if") &&
		    lex_token_is(&v[i + 2], "0") &&
		    ((flags & LEX_IF0_PREFIX) ? v[i + 2].directive && !v[i + 2].directive_start :
		     i + 3 >= t->nr || !v[i + 3].directive || v[i + 3].directive_start)) {
			int depth = 1;

			for (i += 3; i < t->nr; i++) {
				if (!v[i].directive_start || i + 1 >= t->nr)
					continue;
				if (lex_token_is(&v[i + 1], "if") || lex_token_is(&v[i + 1], "ifdef") ||
				    lex_token_is(&v[i + 1], "ifndef")) {
					depth++;
				} else if (lex_token_is(&v[i + 1], "endif")) {
					if (!--depth)
						break;
				} else if (depth == 1 && (lex_token_is(&v[i + 1], "else") ||
							  lex_token_is(&v[i + 1], "elif"))) {
					break;
				}
			}
			/* keep the closing directive itself out too: skip to its end */
			if (i < t->nr && lex_token_is(&v[i + 1], "endif")) {
				i++;
				while (i < t->nr && v[i].directive && !v[i].directive_start)
					i++;
			} else if (i < t->nr) {
				/* #else / #elif: the next branch is read; drop only its directive */
				i++;
				while (i < t->nr && v[i].directive && !v[i].directive_start)
					i++;
			}
			continue;
		}
		t->v[out++] = t->v[i++];
	}
	t->nr = out;
}

void lex_tokenize_raw(const char *text, size_t len, struct lex_tokens *out)
{
	size_t i = 0, line_start = 0;
	unsigned line = 1;
	int directive = 0, line_has_token = 0;

	while (i < len) {
		char c = text[i];
		size_t start = i;
		unsigned column = (unsigned)(i - line_start + 1);

		if (c == '\\' && (i + 1 < len && (text[i + 1] == '\n' ||
						  (text[i + 1] == '\r' && i + 2 < len && text[i + 2] == '\n')))) {
			i += text[i + 1] == '\n' ? 2 : 3;
			line++;
			line_start = i;
			continue;
		}
		if (c == '\n') {
			i++;
			line++;
			line_start = i;
			directive = 0;
			line_has_token = 0;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '/' && i + 1 < len && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
			continue;
		}
		if (c == '/' && i + 1 < len && text[i + 1] == '*') {
			for (i += 2; i < len && !(text[i] == '*' && i + 1 < len && text[i + 1] == '/'); i++)
				if (text[i] == '\n') {
					line++;
					line_start = i + 1;
				}
			i = i < len ? i + 2 : len;
			continue;
		}
		if (c == '#' && !line_has_token) {
			directive = 1;
			line_has_token = 1;
			push_token(out, TOKEN_PUNCT, text, i, 1, line, column, 1, 1);
			i++;
			continue;
		}
		line_has_token = 1;
		if (c == '"' || c == '\'') {
			for (i++; i < len && text[i] != c && text[i] != '\n'; i++)
				if (text[i] == '\\' && i + 1 < len)
					i++;
			if (i < len && text[i] == c)
				i++;
			push_token(out, c == '"' ? TOKEN_STRING : TOKEN_CHAR, text, start, i - start, line,
				   column, directive, 0);
		} else if (lex_ident_start(c)) {
			while (i < len && lex_ident_char(text[i]))
				i++;
			push_token(out, TOKEN_IDENT, text, start, i - start, line, column, directive, 0);
		} else if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < len && text[i + 1] >= '0' &&
						      text[i + 1] <= '9')) {
			while (i < len && (lex_ident_char(text[i]) || text[i] == '.' ||
					   ((text[i] == '+' || text[i] == '-') &&
					    strchr("eEpP", text[i - 1]))))
				i++;
			push_token(out, TOKEN_NUMBER, text, start, i - start, line, column, directive, 0);
		} else {
			size_t n = punct_len(text + i, len - i);

			i += n;
			push_token(out, TOKEN_PUNCT, text, start, n, line, column, directive, 0);
		}
	}
}

void lex_tokenize_opt(const char *text, size_t len, struct lex_tokens *out, unsigned flags)
{
	lex_tokenize_raw(text, len, out);
	drop_if0(out, flags);
}

void lex_tokenize(const char *text, size_t len, struct lex_tokens *out)
{
	lex_tokenize_opt(text, len, out, 0);
}

/* One level of #if nesting. */
struct cond_level {
	int state;		/* the branch being read: 1 true, 0 false, -1 unknown */
	int taken;		/* an earlier branch was true */
	int maybe;		/* an earlier branch was unknown */
	int parent;		/* the enclosing branch is read */
};

static int cond_value(const struct lex_token *v, size_t n, lex_condition_fn fn, void *data)
{
	if (n == 1 && lex_token_is(&v[0], "0"))
		return 0;
	if (n == 1 && lex_token_is(&v[0], "1"))
		return 1;
	return fn ? fn(v, n, data) : -1;
}

static int is_kw(const struct lex_token *kw, const char *s)
{
	return kw && lex_token_is(kw, s);
}

static void drop_inactive(struct lex_tokens *t, lex_condition_fn fn, void *data)
{
	struct cond_level stack[64];
	size_t out = 0, i = 0, depth = 0;
	int active = 1;

	while (i < t->nr) {
		struct lex_token *v = t->v;
		size_t end = i + 1;
		const struct lex_token *kw;
		int line_active = active;

		if (!v[i].directive_start) {
			if (active)
				t->v[out++] = v[i];
			i++;
			continue;
		}
		while (end < t->nr && v[end].directive && !v[end].directive_start)
			end++;
		kw = end > i + 1 ? &v[i + 1] : NULL;
		if (is_kw(kw, "if") || is_kw(kw, "ifdef") || is_kw(kw, "ifndef")) {
			int val = is_kw(kw, "if") ? cond_value(v + i + 2, end - i - 2, fn, data) : -1;

			if (depth < 64) {
				stack[depth].state = val;
				stack[depth].taken = val == 1;
				stack[depth].maybe = val == -1;
				stack[depth].parent = active;
			}
			depth++;
		} else if (depth && depth <= 64 && (is_kw(kw, "elif") || is_kw(kw, "else"))) {
			struct cond_level *l = &stack[depth - 1];

			line_active = l->parent;
			if (l->taken) {
				l->state = 0;
			} else if (is_kw(kw, "else")) {
				l->state = l->maybe ? -1 : 1;
			} else {
				int val = cond_value(v + i + 2, end - i - 2, fn, data);

				l->state = val == 0 ? 0 : l->maybe ? -1 : val;
				l->taken = val == 1 && !l->maybe;
				l->maybe |= val == -1;
			}
		} else if (depth && is_kw(kw, "endif")) {
			if (depth <= 64)
				line_active = stack[depth - 1].parent;
			depth--;
		}
		for (size_t k = i; line_active && k < end; k++)
			t->v[out++] = v[k];
		active = 1;
		for (size_t d = 0; d < depth && d < 64; d++)
			active &= stack[d].state != 0;
		i = end;
	}
	t->nr = out;
}

void lex_tokenize_cond(const char *text, size_t len, struct lex_tokens *out,
		       lex_condition_fn fn, void *data)
{
	struct lex_tokens mine = LEX_TOKENS_INIT;

	lex_tokenize_raw(text, len, &mine);
	drop_inactive(&mine, fn, data);
	if (!out->nr) {
		/* the usual case, nothing to append to: the tokens move, no copy */
		lex_tokens_release(out);
		*out = mine;
		return;
	}
	ALLOC_GROW(out->v, out->nr + mine.nr, out->alloc);
	memcpy(out->v + out->nr, mine.v, mine.nr * sizeof(*mine.v));
	out->nr += mine.nr;
	lex_tokens_release(&mine);
}

void lex_tokens_release(struct lex_tokens *t)
{
	free(t->v);
	t->v = NULL;
	t->nr = t->alloc = 0;
}
