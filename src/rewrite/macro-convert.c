#define _GNU_SOURCE
#include "rewrite/macro-convert.h"
#include "kernel/kernel.h"
#include "lex/lex.h"
#include "rewrite/macro-layout.h"

#include <stdlib.h>
#include <string.h>

const char *const macro_convert_attr_names[] = {
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

static int tok_in_vec(const struct conv *c, const struct tok *k, const struct strvec *v)
{
	return strvec_has_n(v, c->t + k->off, k->len);
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
static int convert_declarator(struct conv *c, size_t lp, size_t rp, struct macro_layout_edits *ed,
			      struct macro_convert_stats *st, struct strbuf *why)
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
	named = strvec_has_n(&c->named, name, strlen(name));
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
	for (size_t i = 0; macro_convert_attr_names[i] && !free_name; i++)
		if (!strvec_has_n(&taken, macro_convert_attr_names[i], strlen(macro_convert_attr_names[i])))
			free_name = macro_convert_attr_names[i];
	strvec_clear(&taken);
	if (!free_name) {
		strbuf_addstr(why, "every name tried for the new attribute parameter is taken");
		return -1;
	}
	macro_layout_add(ed, c->tk.v[commas[0]].off + 1, 0,
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
static int plan_edits(struct conv *c, struct macro_layout_edits *ed, struct macro_convert_stats *st,
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
				macro_layout_add(ed, k->off, k->len, xstrdup("parent"), 0, 0);
			else if (tok_is(c, k, "class_id"))
				macro_layout_add(ed, k->off, k->len, xstrdup("bus_id"), 0, 0);
			else if (tok_is(c, k, "hotplug") || tok_is(c, k, "uevent")) {
				strbuf_addstr(why, "a struct device has no per-device uevent callback");
				return -1;
			}
			continue;
		}
		if (i > c->body && at_is(c, i - 1, "struct")) {
			if (tok_is(c, k, "class_device"))
				macro_layout_add(ed, k->off, k->len, xstrdup("device"), 0, 0);
			else if (tok_is(c, k, "class_device_attribute"))
				macro_layout_add(ed, k->off, k->len, xstrdup("device_attribute"), 0, 0);
			continue;
		}
		if (k->len >= strlen("class_device_attr_") && starts_with(c->t + k->off, "class_device_attr_")) {
			char *rest = xstrndup(c->t + k->off + strlen("class_device_attr_"),
					      k->len - strlen("class_device_attr_"));

			macro_layout_add(ed, k->off, k->len, xstrfmt("dev_attr_%s", rest), 0, 0);
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
			macro_layout_add(ed, k->off, k->len, xstrdup(kernel_renames[r].new), 0, 0);
			break;
		}
	}
	return 0;
}

/* Plan and apply the edits of c's tokens; the common end of both conversions. */
static int run_conversion(struct conv *c, int plan, struct strbuf *out, struct strbuf *why,
			  struct macro_convert_stats *stats)
{
	struct macro_layout_edits ed = MACRO_LAYOUT_EDITS_INIT;
	struct macro_convert_stats st = { 0, 0, 0 };
	int rc = plan ? plan_edits(c, &ed, &st, why) : 0;

	if (rc < 0 || !ed.nr) {
		strbuf_add(out, c->t + c->start, c->end - c->start);
	} else {
		macro_layout_apply(c->t, c->len, c->start, c->end, !c->decl_lp, &ed, out);
		rc = 1;
	}
	st.edits = rc > 0 ? (unsigned)ed.nr : 0;
	if (stats)
		*stats = st;
	macro_layout_release(&ed);
	free(c->tk.v);
	free(c->file.v);
	strvec_clear(&c->params);
	strvec_clear(&c->known);
	strvec_clear(&c->named);
	return rc;
}

int macro_convert(const char *text, size_t len, size_t start, size_t end,
			    struct strbuf *out, struct strbuf *why,
			    struct macro_convert_stats *stats)
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

int macro_convert_named(const char *text, size_t len, size_t decl_start,
				  size_t name_start, size_t *end, struct strbuf *out,
				  struct strbuf *why, struct macro_convert_stats *stats)
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

int macro_convert_may_name_by_macro(const struct strbuf *sb)
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

int macro_convert_is_pasted(const char *text, size_t start, size_t end)
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

size_t macro_convert_named_fns(const char *text, size_t len, int converted,
			       struct macro_convert_named_fn **out)
{
	struct conv c;
	size_t nr = 0, alloc = 0;

	memset(&c, 0, sizeof(c));
	c.t = text;
	tokenize(text, 0, len, &c.tk);
	*out = NULL;
	for (size_t i = 0; i + 3 < c.tk.nr; i++) {
		size_t close, lp, rp, j, rbrace;

		if (c.tk.v[i].kind != TOK_IDENT || !at_is(&c, i + 1, "(") ||
		    (i > 0 && (at_is(&c, i - 1, ".") || at_is(&c, i - 1, "->"))))
			continue;
		close = matching(&c, &c.tk, i + 1);
		lp = close + 1;
		if (!at_is(&c, lp, "("))
			continue;
		j = lp + 1 + at_is(&c, lp + 1, "const");
		if (!at_is(&c, j, "struct") ||
		    !(at_is(&c, j + 1, "class_device") || (converted && at_is(&c, j + 1, "device"))))
			continue;
		rp = matching(&c, &c.tk, lp);
		if (!at_is(&c, rp + 1, "{"))
			continue;
		rbrace = matching(&c, &c.tk, rp + 1);
		if (rbrace >= c.tk.nr)
			continue;
		ALLOC_GROW(*out, nr + 1, alloc);
		(*out)[nr].name_start = c.tk.v[i].off;
		(*out)[nr].name_end = c.tk.v[close].off + 1;
		(*out)[nr].body_start = c.tk.v[rp + 1].off;
		(*out)[nr].body_end = c.tk.v[rbrace].off + 1;
		nr++;
		i = rbrace;
	}
	free(c.tk.v);
	return nr;
}
