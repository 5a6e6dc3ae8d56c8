#define _GNU_SOURCE
#include "rewrite/virtual-bus.h"
#include "kernel/manifest.h"
#include "lex/template.h"

#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "kernel/subsystem.h"
#include "lex/lex.h"

#define STEP_DIR "50-class-interface-to-virtual-bus"
#define TEMPLATE "virtual-bus.c.in"
#define MARKER "CDMIGRATE_VIRTUAL_BUS"
/* spatch reads no code under #if 0: the rules do not see the bus's code */
#define HIDDEN_BEGIN "#if 0 /* " MARKER " */\n"
#define HIDDEN_END "#endif /* " MARKER " */\n"

/* ----------------------------------------------------------------- template */

int virtual_bus_template_parse(struct virtual_bus_template *t, const char *path,
			       const char *text, size_t len)
{
	struct template_section *sections;
	size_t nr = template_sections(text, len, &sections);
	int rc = 0;

	for (size_t i = 0; i < nr && !rc; i++) {
		struct template_section *s = &sections[i];
		struct virtual_bus_section *open;
		char *sp = strchr(s->head, ' ');

		ALLOC_GROW(t->v, t->nr + 1, t->alloc);
		open = &t->v[t->nr++];
		memset(open, 0, sizeof(*open));
		if (!sp) {
			open->name = xstrdup(s->head);
		} else if (starts_with(sp, " if ") && sp[4]) {
			open->name = xstrndup(s->head, (size_t)(sp - s->head));
			open->flag = xstrdup(sp + 4);
		} else {
			rc = error("%s:%u: expected \"@@ NAME\" or \"@@ NAME if [!]FLAG\"", path, s->line);
		}
		open->text = s->body;
		s->body = NULL;
	}
	template_sections_free(sections, nr);
	if (!rc && !t->nr)
		rc = error("%s: no section (\"@@ NAME\")", path);
	return rc;
}

void virtual_bus_template_release(struct virtual_bus_template *t)
{
	for (size_t i = 0; i < t->nr; i++) {
		free(t->v[i].name);
		free(t->v[i].flag);
		free(t->v[i].text);
	}
	free(t->v);
	memset(t, 0, sizeof(*t));
}

static int flag_holds(const char *flag, const struct virtual_bus_names *n)
{
	int not = flag[0] == '!', value;
	const char *f = flag + not;

	if (!strcmp(f, "static"))
		value = n->is_static;
	else if (!strcmp(f, "export"))
		value = n->export != NULL;
	else if (!strcmp(f, "devt"))
		value = n->devt;
	else if (!strcmp(f, "mutex"))
		value = n->mutex;
	else
		value = 0;
	return not ? !value : value;
}

/* Replace the known @WORD@s of one line. */
static void substitute(const char *s, size_t len, const struct virtual_bus_names *n,
		       struct strbuf *out)
{
	const char *p = n->prefix;
	char *T = xstrfmt("%s_bus_driver", p), *B = xstrfmt("%s_bus_type", p);
	char *REG = xstrfmt("%s_bus_register_driver", p);
	char *UNREG = xstrfmt("%s_bus_unregister_driver", p);
	char *ADD = xstrfmt("%s_bus_add_device", p), *DEL = xstrfmt("%s_bus_del_device", p);
	char *DELT = xstrfmt("%s_bus_del_devt", p);
	char *LOCKVAR = xstrfmt(n->mutex ? "%s_bus_mutex" : "%s_bus_sem", p);
	const char *words[][2] = {
		{ "P", p }, { "C", n->cls }, { "T", T }, { "B", B }, { "NAME", n->name },
		{ "STATIC", n->is_static ? "static " : "" }, { "EXPORT", n->export ? n->export : "" },
		{ "REG", REG }, { "UNREG", UNREG }, { "ADD", ADD }, { "DEL", DEL }, { "DELT", DELT },
		{ "LOCKVAR", LOCKVAR }, { "LOCK", n->mutex ? "mutex_lock" : "down" },
		{ "UNLOCK", n->mutex ? "mutex_unlock" : "up" }, { "LOCKWORD", n->mutex ? "mutex" : "sem" },
	};

	for (size_t i = 0; i < len; i++) {
		size_t k, w = strlen("@");

		if (s[i] != '@') {
			strbuf_addch(out, s[i]);
			continue;
		}
		for (k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
			w = strlen(words[k][0]);
			if (i + w + 1 < len && !strncmp(s + i + 1, words[k][0], w) && s[i + 1 + w] == '@')
				break;
		}
		if (k == sizeof(words) / sizeof(words[0])) {
			strbuf_addch(out, s[i]);
			continue;
		}
		strbuf_addstr(out, words[k][1]);
		i += w + 1;
	}
	free(T);
	free(B);
	free(REG);
	free(UNREG);
	free(ADD);
	free(DEL);
	free(DELT);
	free(LOCKVAR);
}

static size_t columns(const char *s, size_t n)
{
	size_t col = 0;

	for (size_t i = 0; i < n; i++)
		col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

/* Past the string or character literal starting at s[i]. */
static size_t skip_literal(const char *s, size_t n, size_t i)
{
	char q = s[i];

	for (i++; i < n && s[i] != q; i++)
		if (s[i] == '\\')
			i++;
	return i < n ? i + 1 : n;
}

/*
 * The first '(' of line s whose own contents hold a comma outside
 * brackets, with its closing ')' in *close; -1 when there is none or the
 * brackets do not balance.
 */
static long list_paren(const char *s, size_t n, size_t *close)
{
	for (size_t i = 0; i < n; i++) {
		int depth = 0, comma = 0;
		size_t j;

		if (s[i] == '"' || s[i] == '\'') {
			i = skip_literal(s, n, i) - 1;
			continue;
		}
		if (s[i] != '(')
			continue;
		for (j = i + 1; j < n; j++) {
			if (s[j] == '"' || s[j] == '\'') {
				j = skip_literal(s, n, j) - 1;
			} else if (s[j] == '(' || s[j] == '[') {
				depth++;
			} else if (s[j] == ')' || s[j] == ']') {
				if (!depth)
					break;
				depth--;
			} else if (s[j] == ',' && !depth) {
				comma = 1;
			}
		}
		if (j >= n)
			return -1;
		if (comma) {
			*close = j;
			return (long)i;
		}
	}
	return -1;
}

/* The items of the list s[open + 1, close), split at its own commas. */
static void list_items(const char *s, size_t open, size_t close, struct strvec *items)
{
	int depth = 0;
	size_t start = open + 1;

	for (size_t j = open + 1; j <= close; j++) {
		if (j < close && (s[j] == '"' || s[j] == '\'')) {
			j = skip_literal(s, close, j) - 1;
		} else if (j < close && (s[j] == '(' || s[j] == '[')) {
			depth++;
		} else if (j < close && (s[j] == ')' || s[j] == ']')) {
			depth--;
		} else if (j == close || (s[j] == ',' && !depth)) {
			size_t a = start;

			while (a < j && s[a] == ' ')
				a++;
			strvec_pushf(items, "%.*s", (int)(j - a), s + a);
			start = j + 1;
		}
	}
}

/* A list broken after its commas, the lines aligned under the parenthesis. */
static void wrap_list(const char *s, size_t n, size_t open, size_t close, struct strbuf *out)
{
	struct strvec items = STRVEC_INIT;
	struct strbuf cur = STRBUF_INIT, indent = STRBUF_INIT, try = STRBUF_INIT;
	size_t head_cols = columns(s, open + 1);

	list_items(s, open, close, &items);
	for (size_t t = 0; t < head_cols / 8; t++)
		strbuf_addch(&indent, '\t');
	for (size_t t = 0; t < head_cols % 8; t++)
		strbuf_addch(&indent, ' ');
	strbuf_add(&cur, s, open + 1);
	for (size_t i = 0; i < items.nr; i++) {
		int head = cur.len == open + 1 && !memcmp(cur.buf, s, open + 1);
		int fresh = cur.len == indent.len && !memcmp(cur.buf, indent.buf, indent.len);
		size_t tl;

		strbuf_reset(&try);
		strbuf_add(&try, cur.buf, cur.len);
		strbuf_addstr(&try, items.v[i]);
		if (i + 1 < items.nr)
			strbuf_addstr(&try, ", ");
		else
			strbuf_add(&try, s + close, n - close);
		tl = try.len;
		while (tl && try.buf[tl - 1] == ' ')
			tl--;
		if (!head && !fresh && columns(try.buf, tl) > 80) {
			while (cur.len && cur.buf[cur.len - 1] == ' ')
				cur.len--;
			strbuf_add(out, cur.buf, cur.len);
			strbuf_addch(out, '\n');
			strbuf_reset(&cur);
			strbuf_add(&cur, indent.buf, indent.len);
		}
		strbuf_addstr(&cur, items.v[i]);
		if (i + 1 < items.nr)
			strbuf_addstr(&cur, ", ");
		else
			strbuf_add(&cur, s + close, n - close);
	}
	strbuf_add(out, cur.buf, cur.len);
	strbuf_addch(out, '\n');
	strvec_clear(&items);
	strbuf_release(&cur);
	strbuf_release(&indent);
	strbuf_release(&try);
}

/*
 * One line of the text, wrapped when it asks for it and is too long.
 * Returns 1 when a declaration was split: the blank line after it goes.
 */
static int wrap_line(const char *s, size_t n, struct strbuf *out)
{
	const char *eq = memmem(s, n, " = ", 3);
	size_t close;
	long open;

	if (columns(s, n) <= 80) {
		strbuf_add(out, s, n);
		strbuf_addch(out, '\n');
		return 0;
	}
	/* "\ttype v = init;": the left side names a type, so it holds a space */
	if (n > 1 && s[0] == '\t' && s[n - 1] == ';' && eq && memchr(s + 1, ' ', (size_t)(eq - s) - 1)) {
		const char *var = eq;

		while (var > s && (lex_ident_char(var[-1])))
			var--;
		strbuf_add(out, s, (size_t)(eq - s));
		strbuf_addstr(out, ";\n\n\t");
		strbuf_add(out, var, (size_t)(eq - var));
		strbuf_add(out, eq, n - (size_t)(eq - s));
		strbuf_addch(out, '\n');
		return 1;
	}
	open = list_paren(s, n, &close);
	if (open >= 0) {
		wrap_list(s, n, (size_t)open, close, out);
		return 0;
	}
	/* one parameter: the return type on its own line */
	if (s[0] != '\t' && s[0] != ' ') {
		const char *paren = memchr(s, '(', n), *name = paren;

		while (name && name > s && lex_ident_char(name[-1]))
			name--;
		if (name && name > s && name[-1] == ' ') {
			strbuf_add(out, s, (size_t)(name - s) - 1);
			strbuf_addch(out, '\n');
			strbuf_add(out, name, n - (size_t)(name - s));
			strbuf_addch(out, '\n');
			return 0;
		}
	}
	strbuf_add(out, s, n);
	strbuf_addch(out, '\n');
	return 0;
}

static void render_text(const struct virtual_bus_template *t, const char *name,
			const struct virtual_bus_names *n, struct strbuf *raw)
{
	for (size_t i = 0; i < t->nr; i++) {
		const char *s = t->v[i].text;

		if (strcmp(t->v[i].name, name) || (t->v[i].flag && !flag_holds(t->v[i].flag, n)))
			continue;
		while (*s) {
			const char *nl = strchr(s, '\n');
			size_t len = nl ? (size_t)(nl - s) : strlen(s);

			if (len == strlen("@DRIVER@") && !strncmp(s, "@DRIVER@", len))
				render_text(t, "driver", n, raw);
			else {
				substitute(s, len, n, raw);
				strbuf_addch(raw, '\n');
			}
			s += len + (nl ? 1 : 0);
		}
	}
}

void virtual_bus_render(const struct virtual_bus_template *t, const char *name,
			const struct virtual_bus_names *n, struct strbuf *out)
{
	struct strbuf raw = STRBUF_INIT;
	const char *s;
	int drop_blank = 0;

	render_text(t, name, n, &raw);
	for (s = raw.buf; *s;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		const char *mark = " @wrap";

		if (drop_blank && !len) {
			drop_blank = 0;
		} else if (len >= strlen(mark) && !memcmp(s + len - strlen(mark), mark, strlen(mark))) {
			drop_blank = wrap_line(s, len - strlen(mark), out);
		} else {
			drop_blank = 0;
			strbuf_add(out, s, len);
			strbuf_addch(out, '\n');
		}
		s += len + (nl ? 1 : 0);
	}
	strbuf_release(&raw);
}

/* -------------------------------------------------------------- the code */

/* A file of the step: its code tokens (no directive lines), their depths. */
struct vfile {
	struct rewrite_file *rf;
	struct lex_tokens all;
	struct lex_token *v;
	size_t nr;
	int *brace;		/* brace depth before the token */
	size_t *pair;		/* the other bracket of a bracket token */
	size_t *body;		/* the '{' of the file-scope block holding it, or nr */
};

static void vfile_init(struct vfile *c, struct rewrite_file *rf)
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

static void vfile_release(struct vfile *c)
{
	lex_tokens_release(&c->all);
	free(c->v);
	free(c->brace);
	free(c->pair);
	free(c->body);
}

static int is(const struct vfile *c, size_t i, const char *s)
{
	return i < c->nr && lex_token_is(&c->v[i], s);
}

static int is_ident(const struct vfile *c, size_t i)
{
	return i < c->nr && c->v[i].kind == TOKEN_IDENT;
}

static char *text_of(const struct vfile *c, size_t i)
{
	return xstrndup(c->v[i].text, c->v[i].len);
}

/* The tokens [a, b) without blanks between them. */
static char *joined(const struct vfile *c, size_t a, size_t b)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = a; i < b && i < c->nr; i++)
		strbuf_add(&sb, c->v[i].text, c->v[i].len);
	return strbuf_detach(&sb, NULL);
}

/* "&cls" or "cls" at i: the index past it (0: none). */
static size_t class_arg(const struct vfile *c, size_t i, const char *cls)
{
	if (is(c, i, "&") && is(c, i + 1, cls))
		return i + 2;
	return is(c, i, cls) ? i + 1 : 0;
}

/*
 * The first token of the postfix expression ending at token `last`
 * (identifiers, "." and "->", calls and subscripts, parenthesized
 * expressions).
 */
static size_t expr_start(const struct vfile *c, size_t last)
{
	size_t j = last;

	for (;;) {
		if ((is(c, j, ")") || is(c, j, "]")) && c->pair[j] < j) {
			j = c->pair[j];
			if (j > 0 && is_ident(c, j - 1))
				j--;
		} else if (!is_ident(c, j) && c->v[j].kind != TOKEN_NUMBER) {
			return j + 1;
		}
		if (j >= 2 && (is(c, j - 1, ".") || is(c, j - 1, "->"))) {
			j -= 2;
			continue;
		}
		return j;
	}
}

/*
 * Token i starts a statement (not the body of an if or else without
 * braces: the rules' "E = f(...); ... if (...)" do not match there).
 */
static int stmt_start(const struct vfile *c, size_t i)
{
	return i > 0 && c->brace[i] && (is(c, i - 1, ";") || is(c, i - 1, "{") || is(c, i - 1, "}") ||
					is(c, i - 1, ":"));
}

/*
 * "LHS = CALL(" with CALL at token i, LHS the whole left side of a
 * statement: its first token in *lhs.  0 when the call is not so.
 */
static int assigned_call(const struct vfile *c, size_t i, size_t *lhs)
{
	size_t s;

	if (i < 2 || !is(c, i - 1, "="))
		return 0;
	s = expr_start(c, i - 2);
	if (s > i - 2 || !stmt_start(c, s))
		return 0;
	*lhs = s;
	return 1;
}

/* "if ( LHS )" at i, LHS the tokens [a, b): the index past the ')' (0: not). */
static size_t if_on(const struct vfile *c, size_t i, size_t a, size_t b)
{
	size_t k = i + 2;

	if (!is(c, i, "if") || !is(c, i + 1, "("))
		return 0;
	for (size_t t = a; t < b; t++, k++)
		if (k >= c->nr || c->v[k].len != c->v[t].len ||
		    memcmp(c->v[k].text, c->v[t].text, c->v[t].len))
			return 0;
	return is(c, k, ")") && c->pair[k] == i + 1 ? k + 1 : 0;
}

/* The tokens [a, b) occur at k. */
static int same_tokens(const struct vfile *c, size_t k, size_t a, size_t b)
{
	for (size_t t = a; t < b; t++, k++)
		if (k >= c->nr || c->v[k].len != c->v[t].len ||
		    memcmp(c->v[k].text, c->v[t].text, c->v[t].len))
			return 0;
	return 1;
}

/* The end of the statement starting at i: its ';', or the '}' of its block. */
static size_t stmt_end(const struct vfile *c, size_t i)
{
	if (is(c, i, "{"))
		return c->pair[i];
	if (is(c, i, "if") || is(c, i, "while") || is(c, i, "for") || is(c, i, "switch")) {
		size_t k = c->pair[i + 1] + 1;
		size_t e = stmt_end(c, k);

		if (is(c, i, "if") && is(c, e + 1, "else"))
			e = stmt_end(c, e + 2);
		return e;
	}
	for (size_t k = i; k < c->nr; k++) {
		if (is(c, k, "(") || is(c, k, "[") || is(c, k, "{"))
			k = c->pair[k];
		else if (is(c, k, ";"))
			return k;
		else if (is(c, k, "}"))
			return k - 1;
	}
	return c->nr;
}

/* A call PTR_ERR(C) ends at token e (its ';'). */
static int ptr_err_at(const struct vfile *c, size_t e, const char *C)
{
	return e >= 4 && is(c, e, ";") && is(c, e - 1, ")") && is(c, e - 2, C) &&
	       is(c, e - 3, "(") && is(c, e - 4, "PTR_ERR");
}

/*
 * The block at token b, after "if (IS_ERR(C))", is "{ E = PTR_ERR(C);
 * goto L; }" or "{ S return PTR_ERR(C); }".
 */
static int error_block(const struct vfile *c, size_t b, const char *C)
{
	size_t end = c->pair[b], e1 = stmt_end(c, b + 1), s2 = e1 + 1, e2;

	if (end >= c->nr || e1 >= end)
		return 0;
	e2 = stmt_end(c, s2);
	if (e2 + 1 != end)
		return 0;
	if (is(c, s2, "goto") && is_ident(c, s2 + 1) && is(c, s2 + 2, ";") && ptr_err_at(c, e1, C) &&
	    is(c, e1 - 5, "=") && expr_start(c, e1 - 6) == b + 1)
		return 1;
	return is(c, s2, "return") && ptr_err_at(c, e2, C) && e2 == s2 + 5;
}

/* ---------------------------------------------------------------- analysis */

struct iface {
	char *name;
	size_t file;			/* of its definition, in the group */
	struct strvec classes;
	struct strvec files;		/* paths where it appears */
	int unknown_use;
	int callbacks;			/* .add_dev or .remove_dev: the 2.6.19 way */
	const char *cls;		/* its class, when it has one */
};

struct helper {
	char *name, *cls;
	size_t file;
};

struct where {
	size_t file, tok;
};

struct klass {
	char *name;
	int defs, pointer, names, bad_name, reg, reg_known;
	int devreg, devreg_known, devcreate, devcreate_known;
	int devt, has_err, callbacks;
	char *bus_name;			/* the literal of its name */
	struct where def;		/* its definition */
	struct strvec devs;
	const char *left;		/* why it is left, or NULL */
};

struct group {
	struct vfile *f;
	size_t nr;
	struct iface *ifaces;
	size_t nr_ifaces, alloc_ifaces;
	struct helper *helpers;
	size_t nr_helpers, alloc_helpers;
	struct strvec exported;		/* "NAME\tMACRO" */
	struct strvec dels;		/* removed devices, joined */
};

static int in(const struct strvec *v, const char *s)
{
	for (size_t i = 0; i < v->nr; i++)
		if (!strcmp(v->v[i], s))
			return 1;
	return 0;
}

static void push_once(struct strvec *v, const char *s)
{
	if (!in(v, s))
		strvec_push(v, s);
}

static struct iface *find_iface(struct group *g, const char *name)
{
	for (size_t i = 0; i < g->nr_ifaces; i++)
		if (!strcmp(g->ifaces[i].name, name))
			return &g->ifaces[i];
	return NULL;
}

static struct helper *find_helper(struct group *g, const char *name)
{
	for (size_t i = 0; i < g->nr_helpers; i++)
		if (!strcmp(g->helpers[i].name, name))
			return &g->helpers[i];
	return NULL;
}

static const char *exported(const struct group *g, const char *name)
{
	size_t n = strlen(name);
	const char *macro = NULL;

	for (size_t i = 0; i < g->exported.nr; i++)
		if (!strncmp(g->exported.v[i], name, n) && g->exported.v[i][n] == '\t')
			macro = g->exported.v[i] + n + 1;
	return macro;
}

/* An ident `what` among the fields set by the initializer {open, close}. */
static int sets_field(const struct vfile *c, size_t open, size_t close, const char *what, size_t *value)
{
	for (size_t k = open + 1; k + 2 < close; k++)
		if (c->brace[k] == c->brace[open] + 1 && is(c, k, ".") && is(c, k + 1, what) &&
		    is(c, k + 2, "=") && (is(c, k - 1, "{") || is(c, k - 1, ","))) {
			if (value)
				*value = k + 3;
			return 1;
		}
	return 0;
}

/* The interfaces, the register functions and the exports of the group. */
static void find_declarations(struct group *g)
{
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 1 < c->nr; i++) {
			if (c->brace[i])
				continue;
			if (is(c, i, "struct") && is(c, i + 1, "class_interface") && is_ident(c, i + 2) &&
			    is(c, i + 3, "=") && is(c, i + 4, "{")) {
				char *name = text_of(c, i + 2);
				struct iface *f;
				size_t close = c->pair[i + 4], v;

				if (find_iface(g, name)) {
					free(name);
					continue;
				}
				ALLOC_GROW(g->ifaces, g->nr_ifaces + 1, g->alloc_ifaces);
				f = &g->ifaces[g->nr_ifaces++];
				memset(f, 0, sizeof(*f));
				f->name = name;
				f->file = fi;
				f->classes = (struct strvec)STRVEC_INIT;
				f->files = (struct strvec)STRVEC_INIT;
				if (sets_field(c, i + 4, close, "class", &v)) {
					if (is(c, v, "&"))
						v++;
					if (is_ident(c, v) && (is(c, v + 1, ",") || v + 1 == close)) {
						char *cls = text_of(c, v);

						push_once(&f->classes, cls);
						free(cls);
					}
				}
				f->callbacks = sets_field(c, i + 4, close, "add_dev", NULL) ||
					       sets_field(c, i + 4, close, "remove_dev", NULL);
			} else if (is_ident(c, i) && is(c, i + 1, "(") && is(c, i + 2, "struct") &&
				   is(c, i + 3, "class_interface") && is(c, i + 4, "*") &&
				   is_ident(c, i + 5) && is(c, i + 6, ")") && is(c, i + 7, "{")) {
				/* p->class = [&]cls; return class_interface_register(p); */
				size_t k = i + 8, cls;
				char *param = text_of(c, i + 5);
				const char *p = param;

				if (!is(c, k, p) || !is(c, k + 1, "->") || !is(c, k + 2, "class") ||
				    !is(c, k + 3, "=")) {
					free(param);
					continue;
				}
				cls = is(c, k + 4, "&") ? k + 5 : k + 4;
				k = cls + 1;
				if (is_ident(c, cls) && is(c, k, ";") && is(c, k + 1, "return") &&
				    is(c, k + 2, "class_interface_register") && is(c, k + 3, "(") &&
				    is(c, k + 4, p) && is(c, k + 5, ")") && is(c, k + 6, ";") &&
				    is(c, k + 7, "}") && c->pair[k + 7] == i + 7) {
					struct helper *h;

					ALLOC_GROW(g->helpers, g->nr_helpers + 1, g->alloc_helpers);
					h = &g->helpers[g->nr_helpers++];
					h->name = text_of(c, i);
					h->cls = text_of(c, cls);
					h->file = fi;
				}
				free(param);
			} else if ((is(c, i, "EXPORT_SYMBOL") || is(c, i, "EXPORT_SYMBOL_GPL")) &&
				   is(c, i + 1, "(") && is_ident(c, i + 2) && is(c, i + 3, ")")) {
				strvec_pushf(&g->exported, "%.*s\t%.*s", (int)c->v[i + 2].len,
					     c->v[i + 2].text, (int)c->v[i].len, c->v[i].text);
			}
		}
	}
}

/* Each use of each interface: its class, or a use the rules do not know. */
static void find_interface_uses(struct group *g)
{
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i < c->nr; i++) {
			struct iface *f;
			char *name;
			struct helper *h;

			if (!is_ident(c, i))
				continue;
			name = text_of(c, i);
			f = find_iface(g, name);
			free(name);
			if (!f)
				continue;
			push_once(&f->files, c->rf->path);
			if (i > 0 && (is(c, i - 1, ".") || is(c, i - 1, "->") ||
				      is(c, i - 1, "class_interface")))
				continue;
			if (is(c, i + 1, ".") && (is(c, i + 2, "add_dev") || is(c, i + 2, "remove_dev")) &&
			    is(c, i + 3, "=")) {
				f->callbacks = 1;
				f->unknown_use = 1;
				continue;
			}
			if (is(c, i + 1, ".") && is(c, i + 2, "class") && is(c, i + 3, "=") &&
			    c->brace[i]) {
				size_t v = is(c, i + 4, "&") ? i + 5 : i + 4;

				if (is_ident(c, v) && is(c, v + 1, ";")) {
					char *cls = text_of(c, v);

					push_once(&f->classes, cls);
					free(cls);
				}
				continue;
			}
			if (i >= 3 && is(c, i - 1, "&") && is(c, i - 2, "(") && is(c, i + 1, ")") &&
			    is_ident(c, i - 3)) {
				char *fn = text_of(c, i - 3);

				if (!strcmp(fn, "class_interface_register") ||
				    !strcmp(fn, "class_interface_unregister")) {
					free(fn);
					continue;
				}
				h = find_helper(g, fn);
				free(fn);
				if (h) {
					push_once(&f->classes, h->cls);
					continue;
				}
			}
			f->unknown_use = 1;
		}
	}
}

/*
 * What the decision needs about class k: its definition and name, its
 * registrations, its devices ("E.class = cls" and device_create()) and how
 * they are registered, device_destroy(), an "int err" next to
 * class_create().  Each shape is the one the rules of virtual-bus.cocci
 * edit: a registration in another shape leaves the class.
 */
static void find_class_facts(struct group *g, struct klass *k)
{
	const char *C = k->name;

	k->devs = (struct strvec)STRVEC_INIT;
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 1 < c->nr; i++) {
			size_t lhs, a, e;

			if (!c->brace[i] && is(c, i, "struct") && is(c, i + 1, "class") &&
			    is(c, i + 2, C) && is(c, i + 3, "=") && is(c, i + 4, "{") &&
			    is(c, c->pair[i + 4] + 1, ";")) {
				size_t v;

				if (sets_field(c, i + 4, c->pair[i + 4], "name", &v)) {
					k->defs++;
					k->def.file = fi;
					k->def.tok = c->pair[i + 4] + 1;
					if (c->v[v].kind == TOKEN_STRING && (is(c, v + 1, ",") ||
									     v + 1 == c->pair[i + 4])) {
						free(k->bus_name);
						k->bus_name = text_of(c, v);
					} else {
						k->bad_name = 1;
					}
				}
			} else if (!c->brace[i] && is(c, i, "struct") && is(c, i + 1, "class") &&
				   is(c, i + 2, "*") && is(c, i + 3, C) && is(c, i + 4, ";")) {
				if (!(i > 0 && is(c, i - 1, "extern")) &&
				    !(i > 1 && is(c, i - 2, "extern"))) {
					k->defs++;
					k->pointer = 1;
					k->def.file = fi;
					k->def.tok = i + 4;
				}
			} else if (is(c, i, "class_create") && is(c, i + 1, "(") && i >= 2 &&
				   is(c, i - 1, "=") && is(c, i - 2, C) &&
				   !(i >= 3 && (is(c, i - 3, ".") || is(c, i - 3, "->")))) {
				size_t close = c->pair[i + 1], comma = 0, known = 0;

				k->reg++;
				for (size_t t = i + 2; t < close; t++) {
					if (is(c, t, "(") || is(c, t, "["))
						t = c->pair[t];
					else if (is(c, t, ","))
						comma = comma ? close : t;
				}
				if (comma && comma < close && comma + 2 == close &&
				    c->v[comma + 1].kind == TOKEN_STRING &&
				    memchr(c->v[comma + 1].text + 1, '"', c->v[comma + 1].len - 1) ==
					    c->v[comma + 1].text + c->v[comma + 1].len - 1) {
					k->names++;
					free(k->bus_name);
					k->bus_name = text_of(c, comma + 1);
				} else {
					k->bad_name = 1;
				}
				/* "C = class_create(M, N);" then "if (IS_ERR(C))" and a known branch */
				a = close + 1;
				if (is(c, a, ";") && stmt_start(c, i - 2) && is(c, a + 1, "if") &&
				    is(c, a + 2, "(") && is(c, a + 3, "IS_ERR") && is(c, a + 4, "(") &&
				    is(c, a + 5, C) && is(c, a + 6, ")") && is(c, a + 7, ")")) {
					size_t b = a + 8;

					if (is(c, b, "return") && is(c, b + 1, "PTR_ERR") &&
					    is(c, b + 2, "(") && is(c, b + 3, C) && is(c, b + 4, ")") &&
					    is(c, b + 5, ";"))
						known = 1;
					else if (is(c, b, "goto") && is_ident(c, b + 1) && is(c, b + 2, ";"))
						known = 1;
					else if (is(c, b, "{"))
						known = error_block(c, b, C);
				}
				k->reg_known += known;
				/* the function has "int err;" or "int err = E;" */
				if (c->body[i] < c->nr)
					for (size_t t = c->body[i]; t < c->pair[c->body[i]]; t++)
						if (is(c, t, "int") && is(c, t + 1, "err") &&
						    (is(c, t + 2, ";") || is(c, t + 2, "=")))
							k->has_err = 1;
			} else if (is(c, i, "class_register") && is(c, i + 1, "(") &&
				   is(c, i + 2, "&") && is(c, i + 3, C) && is(c, i + 4, ")")) {
				k->reg++;
				/* "ret = class_register(&C);" then "if (ret)" and a known branch */
				if (assigned_call(c, i, &lhs) && is(c, i + 5, ";") &&
				    (a = if_on(c, i + 6, lhs, i - 1)) &&
				    (is(c, a, "return") || (is(c, a, "goto") && is_ident(c, a + 1) &&
							    is(c, a + 2, ";")) || is(c, a, "{")))
					k->reg_known++;
			} else if (is(c, i, ".") && is(c, i + 1, "class") && is(c, i + 2, "=") &&
				   c->brace[i] && i > 0 && (e = class_arg(c, i + 3, C)) &&
				   is(c, e, ";")) {
				char *dev = joined(c, expr_start(c, i - 1), i);

				push_once(&k->devs, dev);
				free(dev);
			} else if (is(c, i, "device_create") && is(c, i + 1, "(") &&
				   (e = class_arg(c, i + 2, C)) && is(c, e, ",")) {
				size_t close = c->pair[i + 1];

				k->devcreate++;
				/* "E = device_create(C, ...);", no E, then "if (IS_ERR(E))" */
				if (assigned_call(c, i, &lhs) && is(c, close + 1, ";") &&
				    c->body[i] < c->nr) {
					size_t end = c->pair[c->body[i]], t;
					char *dev = joined(c, lhs, i - 1);

					/*
					 * Skip E assigned again: another branch of an #if
					 * (the tokens hold them all, spatch follows one).
					 */
					for (t = close + 2; t < end; t++) {
						if (!same_tokens(c, t, lhs, i - 1))
							continue;
						if (stmt_start(c, t) && is(c, t + (i - 1 - lhs), "=")) {
							t = stmt_end(c, t);
							continue;
						}
						break;
					}
					if (t < end && t >= 4 && is(c, t - 1, "(") && is(c, t - 2, "IS_ERR") &&
					    is(c, t - 3, "(") && is(c, t - 4, "if") &&
					    is(c, t + (i - 1 - lhs), ")") && is(c, t + (i - lhs), ")")) {
						k->devcreate_known++;
						push_once(&k->devs, dev);
					}
					free(dev);
				}
			} else if (is(c, i, "device_destroy") && is(c, i + 1, "(") &&
				   (e = class_arg(c, i + 2, C)) && is(c, e, ",")) {
				k->devt = 1;
			}
		}
	}
	/* device_register(&E) or device_add(&E) of a device of the class */
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 2 < c->nr; i++) {
			size_t close, lhs, a;
			char *dev;

			if (!(is(c, i, "device_register") || is(c, i, "device_add")) ||
			    !is(c, i + 1, "(") || !is(c, i + 2, "&"))
				continue;
			close = c->pair[i + 1];
			dev = joined(c, i + 3, close);
			if (in(&k->devs, dev)) {
				k->devreg++;
				if (assigned_call(c, i, &lhs) && is(c, close + 1, ";") &&
				    (a = if_on(c, close + 2, lhs, i - 1)) && a < c->nr)
					k->devreg_known++;
			}
			free(dev);
		}
	}
}

/* Every device removed by device_unregister() or device_del(), joined. */
static void find_removals(struct group *g)
{
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 2 < c->nr; i++)
			if ((is(c, i, "device_unregister") || is(c, i, "device_del")) &&
			    is(c, i + 1, "(") && c->pair[i + 1] < c->nr && c->brace[i]) {
				size_t a = is(c, i + 2, "&") ? i + 3 : i + 2;
				char *x = joined(c, a, c->pair[i + 1]);

				push_once(&g->dels, x);
				free(x);
			}
	}
}

static const char *last_field(const char *e)
{
	const char *dot = strrchr(e, '.'), *arrow = NULL;

	for (const char *p = e; (p = strstr(p, "->")); p += 2)
		arrow = p + 2;
	if (dot && (!arrow || dot + 1 > arrow))
		return dot + 1;
	return arrow ? arrow : e;
}

static char *prefix_of(const char *cls)
{
	size_t n = strlen(cls);

	if (n > 6 && ends_with(cls, "_class"))
		return xstrndup(cls, n - 6);
	return xstrdup(cls);
}

/* A word of the text starting with `start`. */
static int names_prefix(const struct strbuf *text, const char *start)
{
	size_t n = strlen(start);

	for (const char *p = text->buf; (p = memmem(p, text->len - (size_t)(p - text->buf), start, n)); p += n)
		if ((p == text->buf || !lex_ident_char(p[-1])) && lex_ident_char(p[n]))
			return 1;
	return 0;
}

static int names_word(const struct strbuf *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = text->buf; (p = memmem(p, text->len - (size_t)(p - text->buf), word, n)); p += n)
		if ((p == text->buf || !lex_ident_char(p[-1])) && !lex_ident_char(p[n]))
			return 1;
	return 0;
}

static void decide(struct group *g, struct klass *k)
{
	char *prefix = prefix_of(k->name), *taken = xstrfmt("%s_bus_", prefix);

	if (k->callbacks)
		k->left = "an interface already has add_dev() or remove_dev()";
	else if (k->bad_name)
		k->left = "its name is not a string literal";
	else if (k->defs != 1)
		k->left = "no single definition of the class in this run";
	else if (k->pointer && k->names != 1)
		k->left = "not made by one class_create() in this run";
	else if (k->reg != 1 || k->reg_known != 1)
		k->left = "not registered once, in a known shape";
	else if (!k->devreg && !k->devcreate)
		k->left = "no registration of its devices in this run";
	else if (k->devreg != k->devreg_known)
		k->left = "its devices are registered in a shape the rules do not know";
	else if (k->devcreate != k->devcreate_known)
		k->left = "device_create() in a shape the rules do not know";
	for (size_t d = 0; d < k->devs.nr && !k->left; d++)
		for (size_t x = 0; x < g->dels.nr && !k->left; x++)
			if (strcmp(g->dels.v[x], k->devs.v[d]) &&
			    !strcmp(last_field(g->dels.v[x]), last_field(k->devs.v[d])))
				k->left = "a device removed through another name";
	for (size_t fi = 0; fi < g->nr && !k->left; fi++)
		if (names_prefix(g->f[fi].rf->content, taken))
			k->left = "a bus of the class exists already";
	free(prefix);
	free(taken);
}

/* ------------------------------------------------------------------ edits */

struct insertion {
	size_t offset, order;
	char *text;
};

struct edits {
	struct rewrite_file *rf;
	struct insertion *v;
	size_t nr, alloc;
};

struct edit_set {
	struct edits *v;
	size_t nr, alloc;
	size_t order;
};

static void insert_at(struct edit_set *es, struct rewrite_file *rf, size_t offset, char *text)
{
	struct edits *e = NULL;

	for (size_t i = 0; i < es->nr && !e; i++)
		if (es->v[i].rf == rf)
			e = &es->v[i];
	if (!e) {
		ALLOC_GROW(es->v, es->nr + 1, es->alloc);
		e = &es->v[es->nr++];
		memset(e, 0, sizeof(*e));
		e->rf = rf;
	}
	for (size_t i = 0; i < e->nr; i++)
		if (e->v[i].offset == offset && !strcmp(e->v[i].text, text)) {
			free(text);
			return;
		}
	ALLOC_GROW(e->v, e->nr + 1, e->alloc);
	e->v[e->nr].offset = offset;
	e->v[e->nr].order = es->order++;
	e->v[e->nr].text = text;
	e->nr++;
}

static int insertion_cmp(const void *a, const void *b)
{
	const struct insertion *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void apply_edits(struct edit_set *es)
{
	for (size_t i = 0; i < es->nr; i++) {
		struct edits *e = &es->v[i];
		struct strbuf out = STRBUF_INIT;
		size_t pos = 0;

		sort_array(e->v, e->nr, sizeof(*e->v), insertion_cmp);
		for (size_t k = 0; k < e->nr; k++) {
			if (e->v[k].offset != (size_t)-1) {
				strbuf_add(&out, e->rf->content->buf + pos, e->v[k].offset - pos);
				pos = e->v[k].offset;
			} else {
				strbuf_add(&out, e->rf->content->buf + pos, e->rf->content->len - pos);
				pos = e->rf->content->len;
				if (out.len && out.buf[out.len - 1] != '\n')
					strbuf_addch(&out, '\n');
			}
			strbuf_addstr(&out, e->v[k].text);
			free(e->v[k].text);
		}
		strbuf_add(&out, e->rf->content->buf + pos, e->rf->content->len - pos);
		strbuf_reset(e->rf->content);
		strbuf_add(e->rf->content, out.buf, out.len);
		strbuf_release(&out);
		free(e->v);
	}
	free(es->v);
}

/* text, hidden from spatch until the pass after it */
static char *hidden(const struct strbuf *text)
{
	return xstrfmt(HIDDEN_BEGIN "%s" HIDDEN_END, text->buf);
}

static size_t line_after(const struct strbuf *text, size_t at)
{
	const char *nl = memchr(text->buf + at, '\n', text->len - at);

	return nl ? (size_t)(nl - text->buf) + 1 : text->len;
}

/* The offset after the line of the '#' directive line "#KEY WORD..." (0: none). */
static size_t after_directive(const struct vfile *c, const char *key, const char *word,
			      const char *word2)
{
	const struct lex_tokens *a = &c->all;

	for (size_t i = 0; i + 2 < a->nr; i++) {
		size_t k = i + 2;

		if (!a->v[i].directive_start || !lex_token_is(&a->v[i + 1], key))
			continue;
		if (!strcmp(key, "include")) {
			/* <linux/x.h> is tokens < linux / x . h > */
			struct strbuf sb = STRBUF_INIT;
			int hit;

			while (k < a->nr && a->v[k].directive && !a->v[k].directive_start &&
			       a->v[k].line == a->v[i].line) {
				strbuf_add(&sb, a->v[k].text, a->v[k].len);
				k++;
			}
			hit = !strcmp(sb.buf, word);
			strbuf_release(&sb);
			if (hit)
				return line_after(c->rf->content, a->v[i].offset);
			continue;
		}
		if (!lex_token_is(&a->v[i + 2], word))
			continue;
		if (!word2)
			return line_after(c->rf->content, a->v[i].offset);
		/* "#ifndef G" then "#define G" on the next line */
		if (i + 5 < a->nr && a->v[i + 3].directive_start && a->v[i + 3].line == a->v[i].line + 1 &&
		    lex_token_is(&a->v[i + 4], "define") && lex_token_is(&a->v[i + 5], word2))
			return line_after(c->rf->content, a->v[i + 3].offset);
	}
	return 0;
}

/* The include guard of a header: after its "#define G" line (0: none). */
static size_t after_guard(const struct vfile *c)
{
	const struct lex_tokens *a = &c->all;

	for (size_t i = 0; i + 2 < a->nr; i++) {
		char *g;
		size_t at;

		if (!a->v[i].directive_start || !lex_token_is(&a->v[i + 1], "ifndef"))
			continue;
		g = xstrndup(a->v[i + 2].text, a->v[i + 2].len);
		at = after_directive(c, "ifndef", g, g);
		free(g);
		return at;
	}
	return 0;
}

/* The first token of the file-scope declaration holding token i. */
static size_t decl_start(const struct vfile *c, size_t i)
{
	while (i > 0 && !(c->brace[i - 1] == 0 && (is(c, i - 1, ";") || is(c, i - 1, "}"))))
		i--;
	return i;
}

struct plan {
	const struct virtual_bus_template *t;
	int mutex;			/* the kernel has struct mutex (kernel.h) */
	struct edit_set edits;
	struct strvec done;		/* classes converted by an earlier group */
};

static void convert(struct plan *pl, struct group *g, struct klass *k)
{
	char *prefix = prefix_of(k->name);
	struct virtual_bus_names n;
	struct strvec extern_files = STRVEC_INIT, proto_files = STRVEC_INIT;
	struct strvec helpers = STRVEC_INIT;
	struct where *externs = NULL, *protos = NULL;
	size_t nr_externs = 0, alloc_externs = 0, nr_protos = 0, alloc_protos = 0;
	const char *fh_file = NULL, *export;
	char *fh = NULL;
	struct strbuf text = STRBUF_INIT, marks = STRBUF_INIT;
	struct vfile *owner = &g->f[k->def.file];
	char *bus_name;
	size_t at;

	for (size_t h = 0; h < g->nr_helpers; h++)
		if (!strcmp(g->helpers[h].cls, k->name))
			push_once(&helpers, g->helpers[h].name);
	strvec_sort(&helpers);
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 3 < c->nr; i++) {
			if (c->brace[i])
				continue;
			if (is(c, i, "extern") && is(c, i + 1, "struct") && is(c, i + 2, "class") &&
			    ((is(c, i + 3, k->name) && is(c, i + 4, ";")) ||
			     (is(c, i + 3, "*") && is(c, i + 4, k->name) && is(c, i + 5, ";")))) {
				ALLOC_GROW(externs, nr_externs + 1, alloc_externs);
				externs[nr_externs].file = fi;
				externs[nr_externs++].tok = is(c, i + 4, ";") ? i + 4 : i + 5;
				push_once(&extern_files, c->rf->path);
			}
			if (is_ident(c, i) && is(c, i + 1, "(") && is(c, i + 2, "struct") &&
			    is(c, i + 3, "class_interface") && is(c, i + 4, "*") &&
			    (is(c, i + 5, ")") || (is_ident(c, i + 5) && is(c, i + 6, ")")))) {
				size_t close = is(c, i + 5, ")") ? i + 5 : i + 6;
				char *fn = text_of(c, i);

				if (is(c, close + 1, ";") && in(&helpers, fn)) {
					ALLOC_GROW(protos, nr_protos + 1, alloc_protos);
					protos[nr_protos].file = fi;
					protos[nr_protos++].tok = i;
					push_once(&proto_files, c->rf->path);
					/* the first of the (file, function) pairs */
					if (!fh || strcmp(c->rf->path, fh_file) < 0 ||
					    (!strcmp(c->rf->path, fh_file) && strcmp(fn, fh) < 0)) {
						fh_file = c->rf->path;
						free(fh);
						fh = fn;
						fn = NULL;
					}
				}
				free(fn);
			}
		}
	}
	export = exported(g, k->name);
	for (size_t h = 0; h < helpers.nr && !export; h++)
		export = exported(g, helpers.v[h]);
	memset(&n, 0, sizeof(n));
	n.prefix = prefix;
	n.cls = k->name;
	bus_name = xstrfmt("%.*s_bus\"", (int)strlen(k->bus_name) - 1, k->bus_name);
	n.name = bus_name;
	n.is_static = !extern_files.nr && !proto_files.nr;
	n.export = n.is_static ? NULL : export;
	n.devt = k->devt;
	n.mutex = pl->mutex;

	/* the bus: after the export of the class, or after its definition */
	strbuf_addch(&text, '\n');
	virtual_bus_render(pl->t, "bus", &n, &text);
	if (exported(g, k->name)) {
		for (size_t fi = 0; fi < g->nr; fi++) {
			const struct vfile *c = &g->f[fi];

			for (size_t i = 0; i + 4 < c->nr; i++)
				if (!c->brace[i] && (is(c, i, "EXPORT_SYMBOL") || is(c, i, "EXPORT_SYMBOL_GPL")) &&
				    is(c, i + 1, "(") && is(c, i + 2, k->name) && is(c, i + 3, ")") &&
				    is(c, i + 4, ";"))
					insert_at(&pl->edits, c->rf, line_after(c->rf->content, c->v[i + 4].offset),
						  hidden(&text));
		}
	} else {
		insert_at(&pl->edits, owner->rf,
			  line_after(owner->rf->content, owner->v[k->def.tok].offset), hidden(&text));
	}

	/* its declarations: after the extern of the class, else before the prototypes */
	strbuf_reset(&text);
	if (nr_externs) {
		strbuf_addch(&text, '\n');
		virtual_bus_render(pl->t, "extern-comment", &n, &text);
		virtual_bus_render(pl->t, "header", &n, &text);
		for (size_t x = 0; x < nr_externs; x++) {
			const struct vfile *c = &g->f[externs[x].file];

			insert_at(&pl->edits, c->rf, line_after(c->rf->content, c->v[externs[x].tok].offset),
				  hidden(&text));
		}
	} else if (fh) {
		virtual_bus_render(pl->t, "function-comment", &n, &text);
		virtual_bus_render(pl->t, "header", &n, &text);
		strbuf_addch(&text, '\n');
		for (size_t x = 0; x < nr_protos; x++) {
			const struct vfile *c = &g->f[protos[x].file];
			size_t s = decl_start(c, protos[x].tok);

			if (!is(c, protos[x].tok, fh))
				continue;
			insert_at(&pl->edits, c->rf, lex_line_start(c->rf->content->buf, c->v[s].offset),
				  hidden(&text));
		}
	}

	/* a header that gains the driver struct needs struct device_driver */
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];
		const struct strvec *hdrs = nr_externs ? &extern_files : &proto_files;

		if (!in(hdrs, c->rf->path) || !ends_with(c->rf->path, ".h") ||
		    after_directive(c, "include", "<linux/device.h>", NULL))
			continue;
		if ((at = after_guard(c)))
			insert_at(&pl->edits, c->rf, at, xstrdup("\n#include <linux/device.h>\n"));
	}

	/* the bus allocates its devices */
	if (!after_directive(owner, "include", "<linux/slab.h>", NULL)) {
		at = after_directive(owner, "include", "<linux/device.h>", NULL);
		if (!at)
			at = after_directive(owner, "include", "<linux/module.h>", NULL);
		if (at)
			insert_at(&pl->edits, owner->rf, at, xstrdup("#include <linux/slab.h>\n"));
	}

	/* the names virtual-bus.cocci works with */
	strbuf_addf(&marks, MARKER "(%s, %s_bus_type, %s_bus_add_device, %s_bus_del_device, "
		    "%s_bus_del_devt);\n", k->name, prefix, prefix, prefix, prefix);
	if (!k->has_err)
		strbuf_addf(&marks, MARKER "_ERR(%s);\n", k->name);
	for (size_t h = 0; h < helpers.nr; h++)
		strbuf_addf(&marks, MARKER "_HELPER(%s, %s_bus_driver, %s_bus_register_driver);\n",
			    helpers.v[h], prefix, prefix);
	for (size_t i = 0; i < g->nr_ifaces; i++) {
		const struct iface *f = &g->ifaces[i];
		size_t stem_len = strlen(f->name);
		char *stem, *name;

		if (!f->cls || strcmp(f->cls, k->name))
			continue;
		if (ends_with(f->name, "_interface") && stem_len > strlen("_interface"))
			stem_len -= strlen("_interface");
		else if (ends_with(f->name, "_intf") && stem_len > strlen("_intf"))
			stem_len -= strlen("_intf");
		stem = xstrndup(f->name, stem_len);
		name = xstrfmt("%s_driver", stem);
		for (size_t fi = 0; fi < g->nr; fi++)
			if (in(&f->files, g->f[fi].rf->path) && names_word(g->f[fi].rf->content, name)) {
				free(name);
				name = xstrdup(f->name);
				break;
			}
		strbuf_addf(&marks, MARKER "_DRIVER(%s, %s, %s_bus_driver, %s_bus_register_driver, "
			    "%s_bus_unregister_driver, \"%s\");\n", f->name, name, prefix, prefix, prefix,
			    stem);
		free(stem);
		free(name);
	}
	insert_at(&pl->edits, owner->rf, (size_t)-1, strbuf_detach(&marks, NULL));
	push_once(&pl->done, k->name);

	strbuf_release(&text);
	strvec_clear(&extern_files);
	strvec_clear(&proto_files);
	strvec_clear(&helpers);
	free(externs);
	free(protos);
	free(fh);
	free(bus_name);
	free(prefix);
}

static void group_release(struct group *g)
{
	for (size_t i = 0; i < g->nr_ifaces; i++) {
		free(g->ifaces[i].name);
		strvec_clear(&g->ifaces[i].classes);
		strvec_clear(&g->ifaces[i].files);
	}
	for (size_t i = 0; i < g->nr_helpers; i++) {
		free(g->helpers[i].name);
		free(g->helpers[i].cls);
	}
	free(g->ifaces);
	free(g->helpers);
	strvec_clear(&g->exported);
	strvec_clear(&g->dels);
}

static void run_group(struct plan *pl, struct group *g)
{
	struct strvec classes = STRVEC_INIT;
	struct klass *k;

	find_declarations(g);
	if (!g->nr_ifaces)
		return;
	find_interface_uses(g);
	find_removals(g);
	for (size_t i = 0; i < g->nr_ifaces; i++) {
		struct iface *f = &g->ifaces[i];

		/* one on add_dev/remove_dev is counted only to leave its class */
		if (f->classes.nr == 1 && (!f->unknown_use || f->callbacks)) {
			f->cls = f->classes.v[0];
			push_once(&classes, f->cls);
		}
	}
	strvec_sort(&classes);
	k = xcalloc(classes.nr + 1, sizeof(*k));
	for (size_t i = 0; i < classes.nr; i++) {
		k[i].name = classes.v[i];
		for (size_t f = 0; f < g->nr_ifaces; f++)
			if (g->ifaces[f].cls && !strcmp(g->ifaces[f].cls, k[i].name) &&
			    g->ifaces[f].callbacks)
				k[i].callbacks = 1;
		find_class_facts(g, &k[i]);
		decide(g, &k[i]);
	}
	for (size_t i = 0; i < g->nr_ifaces; i++) {
		struct iface *f = &g->ifaces[i];

		if (f->cls && f->unknown_use)
			f->cls = NULL;
	}
	for (size_t i = 0; i < classes.nr; i++) {
		if (!k[i].left && !in(&pl->done, k[i].name))
			convert(pl, g, &k[i]);
		strvec_clear(&k[i].devs);
		free(k[i].bus_name);
	}
	free(k);
	strvec_clear(&classes);
}

static int tree_file(const char *rel, void *data)
{
	return rewrite_file_find(data, rel) != NULL;
}

static int load_template(struct virtual_bus_template *t)
{
	char *dir = path_join(manifest_patch_dir(), STEP_DIR);
	char *path = path_join(dir, TEMPLATE);
	struct strbuf raw = STRBUF_INIT;
	int rc = 0;

	if (strbuf_read_file(&raw, path) < 0)
		rc = error_errno("%s: cannot read the bus template: reinstall cdmigrate", path);
	else
		rc = virtual_bus_template_parse(t, path, raw.buf, raw.len);
	strbuf_release(&raw);
	free(path);
	free(dir);
	return rc;
}

int rewrite_virtual_bus(struct rewrite_context *ctx)
{
	struct virtual_bus_template t = VIRTUAL_BUS_TEMPLATE_INIT;
	struct include_graph includes = INCLUDE_GRAPH_INIT;
	struct strvec subsystems = STRVEC_INIT;
	struct plan pl;
	struct vfile *files;
	size_t nr = 0;

	if (load_template(&t) < 0)
		return -1;
	memset(&pl, 0, sizeof(pl));
	pl.t = &t;
	pl.mutex = kernel_has_mutex(ctx->kernel);
	pl.done = (struct strvec)STRVEC_INIT;
	files = xcalloc(ctx->nr + 1, sizeof(*files));
	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *rf = &ctx->files[i];

		if (!rf->in_step)
			continue;
		vfile_init(&files[nr++], rf);
		if (!ends_with(rf->path, ".h"))
			include_graph_scan(&includes, rf->path, rf->content->buf, tree_file, ctx);
		push_once(&subsystems, rf->subsystem);
	}
	strvec_sort(&subsystems);
	/* as the engine groups the files for spatch: a subsystem and the step's headers it includes */
	for (size_t s = 0; s < subsystems.nr; s++) {
		struct group g;

		memset(&g, 0, sizeof(g));
		g.exported = (struct strvec)STRVEC_INIT;
		g.dels = (struct strvec)STRVEC_INIT;
		g.f = xcalloc(nr + 1, sizeof(*g.f));
		for (size_t i = 0; i < nr; i++) {
			int member = !strcmp(files[i].rf->subsystem, subsystems.v[s]);

			for (size_t e = 0; e < includes.nr && !member; e++)
				if (!strcmp(includes.edges[e].header, files[i].rf->path))
					for (size_t j = 0; j < nr && !member; j++)
						member = !strcmp(files[j].rf->subsystem, subsystems.v[s]) &&
							 !strcmp(includes.edges[e].includer,
								 files[j].rf->path);
			if (member)
				g.f[g.nr++] = files[i];
		}
		run_group(&pl, &g);
		group_release(&g);
		free(g.f);
	}
	apply_edits(&pl.edits);
	for (size_t i = 0; i < nr; i++)
		vfile_release(&files[i]);
	free(files);
	strvec_clear(&pl.done);
	strvec_clear(&subsystems);
	include_graph_release(&includes);
	virtual_bus_template_release(&t);
	return 0;
}

int rewrite_virtual_bus_markers(struct rewrite_context *ctx)
{
	int rc = 0;

	for (size_t i = 0; i < ctx->nr; i++) {
		struct strbuf *text = ctx->files[i].content;
		struct strbuf out = STRBUF_INIT;
		const char *p = text->buf, *end = text->buf + text->len;
		int found = 0;

		if (!ctx->files[i].in_step || !memmem(text->buf, text->len, MARKER, strlen(MARKER)))
			continue;
		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);

			if ((n == strlen(HIDDEN_BEGIN) && !memcmp(p, HIDDEN_BEGIN, n)) ||
			    (n == strlen(HIDDEN_END) && !memcmp(p, HIDDEN_END, n))) {
				found = 1;
			} else if ((size_t)(end - p) > strlen(MARKER) && !memcmp(p, MARKER, strlen(MARKER))) {
				/* spatch may have printed it again, over lines (a renamed argument) */
				const char *semi = memchr(p, ';', (size_t)(end - p));

				nl = semi ? memchr(semi, '\n', (size_t)(end - semi)) : NULL;
				n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
				/* "CDMIGRATE_VIRTUAL_BUS(cls, B, ...": the owner registers B */
				if (p[strlen(MARKER)] == '(') {
					const char *b = memchr(p, ',', n), *e;
					char *reg;

					b = b ? b + 1 : p + n;
					while (*b == ' ')
						b++;
					e = b;
					while (lex_ident_char(*e))
						e++;
					reg = xstrfmt("bus_register(&%.*s)", (int)(e - b), b);
					if (!memmem(text->buf, text->len, reg, strlen(reg)))
						rc = error("%s: the semantic patch did not register %.*s (spatch "
							   "failed on the file?): step 50 is not made",
							   ctx->files[i].path, (int)(e - b), b);
					free(reg);
				}
				found = 1;
			} else {
				strbuf_add(&out, p, n);
			}
			p += n;
		}
		if (found) {
			strbuf_reset(text);
			strbuf_add(text, out.buf, out.len);
		}
		strbuf_release(&out);
	}
	return rc < 0 ? REWRITE_REFUSED : 0;
}
