#define _GNU_SOURCE
#include "rewrite/macro-callbacks.h"
#include "kernel/kernel.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

const char *const macro_callbacks_attr_names[] = {
	"attr", "dattr", "dev_attr", "attr2", NULL,
};

/* What has no textual replacement: the body is left for a human. */
static const struct {
	const char *ident, *why;
} refused[] = {
	{ "class_device_create",
	  "class_device_create() becomes device_create() with its arguments reordered" },
	{ "to_class_dev", "to_class_dev() has no struct device counterpart of that name" },
};

#define LINE_LIMIT 80

/* Tokens of C text (lex.h's), comments and backslash-newlines skipped. */
enum tok_kind { TOK_IDENT, TOK_NUMBER, TOK_LITERAL, TOK_PUNCT };

struct tok {
	enum tok_kind kind;
	size_t off, len;
};

struct toks {
	struct tok *v;
	size_t nr, alloc;
};

/* The tokens of t[start, end), their offsets in t. */
static void tokenize(const char *t, size_t start, size_t end, struct toks *out)
{
	struct lex_tokens lt = LEX_TOKENS_INIT;

	lex_tokenize_raw(t + start, end - start, &lt);
	for (size_t i = 0; i < lt.nr; i++) {
		struct tok k;

		switch (lt.v[i].kind) {
		case TOKEN_IDENT: k.kind = TOK_IDENT; break;
		case TOKEN_NUMBER: k.kind = TOK_NUMBER; break;
		case TOKEN_PUNCT: k.kind = TOK_PUNCT; break;
		default: k.kind = TOK_LITERAL; break;
		}
		k.off = start + lt.v[i].offset;
		k.len = lt.v[i].len;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = k;
	}
	lex_tokens_release(&lt);
}

/* Everything one conversion looks at. */
struct conv {
	const char *t;			/* the file's text */
	size_t len, start, end;
	struct toks tk;			/* the definition's tokens */
	size_t body;			/* index of the first body token */
	struct strvec params;		/* the macro's parameters */
	struct strvec known;		/* names declared struct class_device */
	struct strvec named;		/* show/store names given to attributes */
	struct toks file;		/* the whole file's tokens, when needed */
	int file_done;
	size_t decl_lp;			/* a declarator outside any macro: its '(' */
};

static int tok_is(const struct conv *c, const struct tok *k, const char *s)
{
	size_t n = strlen(s);

	return k->len == n && !memcmp(c->t + k->off, s, n);
}

static int at_is(const struct conv *c, size_t i, const char *s)
{
	return i < c->tk.nr && tok_is(c, &c->tk.v[i], s);
}

static char *tok_str(const struct conv *c, const struct tok *k)
{
	return xstrndup(c->t + k->off, k->len);
}

static int in_vec(const struct strvec *v, const char *s, size_t n)
{
	for (size_t i = 0; i < v->nr; i++)
		if (strlen(v->v[i]) == n && !memcmp(v->v[i], s, n))
			return 1;
	return 0;
}

static int tok_in_vec(const struct conv *c, const struct tok *k, const struct strvec *v)
{
	return in_vec(v, c->t + k->off, k->len);
}

/* Index of the token closing the bracket at `open` in `tk`, or tk->nr. */
static size_t matching(const struct conv *c, const struct toks *tk, size_t open)
{
	char o = c->t[tk->v[open].off], cl = o == '(' ? ')' : o == '{' ? '}' : ']';
	int depth = 0;

	for (size_t i = open; i < tk->nr; i++) {
		const struct tok *k = &tk->v[i];

		if (k->kind != TOK_PUNCT || k->len != 1)
			continue;
		if (c->t[k->off] == o)
			depth++;
		else if (c->t[k->off] == cl && --depth == 0)
			return i;
	}
	return tk->nr;
}

/* An edit of the definition's text; `param` inserts a parameter. */
struct edit {
	size_t off, len;
	char *repl;
	int param;
	size_t lparen;		/* the parameter list's '(' (param only) */
};

struct edits {
	struct edit *v;
	size_t nr, alloc;
};

static void add_edit(struct edits *e, size_t off, size_t len, char *repl, int param, size_t lparen)
{
	ALLOC_GROW(e->v, e->nr + 1, e->alloc);
	e->v[e->nr].off = off;
	e->v[e->nr].len = len;
	e->v[e->nr].repl = repl;
	e->v[e->nr].param = param;
	e->v[e->nr].lparen = lparen;
	e->nr++;
}

static int edit_cmp(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return y->param - x->param;	/* an insertion before a rename at the same place */
}

static void collect_idents(const struct conv *c, const struct toks *tk, size_t from, size_t to,
			   struct strvec *out)
{
	for (size_t i = from; i < to && i < tk->nr; i++) {
		const struct tok *k = &tk->v[i];

		if (k->kind != TOK_IDENT)
			continue;
		if (i > 0 && tk->v[i - 1].kind == TOK_PUNCT &&
		    (tok_is(c, &tk->v[i - 1], ".") || tok_is(c, &tk->v[i - 1], "->")))
			continue;	/* a member name cannot collide with a parameter */
		if (!tok_in_vec(c, k, out)) {
			char *s = tok_str(c, k);

			strvec_push(out, s);
			free(s);
		}
	}
}

/*
 * The bodies written after uses of a prototype macro: `NAME(...) { ... }`
 * outside the definition.
 */
static void collect_use_bodies(struct conv *c, struct strvec *out)
{
	const struct tok *name = &c->tk.v[0];

	if (!c->file_done) {
		tokenize(c->t, 0, c->len, &c->file);
		c->file_done = 1;
	}
	for (size_t i = 0; i + 1 < c->file.nr; i++) {
		const struct tok *k = &c->file.v[i];
		size_t close, open_body;

		if (k->off >= c->start && k->off < c->end)
			continue;
		if (k->kind != TOK_IDENT || k->len != name->len ||
		    memcmp(c->t + k->off, c->t + name->off, k->len) ||
		    !tok_is(c, &c->file.v[i + 1], "("))
			continue;
		close = matching(c, &c->file, i + 1);
		open_body = close + 1;
		if (open_body >= c->file.nr || !tok_is(c, &c->file.v[open_body], "{"))
			continue;
		collect_idents(c, &c->file, open_body, matching(c, &c->file, open_body), out);
	}
}

/* Tokens [from, to) minus qualifiers, as the shape tests want them. */
static size_t unqualified(const struct conv *c, size_t from, size_t to, size_t *out, size_t max)
{
	size_t n = 0;

	for (size_t i = from; i < to; i++) {
		if (at_is(c, i, "const") || at_is(c, i, "volatile"))
			continue;
		if (n == max)
			return max + 1;
		out[n++] = i;
	}
	return n;
}

/* `struct class_device * [name]`: returns 1 and the name's index (or 0). */
static int is_class_device_param(const struct conv *c, size_t from, size_t to, size_t *name)
{
	size_t idx[5];
	size_t n = unqualified(c, from, to, idx, 4);

	if (n < 3 || n > 4 || !at_is(c, idx[0], "struct") || !at_is(c, idx[1], "class_device") ||
	    !at_is(c, idx[2], "*"))
		return 0;
	if (n == 4 && c->tk.v[idx[3]].kind != TOK_IDENT)
		return 0;
	*name = n == 4 ? idx[3] : 0;
	return 1;
}

/* `char * [name]` (show) or `const char * [name]` (store). */
static int is_buf_param(const struct conv *c, size_t from, size_t to, int store)
{
	size_t i = from;

	if (store && !at_is(c, i++, "const"))
		return 0;
	if (!at_is(c, i, "char") || !at_is(c, i + 1, "*"))
		return 0;
	i += 2;
	return i == to || (i + 1 == to && c->tk.v[i].kind == TOK_IDENT);
}

static int is_count_param(const struct conv *c, size_t from, size_t to)
{
	return at_is(c, from, "size_t") &&
	       (from + 1 == to || (from + 2 == to && c->tk.v[from + 1].kind == TOK_IDENT));
}

/* The text of tokens [from, to) without the blanks between them. */
static char *joined(const struct conv *c, size_t from, size_t to)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = from; i < to; i++)
		strbuf_add(&sb, c->t + c->tk.v[i].off, c->tk.v[i].len);
	return strbuf_detach(&sb, NULL);
}

/* The show and store arguments of CLASS_DEVICE_ATTR(...) and __ATTR(...) uses. */
static void collect_named(struct conv *c)
{
	for (size_t i = c->body; i + 1 < c->tk.nr; i++) {
		size_t close, a = i + 2, nth = 0;
		int depth = 0;

		if (!(at_is(c, i, "CLASS_DEVICE_ATTR") || at_is(c, i, "__ATTR")) || !at_is(c, i + 1, "("))
			continue;
		close = matching(c, &c->tk, i + 1);
		for (size_t j = i + 2; j <= close && j < c->tk.nr; j++) {
			if (at_is(c, j, "(")) {
				depth++;
			} else if (depth && at_is(c, j, ")")) {
				depth--;
			} else if (!depth && (at_is(c, j, ",") || j == close)) {
				if ((nth == 2 || nth == 3) && j > a) {
					char *name = joined(c, a, j);

					strvec_push(&c->named, name);
					free(name);
				}
				nth++;
				a = j + 1;
			}
		}
	}
}

/*
 * A function declarator whose parameter list is tk[lp, rp]: when it is a
 * show or store callback (by its shape, or because an attribute in the
 * same body names it), queue the new attr parameter.
 */
static int convert_declarator(struct conv *c, size_t lp, size_t rp, struct edits *ed,
			      struct macro_callbacks_stats *st, struct strbuf *why)
{
	size_t commas[4], nr_commas = 0, name_first = lp - 1, p1_name;
	int depth = 0, ssize = 0;
	struct strvec taken = STRVEC_INIT;
	const char *free_name = NULL;
	size_t body_open;
	char *name;
	int named;

	for (size_t i = lp + 1; i < rp; i++) {
		if (at_is(c, i, "(") || at_is(c, i, "[") || at_is(c, i, "{"))
			depth++;
		else if (at_is(c, i, ")") || at_is(c, i, "]") || at_is(c, i, "}"))
			depth--;
		else if (!depth && at_is(c, i, ",")) {
			if (nr_commas == 3)
				return 0;
			commas[nr_commas++] = i;
		}
	}
	if (!nr_commas || !is_class_device_param(c, lp + 1, commas[0], &p1_name))
		return 0;
	if (at_is(c, commas[0] + 1, "struct") && at_is(c, commas[0] + 2, "device_attribute"))
		return 0;	/* it has its attribute parameter already */
	/* the name may be pasted: show_ ## name */
	while (name_first >= c->body + 2 && at_is(c, name_first - 1, "##") &&
	       c->tk.v[name_first - 2].kind == TOK_IDENT)
		name_first -= 2;
	name = joined(c, name_first, lp);
	named = in_vec(&c->named, name, strlen(name));
	free(name);
	for (size_t i = name_first; i-- > c->body;) {
		if (at_is(c, i, ";") || at_is(c, i, "}"))
			break;
		if (at_is(c, i, "ssize_t"))
			ssize = 1;
	}
	if (!named) {
		if (!ssize)
			return 0;
		if (nr_commas == 1) {
			if (!is_buf_param(c, commas[0] + 1, rp, 0))
				return 0;
		} else if (nr_commas == 2) {
			if (!is_buf_param(c, commas[0] + 1, commas[1], 1) ||
			    !is_count_param(c, commas[1] + 1, rp))
				return 0;
		} else {
			return 0;
		}
	}

	for (size_t i = 0; i < c->params.nr; i++)
		strvec_push(&taken, c->params.v[i]);
	collect_idents(c, &c->tk, lp, rp, &taken);
	body_open = rp + 1;
	if (c->decl_lp) {
		/* a function outside macros: its body follows in the file */
		if (!c->file_done) {
			tokenize(c->t, 0, c->len, &c->file);
			c->file_done = 1;
		}
		for (size_t i = 0; i < c->file.nr; i++)
			if (c->file.v[i].off >= c->end) {
				if (tok_is(c, &c->file.v[i], "{"))
					collect_idents(c, &c->file, i, matching(c, &c->file, i), &taken);
				break;
			}
	} else if (body_open < c->tk.nr && at_is(c, body_open, "{")) {
		collect_idents(c, &c->tk, body_open, matching(c, &c->tk, body_open), &taken);
	} else {
		collect_use_bodies(c, &taken);
	}
	for (size_t i = 0; macro_callbacks_attr_names[i] && !free_name; i++)
		if (!in_vec(&taken, macro_callbacks_attr_names[i], strlen(macro_callbacks_attr_names[i])))
			free_name = macro_callbacks_attr_names[i];
	strvec_clear(&taken);
	if (!free_name) {
		strbuf_addstr(why, "every name tried for the new attribute parameter is taken");
		return -1;
	}
	add_edit(ed, c->tk.v[commas[0]].off + 1, 0,
		 xstrfmt("struct device_attribute *%s,", p1_name ? free_name : ""),
		 1, c->tk.v[lp].off);
	st->callbacks++;
	return 0;
}

/* Is tk[i] (after `->` or `.`) a member of a known class_device? */
static int member_of_known(const struct conv *c, size_t i)
{
	size_t base;

	if (i < c->body + 2 || !(at_is(c, i - 1, "->") || at_is(c, i - 1, ".")))
		return 0;
	base = i - 2;
	if (at_is(c, base, ")") && base >= c->body + 2 && at_is(c, base - 2, "("))
		base--;
	return c->tk.v[base].kind == TOK_IDENT && tok_in_vec(c, &c->tk.v[base], &c->known);
}

/* A CLASS_DEVICE_ATTR at tk[i] whose sysfs name clashes: the reason, or NULL. */
static char *attribute_clash(struct conv *c, size_t i)
{
	const struct tok *arg;
	long param = -1;

	if (!at_is(c, i + 1, "(") || i + 3 >= c->tk.nr || !at_is(c, i + 3, ","))
		return NULL;
	arg = &c->tk.v[i + 2];
	if (arg->kind != TOK_IDENT)
		return NULL;
	for (size_t p = 0; p < c->params.nr; p++)
		if (strlen(c->params.v[p]) == arg->len &&
		    !memcmp(c->params.v[p], c->t + arg->off, arg->len))
			param = (long)p;
	if (param < 0) {
		for (size_t n = 0; kernel_device_entries[n]; n++)
			if (tok_is(c, arg, kernel_device_entries[n]))
				return xstrfmt("attribute %s clashes with the %s entry every struct device has: rename it",
					       kernel_device_entries[n], kernel_device_entries[n]);
		return NULL;
	}
	/* the name is an argument: look at every use of the macro in the file */
	if (!c->file_done) {
		tokenize(c->t, 0, c->len, &c->file);
		c->file_done = 1;
	}
	for (size_t u = 0; u + 1 < c->file.nr; u++) {
		const struct tok *k = &c->file.v[u];
		size_t close, a = u + 2, nth = 0;
		int depth = 0;

		if (k->off >= c->start && k->off < c->end)
			continue;
		if (k->kind != TOK_IDENT || k->len != c->tk.v[0].len ||
		    memcmp(c->t + k->off, c->t + c->tk.v[0].off, k->len) ||
		    !tok_is(c, &c->file.v[u + 1], "("))
			continue;
		close = matching(c, &c->file, u + 1);
		for (size_t j = u + 2; j <= close && j < c->file.nr; j++) {
			const struct tok *x = &c->file.v[j];

			if (tok_is(c, x, "(")) {
				depth++;
			} else if (depth && tok_is(c, x, ")")) {
				depth--;
			} else if (!depth && (tok_is(c, x, ",") || j == close)) {
				if (nth == (size_t)param && j == a + 1 && c->file.v[a].kind == TOK_IDENT)
					for (size_t n = 0; kernel_device_entries[n]; n++)
						if (tok_is(c, &c->file.v[a], kernel_device_entries[n])) {
							unsigned line = 1;

							for (size_t o = 0; o < k->off; o++)
								line += c->t[o] == '\n';
							return xstrfmt("the use at line %u makes attribute %s, which clashes with the %s entry every struct device has: rename it",
								       line, kernel_device_entries[n], kernel_device_entries[n]);
						}
				nth++;
				a = j + 1;
			}
		}
	}
	return NULL;
}

/* Queue every edit of the body; -1 with `why` when it must be left. */
static int plan_edits(struct conv *c, struct edits *ed, struct macro_callbacks_stats *st,
		      struct strbuf *why)
{
	int braces = 0, parens = 0;

	collect_named(c);
	/* names declared struct class_device [*] name, for ->dev and ->class_id */
	for (size_t i = c->body; i + 2 < c->tk.nr; i++) {
		size_t j = i + 2;

		if (!at_is(c, i, "struct") || !at_is(c, i + 1, "class_device"))
			continue;
		while (at_is(c, j, "*") || at_is(c, j, "const") || at_is(c, j, "volatile"))
			j++;
		if (j < c->tk.nr && c->tk.v[j].kind == TOK_IDENT && !tok_in_vec(c, &c->tk.v[j], &c->known)) {
			char *s = tok_str(c, &c->tk.v[j]);

			strvec_push(&c->known, s);
			free(s);
		}
	}

	for (size_t i = c->body; i < c->tk.nr; i++) {
		const struct tok *k = &c->tk.v[i];

		if (k->kind == TOK_PUNCT) {
			if (tok_is(c, k, "{"))
				braces++;
			else if (tok_is(c, k, "}"))
				braces--;
			else if (tok_is(c, k, ")"))
				parens--;
			else if (tok_is(c, k, "(")) {
				/* a declarator at the top of the body: name ( ... ) */
				if (!braces && !parens && i > c->body &&
				    (c->tk.v[i - 1].kind == TOK_IDENT || i == c->decl_lp)) {
					size_t rp = matching(c, &c->tk, i);

					if (rp < c->tk.nr && convert_declarator(c, i, rp, ed, st, why) < 0)
						return -1;
				}
				parens++;
			}
			continue;
		}
		if (k->kind != TOK_IDENT)
			continue;
		for (size_t r = 0; r < sizeof(refused) / sizeof(refused[0]); r++)
			if (tok_is(c, k, refused[r].ident)) {
				strbuf_addstr(why, refused[r].why);
				return -1;
			}
		if (tok_is(c, k, "class_data") && i > c->body &&
		    (at_is(c, i - 1, "->") || at_is(c, i - 1, "."))) {
			strbuf_addstr(why, "class_data becomes dev_get_drvdata()/dev_set_drvdata() calls");
			return -1;
		}
		if (member_of_known(c, i)) {
			if (tok_is(c, k, "dev"))
				add_edit(ed, k->off, k->len, xstrdup("parent"), 0, 0);
			else if (tok_is(c, k, "class_id"))
				add_edit(ed, k->off, k->len, xstrdup("bus_id"), 0, 0);
			else if (tok_is(c, k, "hotplug") || tok_is(c, k, "uevent")) {
				strbuf_addstr(why, "a struct device has no per-device uevent callback");
				return -1;
			}
			continue;
		}
		if (i > c->body && at_is(c, i - 1, "struct")) {
			if (tok_is(c, k, "class_device"))
				add_edit(ed, k->off, k->len, xstrdup("device"), 0, 0);
			else if (tok_is(c, k, "class_device_attribute"))
				add_edit(ed, k->off, k->len, xstrdup("device_attribute"), 0, 0);
			continue;
		}
		if (k->len >= strlen("class_device_attr_") && starts_with(c->t + k->off, "class_device_attr_")) {
			char *rest = xstrndup(c->t + k->off + strlen("class_device_attr_"),
					      k->len - strlen("class_device_attr_"));

			add_edit(ed, k->off, k->len, xstrfmt("dev_attr_%s", rest), 0, 0);
			free(rest);
			st->attributes++;
			continue;
		}
		for (size_t r = 0; r < kernel_nr_renames; r++) {
			if (!kernel_renames[r].textual || !tok_is(c, k, kernel_renames[r].old))
				continue;
			if (kernel_renames[r].macro) {
				char *clash = attribute_clash(c, i);

				if (clash) {
					strbuf_addstr(why, clash);
					free(clash);
					return -1;
				}
				st->attributes++;
			}
			add_edit(ed, k->off, k->len, xstrdup(kernel_renames[r].new), 0, 0);
			break;
		}
	}
	return 0;
}

/* Display width of t[from, to), tabs at 8, starting at column `col`. */
static size_t width_from(const char *t, size_t from, size_t to, size_t col)
{
	for (size_t i = from; i < to; i++)
		col = t[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

static size_t width(const struct strbuf *sb)
{
	return width_from(sb->buf, 0, sb->len, 0);
}

/* Whitespace that brings column `from` to `to` (tabs first when asked). */
static void pad(struct strbuf *sb, size_t from, size_t to, int tabs)
{
	if (from >= to) {
		strbuf_addch(sb, ' ');
		return;
	}
	while (tabs && (from / 8 + 1) * 8 <= to) {
		strbuf_addch(sb, '\t');
		from = (from / 8 + 1) * 8;
	}
	while (from++ < to)
		strbuf_addch(sb, ' ');
}

/* One line of the definition: where its content ends and how it ends. */
struct line {
	size_t start, content_end, end;	/* end: after the newline (or the extent's end) */
	int backslash;
	size_t bs_col;			/* display column of the backslash */
	int tabs;			/* the padding before it holds a tab */
	int one_space;			/* the padding is a single space */
	int crlf;
};

static void read_line(const char *t, size_t pos, size_t limit, struct line *l)
{
	const char *nl = memchr(t + pos, '\n', limit - pos);
	size_t e = nl ? (size_t)(nl - t) : limit;

	l->start = pos;
	l->end = nl ? e + 1 : limit;
	l->crlf = nl && e > pos && t[e - 1] == '\r';
	if (l->crlf)
		e--;
	l->backslash = nl && e > pos && t[e - 1] == '\\';
	l->content_end = e;
	l->tabs = 0;
	l->one_space = 0;
	l->bs_col = 0;
	if (l->backslash) {
		size_t b = e - 1;

		l->bs_col = width_from(t, pos, b, 0);
		l->content_end = b;
		while (l->content_end > pos && (t[l->content_end - 1] == ' ' || t[l->content_end - 1] == '\t')) {
			l->tabs |= t[l->content_end - 1] == '\t';
			l->content_end--;
		}
		l->one_space = b - l->content_end == 1 && t[l->content_end] == ' ';
		if (l->content_end == b)
			l->bs_col = (size_t)-1;	/* no padding: keep the backslash attached */
	}
}

static void end_line(struct strbuf *sb, const struct line *l, int backslash, size_t bs_col,
		     int tabs, int newline)
{
	if (backslash) {
		if (bs_col == (size_t)-1)
			strbuf_addch(sb, ' ');
		else
			pad(sb, width(sb), bs_col, tabs);
		strbuf_addch(sb, '\\');
	}
	if (newline)
		strbuf_addstr(sb, l->crlf ? "\r\n" : "\n");
}

static void add_indent(struct strbuf *sb, size_t col)
{
	if (col)
		pad(sb, 0, col, 1);
}

/*
 * A rename that moves an open parenthesis moves the arguments aligned
 * under it on the following lines: queue their new indentation.
 */
static void plan_reindents(struct conv *c, struct edits *ed)
{
	struct open_paren {
		size_t old_col, new_col;
	} *stack = NULL;
	size_t depth = 0, alloc = 0, nr_edits = ed->nr, t = 0, ls = lex_line_start(c->t, c->start);

	for (size_t pos = ls; pos < c->end;) {
		struct line l;
		size_t ws = pos, indent, shift_from = 0;
		long delta = 0;

		read_line(c->t, pos, c->end, &l);
		while (ws < l.content_end && (c->t[ws] == ' ' || c->t[ws] == '\t'))
			ws++;
		indent = width_from(c->t, pos, ws, 0);
		if (depth && ws < l.content_end && stack[depth - 1].old_col != stack[depth - 1].new_col &&
		    indent == stack[depth - 1].old_col + 1) {
			struct strbuf sb = STRBUF_INIT;

			add_indent(&sb, stack[depth - 1].new_col + 1);
			delta = (long)stack[depth - 1].new_col - (long)stack[depth - 1].old_col;
			add_edit(ed, pos, ws - pos, strbuf_detach(&sb, NULL), 0, 0);
			shift_from = ws;
		}
		for (; t < c->tk.nr && c->tk.v[t].off < l.end; t++) {
			const struct tok *k = &c->tk.v[t];

			if (k->off < pos || k->kind != TOK_PUNCT || k->len != 1)
				continue;
			if (c->t[k->off] == '(') {
				long d = shift_from && k->off >= shift_from ? delta : 0;

				for (size_t x = 0; x < nr_edits; x++)
					if (!ed->v[x].param && ed->v[x].off >= pos && ed->v[x].off < k->off)
						d += (long)strlen(ed->v[x].repl) - (long)ed->v[x].len;
				ALLOC_GROW(stack, depth + 1, alloc);
				stack[depth].old_col = width_from(c->t, pos, k->off, 0);
				stack[depth].new_col = (size_t)((long)stack[depth].old_col + d);
				depth++;
			} else if (c->t[k->off] == ')' && depth) {
				depth--;
			}
		}
		pos = l.end;
	}
	free(stack);
	if (ed->nr != nr_edits)
		sort_array(ed->v, ed->nr, sizeof(*ed->v), edit_cmp);
}

static void apply_edits(struct conv *c, struct edits *ed, struct strbuf *out)
{
	size_t ls = c->start, e = 0, common_bs = (size_t)-1;
	size_t counts[LINE_LIMIT * 2] = { 0 }, best = 0;
	int common_tabs = 1, aligned = 0, in_macro = !c->decl_lp;
	const char *after = memchr(c->t + c->end, '\n', c->len - c->end);
	int crlf_last = after && after > c->t + c->end && after[-1] == '\r';

	ls = lex_line_start(c->t, ls);
	/* the macro's usual backslash column, for lines that gain one */
	for (size_t pos = ls; pos < c->end;) {
		struct line l;

		read_line(c->t, pos, c->end, &l);
		if (l.backslash && l.bs_col != (size_t)-1 && l.bs_col < LINE_LIMIT * 2 &&
		    ++counts[l.bs_col] > best) {
			best = counts[l.bs_col];
			common_bs = l.bs_col;
			common_tabs = l.tabs;
			aligned = !l.one_space;
		}
		pos = l.end;
	}
	/* the backslashes stand in a column (rather than one blank after the text) */
	aligned = best >= 2 || (best == 1 && aligned);

	for (size_t pos = ls; pos < c->end;) {
		struct line l;
		struct strbuf nl = STRBUF_INIT;
		size_t cursor = pos, lparen_col = (size_t)-1, break_at = 0, lp = (size_t)-1, param_len = 0;
		int has_param = 0, last;

		read_line(c->t, pos, c->end, &l);
		last = l.end >= c->end;
		if (last)
			l.crlf = crlf_last;
		if (l.backslash && l.one_space) {
			if (aligned && l.bs_col > common_bs) {
				/* it overflowed the macro's column: back to it if it can */
				l.bs_col = common_bs;
				l.tabs = common_tabs;
			} else if (!aligned || l.bs_col != common_bs) {
				l.bs_col = (size_t)-1;	/* " \" right after the text */
			}
		}
		if (e == ed->nr || ed->v[e].off > l.content_end) {
			size_t from = pos < c->start ? c->start : pos;

			strbuf_add(out, c->t + from, l.end - from);
			pos = l.end;
			continue;
		}
		for (size_t k = e; k < ed->nr && ed->v[k].off <= l.content_end; k++)
			if (ed->v[k].param) {
				lp = ed->v[k].lparen;
				break;
			}
		for (; e < ed->nr && ed->v[e].off <= l.content_end; e++) {
			struct edit *x = &ed->v[e];

			if (lp != (size_t)-1 && lp >= cursor && lp < x->off)
				lparen_col = width_from(c->t, cursor, lp, width(&nl)) + 1;
			strbuf_add(&nl, c->t + cursor, x->off - cursor);
			if (x->param && !has_param) {
				has_param = 1;
				break_at = nl.len;
				param_len = strlen(x->repl);
			}
			if (x->param)
				strbuf_addch(&nl, ' ');
			strbuf_addstr(&nl, x->repl);
			cursor = x->off + x->len;
		}
		strbuf_add(&nl, c->t + cursor, l.content_end - cursor);

		if (has_param && width(&nl) + (in_macro && (l.backslash || !last) ? 2 : 0) > LINE_LIMIT) {
			/* the new parameter starts a continuation line */
			struct strbuf first = STRBUF_INIT, second = STRBUF_INIT, third = STRBUF_INIT;
			size_t rest = break_at + 1, indent, tail = rest + param_len;

			if (lparen_col == (size_t)-1) {
				size_t w = 0;

				for (size_t i = pos; i < l.content_end && (c->t[i] == ' ' || c->t[i] == '\t'); i++)
					w = width_from(c->t, i, i + 1, w);
				indent = w;
			} else {
				indent = lparen_col;
			}
			strbuf_add(&first, nl.buf, break_at);
			end_line(&first, &l, in_macro, aligned ? common_bs : (size_t)-1,
				 aligned ? common_tabs : 0, 1);
			add_indent(&second, indent);
			strbuf_add(&second, nl.buf + rest, nl.len - rest);
			while (tail < nl.len && (nl.buf[tail] == ' ' || nl.buf[tail] == '\t'))
				tail++;
			if (width(&second) + (in_macro ? 2 : 0) > LINE_LIMIT && tail < nl.len) {
				/* still too long: the parameters after it go on a line of their own */
				strbuf_reset(&second);
				add_indent(&second, indent);
				strbuf_add(&second, nl.buf + rest, param_len);
				end_line(&second, &l, in_macro, aligned ? common_bs : (size_t)-1,
					 aligned ? common_tabs : 0, 1);
				add_indent(&third, indent);
				strbuf_add(&third, nl.buf + tail, nl.len - tail);
				end_line(&third, &l, l.backslash, l.bs_col, l.tabs, !last);
			} else {
				end_line(&second, &l, l.backslash, l.bs_col, l.tabs, !last);
			}
			strbuf_reset(&nl);
			strbuf_add(&nl, first.buf, first.len);
			strbuf_add(&nl, second.buf, second.len);
			strbuf_add(&nl, third.buf, third.len);
			strbuf_release(&first);
			strbuf_release(&second);
			strbuf_release(&third);
		} else {
			end_line(&nl, &l, l.backslash, l.bs_col, l.tabs, !last);
		}
		if (last && l.end > l.content_end && !l.backslash)
			strbuf_add(&nl, c->t + l.content_end, l.end - l.content_end);
		if (pos < c->start)
			strbuf_add(out, nl.buf + (c->start - pos), nl.len - (c->start - pos));
		else
			strbuf_add(out, nl.buf, nl.len);
		strbuf_release(&nl);
		pos = l.end;
	}
}

/* Plan and apply the edits of c's tokens; the common end of both conversions. */
static int run_conversion(struct conv *c, int plan, struct strbuf *out, struct strbuf *why,
			  struct macro_callbacks_stats *stats)
{
	struct edits ed = { NULL, 0, 0 };
	struct macro_callbacks_stats st = { 0, 0, 0 };
	int rc = plan ? plan_edits(c, &ed, &st, why) : 0;

	if (rc < 0 || !ed.nr) {
		strbuf_add(out, c->t + c->start, c->end - c->start);
	} else {
		sort_array(ed.v, ed.nr, sizeof(*ed.v), edit_cmp);
		plan_reindents(c, &ed);
		apply_edits(c, &ed, out);
		rc = 1;
	}
	st.edits = rc > 0 ? (unsigned)ed.nr : 0;
	if (stats)
		*stats = st;
	for (size_t i = 0; i < ed.nr; i++)
		free(ed.v[i].repl);
	free(ed.v);
	free(c->tk.v);
	free(c->file.v);
	strvec_clear(&c->params);
	strvec_clear(&c->known);
	strvec_clear(&c->named);
	return rc;
}

int macro_callbacks_convert(const char *text, size_t len, size_t start, size_t end,
			    struct strbuf *out, struct strbuf *why,
			    struct macro_callbacks_stats *stats)
{
	struct conv c;
	size_t i = 1;

	memset(&c, 0, sizeof(c));
	c.t = text;
	c.len = len;
	c.start = start;
	c.end = end > len ? len : end;
	tokenize(text, start, c.end, &c.tk);
	if (!c.tk.nr || c.tk.v[0].kind != TOK_IDENT)
		return run_conversion(&c, 0, out, why, stats);
	if (at_is(&c, 1, "(") && c.tk.v[1].off == c.tk.v[0].off + c.tk.v[0].len) {
		for (i = 2; i < c.tk.nr && !at_is(&c, i, ")"); i++)
			if (c.tk.v[i].kind == TOK_IDENT || at_is(&c, i, "...")) {
				char *p = tok_str(&c, &c.tk.v[i]);

				strvec_push(&c.params, p);
				free(p);
			}
		i++;
	}
	c.body = i;
	return run_conversion(&c, 1, out, why, stats);
}

int macro_callbacks_convert_named(const char *text, size_t len, size_t decl_start,
				  size_t name_start, size_t *end, struct strbuf *out,
				  struct strbuf *why, struct macro_callbacks_stats *stats)
{
	struct conv c;
	struct toks tk = { NULL, 0, 0 };
	size_t close, lp, rp;

	memset(&c, 0, sizeof(c));
	c.t = text;
	c.len = len;
	/* NAME ( args ) ( parameters ): find the parameter list's end */
	tokenize(text, name_start, len, &tk);
	*end = decl_start;
	if (tk.nr < 4 || tk.v[0].kind != TOK_IDENT || !tok_is(&c, &tk.v[1], "(") ||
	    (close = matching(&c, &tk, 1)) + 1 >= tk.nr || !tok_is(&c, &tk.v[close + 1], "(") ||
	    (rp = matching(&c, &tk, close + 1)) >= tk.nr) {
		free(tk.v);
		return 0;
	}
	c.start = decl_start;
	c.end = *end = tk.v[rp].off + 1;
	lp = tk.v[close + 1].off;
	free(tk.v);
	tokenize(text, c.start, c.end, &c.tk);
	for (size_t i = 0; i < c.tk.nr; i++)
		if (c.tk.v[i].off == lp)
			c.decl_lp = i;
	if (!c.decl_lp)
		return run_conversion(&c, 0, out, why, stats);
	return run_conversion(&c, 1, out, why, stats);
}

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

/* Might the text hold `NAME(x)(struct class_device *...`?  (Saves a parse.) */
static int may_name_by_macro(const struct strbuf *sb)
{
	struct toks tk = { NULL, 0, 0 };
	struct conv c;
	int found = 0;

	if (!memmem(sb->buf, sb->len, "class_device", 12))
		return 0;
	memset(&c, 0, sizeof(c));
	c.t = sb->buf;
	tokenize(sb->buf, 0, sb->len, &tk);
	for (size_t i = 0; i + 3 < tk.nr && !found; i++) {
		size_t j = i + 2;

		if (!tok_is(&c, &tk.v[i], ")") || !tok_is(&c, &tk.v[i + 1], "("))
			continue;
		if (tok_is(&c, &tk.v[j], "const"))
			j++;
		found = j + 1 < tk.nr && tok_is(&c, &tk.v[j], "struct") &&
			tok_is(&c, &tk.v[j + 1], "class_device");
	}
	free(tk.v);
	return found;
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

/*
 * Would the rules see the definition at text[start, end) wrongly?  It
 * defines or declares a function whose name is pasted with ## (a
 * parameter list without parentheses followed by a body, or one starting
 * with a struct class_device parameter), or pastes class_device_attr_##:
 * spatch may rewrite a part of such a body (the type, not the callback's
 * parameters) or none, so it must not see them in their old form.
 */
int macro_callbacks_is_pasted(const char *text, size_t start, size_t end)
{
	struct conv c;
	int found = 0;

	memset(&c, 0, sizeof(c));
	c.t = text;
	tokenize(text, start, end, &c.tk);
	for (size_t i = 0; i + 1 < c.tk.nr && !found; i++) {
		const struct tok *k = &c.tk.v[i];
		size_t j = i;

		if (k->kind == TOK_IDENT && k->len >= 18 &&
		    !memcmp(text + k->off, "class_device_attr_", 18) && at_is(&c, i + 1, "##")) {
			found = 1;
			break;
		}
		if (!at_is(&c, i, "##") || c.tk.v[i + 1].kind != TOK_IDENT)
			continue;
		/* ## name [## name ...] ( */
		j = i + 2;
		while (at_is(&c, j, "##") && j + 1 < c.tk.nr && c.tk.v[j + 1].kind == TOK_IDENT)
			j += 2;
		if (!at_is(&c, j, "("))
			continue;
		if (at_is(&c, j + 1, "const"))
			found = at_is(&c, j + 2, "struct") && at_is(&c, j + 3, "class_device");
		else
			found = at_is(&c, j + 1, "struct") && at_is(&c, j + 2, "class_device");
		if (!found) {
			size_t close = matching(&c, &c.tk, j);

			found = close < c.tk.nr && at_is(&c, close + 1, "{");
			for (size_t x = j + 1; found && x < close; x++)
				if (at_is(&c, x, "("))
					found = 0;
		}
	}
	free(c.tk.v);
	return found;
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

		if (!macro_callbacks_is_pasted(old->buf, w->start, w->end))
			continue;
		rc = macro_callbacks_convert(old->buf, old->len, w->start, w->end, &conv, &why, NULL);
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

/* A function named by a macro: `NAME(args)(params) {`, indexes into tk. */
struct named_fn {
	size_t name, args_close, lbrace, rbrace;
};

/*
 * The macro-named function definitions whose first parameter is a struct
 * class_device (or, converted, a struct device).
 */
static size_t find_named_fns(struct conv *c, int converted, struct named_fn **out)
{
	size_t nr = 0, alloc = 0;

	*out = NULL;
	for (size_t i = 0; i + 3 < c->tk.nr; i++) {
		size_t close, lp, rp, j;

		if (c->tk.v[i].kind != TOK_IDENT || !at_is(c, i + 1, "(") ||
		    (i > 0 && (at_is(c, i - 1, ".") || at_is(c, i - 1, "->"))))
			continue;
		close = matching(c, &c->tk, i + 1);
		lp = close + 1;
		if (!at_is(c, lp, "("))
			continue;
		j = lp + 1 + at_is(c, lp + 1, "const");
		if (!at_is(c, j, "struct") ||
		    !(at_is(c, j + 1, "class_device") || (converted && at_is(c, j + 1, "device"))))
			continue;
		rp = matching(c, &c->tk, lp);
		if (!at_is(c, rp + 1, "{"))
			continue;
		ALLOC_GROW(*out, nr + 1, alloc);
		(*out)[nr].name = i;
		(*out)[nr].args_close = close;
		(*out)[nr].lbrace = rp + 1;
		(*out)[nr].rbrace = matching(c, &c->tk, rp + 1);
		if ((*out)[nr].rbrace >= c->tk.nr)
			continue;
		nr++;
		i = (*out)[nr - 1].rbrace;
	}
	return nr;
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
	struct conv was, now;
	struct named_fn *fw = NULL, *fn = NULL;
	size_t nr_was, nr_now, pos = 0;
	struct strbuf out = STRBUF_INIT;
	int changed = 0;

	if (!old || !may_name_by_macro(old))
		return 0;
	memset(&was, 0, sizeof(was));
	memset(&now, 0, sizeof(now));
	was.t = old->buf;
	now.t = f->content->buf;
	tokenize(old->buf, 0, old->len, &was.tk);
	tokenize(f->content->buf, 0, f->content->len, &now.tk);
	nr_was = find_named_fns(&was, 0, &fw);
	nr_now = find_named_fns(&now, 1, &fn);
	for (size_t d = 0; d < nr_was; d++) {
		size_t ks = was.tk.v[fw[d].name].off, ke = was.tk.v[fw[d].args_close].off + 1;
		size_t bs = was.tk.v[fw[d].lbrace].off, be = was.tk.v[fw[d].rbrace].off + 1;
		size_t nth = 0, seen = 0;

		/* the same function now: NAME(args) written the same, as many times before */
		for (size_t k = 0; k < d; k++) {
			size_t s2 = was.tk.v[fw[k].name].off, e2 = was.tk.v[fw[k].args_close].off + 1;

			nth += e2 - s2 == ke - ks && !memcmp(old->buf + s2, old->buf + ks, ke - ks);
		}
		for (size_t k = 0; k < nr_now; k++) {
			size_t s2 = now.tk.v[fn[k].name].off, e2 = now.tk.v[fn[k].args_close].off + 1;
			size_t b2 = now.tk.v[fn[k].lbrace].off, b2e = now.tk.v[fn[k].rbrace].off + 1;

			if (e2 - s2 != ke - ks || memcmp(f->content->buf + s2, old->buf + ks, ke - ks) ||
			    seen++ != nth)
				continue;
			changed |= put_back(&out, f->content, &pos, b2, b2e, old, bs, be);
			break;
		}
	}
	finish_put_back(f->content, &out, pos, changed);
	free(fw);
	free(fn);
	free(was.tk.v);
	free(now.tk.v);
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
		if (mode == MODE_PASTED && may_name_by_macro(f->content) &&
		    classify_macro_named_functions(ctx->classify, f->path, "class_device", &fns, &nr_fns) < 0)
			nr_fns = 0;
		regions = xcalloc(nr_defs + nr_fns + 1, sizeof(*regions));
		for (size_t d = 0; d < nr_defs; d++) {
			if (defs[d].start > f->content->len || defs[d].end > f->content->len ||
			    macro_callbacks_is_pasted(f->content->buf, defs[d].start, defs[d].end) !=
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
			struct macro_callbacks_stats st;
			size_t end;
			int rc;

			if (r->start < pos || r->start > f->content->len ||
			    r->name_start > f->content->len)
				continue;
			strbuf_add(&next[i], f->content->buf + pos, r->start - pos);
			if (r->name) {
				end = r->name_start;
				rc = macro_callbacks_convert(f->content->buf, f->content->len, r->start, end,
							     &next[i], &why, &st);
			} else {
				rc = macro_callbacks_convert_named(f->content->buf, f->content->len, r->start,
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
