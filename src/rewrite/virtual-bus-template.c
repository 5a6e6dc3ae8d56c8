#define _GNU_SOURCE
#include "rewrite/virtual-bus-template.h"
#include "lex/lex.h"
#include "lex/template.h"

#include <stdlib.h>
#include <string.h>

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

/* Item i of the list, then ", " or, after the last, the text after the list. */
static void add_item(struct strbuf *sb, const struct strvec *items, size_t i, const char *tail,
		     size_t tail_len)
{
	strbuf_addstr(sb, items->v[i]);
	if (i + 1 < items->nr)
		strbuf_addstr(sb, ", ");
	else
		strbuf_add(sb, tail, tail_len);
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
		add_item(&try, &items, i, s + close, n - close);
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
		add_item(&cur, &items, i, s + close, n - close);
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

void virtual_bus_template_render(const struct virtual_bus_template *t, const char *name,
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
