#include "rewrite/vfile.h"

#include <stdlib.h>
#include <string.h>

void vfile_init(struct vfile *c, struct rewrite_file *rf)
{
	size_t *stack;
	size_t sp = 0;
	int brace = 0;

	memset(c, 0, sizeof(*c));
	c->rf = rf;
	c->all = (struct lex_tokens)LEX_TOKENS_INIT;
	lex_tokenize(rf->content->buf, rf->content->len, &c->all);
	c->v = xcalloc(c->all.nr + 1, sizeof(*c->v));
	c->brace = xcalloc(c->all.nr + 1, sizeof(*c->brace));
	c->pair = xcalloc(c->all.nr + 1, sizeof(*c->pair));
	c->body = xcalloc(c->all.nr + 1, sizeof(*c->body));
	stack = xcalloc(c->all.nr + 1, sizeof(*stack));
	for (size_t i = 0; i < c->all.nr; i++)
		if (!c->all.v[i].directive)
			c->v[c->nr++] = c->all.v[i];
	for (size_t i = 0, top = c->nr; i < c->nr; i++) {
		const struct lex_token *t = &c->v[i];
		char ch = t->kind == TOKEN_PUNCT && t->len == 1 ? *t->text : 0;

		c->pair[i] = c->nr;
		if (ch == '{' && !brace)
			top = i;
		c->brace[i] = brace;
		c->body[i] = brace || ch == '{' ? top : c->nr;
		if (ch == '(' || ch == '[' || ch == '{') {
			stack[sp++] = i;
			brace += ch == '{';
		} else if ((ch == ')' || ch == ']' || ch == '}') && sp) {
			c->pair[i] = stack[--sp];
			c->pair[stack[sp]] = i;
			if (ch == '}' && brace)
				brace--;
		}
	}
	free(stack);
}

void vfile_release(struct vfile *c)
{
	lex_tokens_release(&c->all);
	free(c->v);
	free(c->brace);
	free(c->pair);
	free(c->body);
}

int vfile_is(const struct vfile *c, size_t i, const char *s)
{
	return i < c->nr && lex_token_is(&c->v[i], s);
}

int vfile_is_ident(const struct vfile *c, size_t i)
{
	return i < c->nr && c->v[i].kind == TOKEN_IDENT;
}

char *vfile_text(const struct vfile *c, size_t i)
{
	return xstrndup(c->v[i].text, c->v[i].len);
}

char *vfile_joined(const struct vfile *c, size_t a, size_t b)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = a; i < b && i < c->nr; i++)
		strbuf_add(&sb, c->v[i].text, c->v[i].len);
	return strbuf_detach(&sb, NULL);
}

size_t vfile_expr_start(const struct vfile *c, size_t last)
{
	size_t j = last;

	for (;;) {
		if ((vfile_is(c, j, ")") || vfile_is(c, j, "]")) && c->pair[j] < j) {
			j = c->pair[j];
			if (j > 0 && vfile_is_ident(c, j - 1))
				j--;
		} else if (!vfile_is_ident(c, j) && c->v[j].kind != TOKEN_NUMBER) {
			return j + 1;
		}
		if (j >= 2 && (vfile_is(c, j - 1, ".") || vfile_is(c, j - 1, "->"))) {
			j -= 2;
			continue;
		}
		return j;
	}
}

int vfile_stmt_start(const struct vfile *c, size_t i)
{
	return i > 0 && c->brace[i] && (vfile_is(c, i - 1, ";") || vfile_is(c, i - 1, "{") || vfile_is(c, i - 1, "}") ||
					vfile_is(c, i - 1, ":"));
}

int vfile_assigned_call(const struct vfile *c, size_t i, size_t *lhs)
{
	size_t s;

	if (i < 2 || !vfile_is(c, i - 1, "="))
		return 0;
	s = vfile_expr_start(c, i - 2);
	if (s > i - 2 || !vfile_stmt_start(c, s))
		return 0;
	*lhs = s;
	return 1;
}

int vfile_same_tokens(const struct vfile *c, size_t k, size_t a, size_t b)
{
	for (size_t t = a; t < b; t++, k++)
		if (k >= c->nr || c->v[k].len != c->v[t].len ||
		    memcmp(c->v[k].text, c->v[t].text, c->v[t].len))
			return 0;
	return 1;
}

size_t vfile_if_on(const struct vfile *c, size_t i, size_t a, size_t b)
{
	size_t k = i + 2 + (b > a ? b - a : 0);

	if (!vfile_is(c, i, "if") || !vfile_is(c, i + 1, "(") || !vfile_same_tokens(c, i + 2, a, b))
		return 0;
	return vfile_is(c, k, ")") && c->pair[k] == i + 1 ? k + 1 : 0;
}

size_t vfile_stmt_end(const struct vfile *c, size_t i)
{
	if (vfile_is(c, i, "{"))
		return c->pair[i];
	if (vfile_is(c, i, "if") || vfile_is(c, i, "while") || vfile_is(c, i, "for") || vfile_is(c, i, "switch")) {
		size_t k = c->pair[i + 1] + 1;
		size_t e = vfile_stmt_end(c, k);

		if (vfile_is(c, i, "if") && vfile_is(c, e + 1, "else"))
			e = vfile_stmt_end(c, e + 2);
		return e;
	}
	for (size_t k = i; k < c->nr; k++) {
		if (vfile_is(c, k, "(") || vfile_is(c, k, "[") || vfile_is(c, k, "{"))
			k = c->pair[k];
		else if (vfile_is(c, k, ";"))
			return k;
		else if (vfile_is(c, k, "}"))
			return k - 1;
	}
	return c->nr;
}

size_t vfile_decl_start(const struct vfile *c, size_t i)
{
	while (i > 0 && !(c->brace[i - 1] == 0 && (vfile_is(c, i - 1, ";") || vfile_is(c, i - 1, "}"))))
		i--;
	return i;
}

