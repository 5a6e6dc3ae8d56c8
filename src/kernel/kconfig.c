#define _GNU_SOURCE
#include "kernel/kconfig.h"
#include "kernel/kernel-version.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* One option: its value as autoconf.h writes it ("1", "128", "\"x\""), or n. */
struct option {
	char *name;		/* without CONFIG_ */
	char *value;		/* NULL: not set (n) */
	int module;		/* =m */
	int env;		/* ARCH, SRCARCH: set by make, never written */
};

struct config {
	struct option *v;
	size_t nr, alloc;
	int sorted;		/* by name: config_find() searches */
};

#define CONFIG_INIT { NULL, 0, 0, 0 }

static int compare_options(const void *a, const void *b)
{
	return strcmp(((const struct option *)a)->name, ((const struct option *)b)->name);
}

static void config_sort(struct config *c)
{
	if (c->nr)
		qsort(c->v, c->nr, sizeof(*c->v), compare_options);
	c->sorted = 1;
}

static struct option *config_find(const struct config *c, const char *name)
{
	if (c->sorted) {
		struct option key = { (char *)name, NULL, 0, 0 };

		return c->nr ? bsearch(&key, c->v, c->nr, sizeof(*c->v), compare_options) : NULL;
	}
	for (size_t i = 0; i < c->nr; i++)
		if (!strcmp(c->v[i].name, name))
			return &c->v[i];
	return NULL;
}

/* Add `name` unless `c` has it already. */
static void config_set(struct config *c, const char *name, const char *value, int module)
{
	struct option *o;

	if (config_find(c, name))
		return;
	ALLOC_GROW(c->v, c->nr + 1, c->alloc);
	o = &c->v[c->nr++];
	o->name = xstrdup(name);
	o->value = value ? xstrdup(value) : NULL;
	o->module = module;
	o->env = 0;
	c->sorted = 0;
}

static void config_copy(struct config *dst, const struct config *src)
{
	struct config empty = CONFIG_INIT;

	*dst = empty;
	for (size_t i = 0; i < src->nr; i++) {
		config_set(dst, src->v[i].name, src->v[i].value, src->v[i].module);
		dst->v[dst->nr - 1].env = src->v[i].env;
	}
	dst->sorted = src->sorted;
}

static void config_release(struct config *c)
{
	for (size_t i = 0; i < c->nr; i++) {
		free(c->v[i].name);
		free(c->v[i].value);
	}
	free(c->v);
	c->v = NULL;
	c->nr = c->alloc = 0;
}

/* Nonzero when two sorted configurations hold the same values. */
static int config_equal(const struct config *a, const struct config *b)
{
	if (a->nr != b->nr)
		return 0;
	for (size_t i = 0; i < a->nr; i++) {
		const struct option *x = &a->v[i], *y = &b->v[i];

		if (strcmp(x->name, y->name) || x->module != y->module || !x->value != !y->value ||
		    (x->value && strcmp(x->value, y->value)))
			return 0;
	}
	return 1;
}

/*
 * The defconfig of `arch`: arch/<arch>/defconfig, or in a source folder
 * several arches share the one the arch Makefile names,
 * arch/<srcarch>/configs/<arch>_defconfig.  Allocated.
 */
static char *defconfig_path(const struct arch_layout *layout, const char *arch)
{
	const char *source = arch_source(layout, arch);

	if (strcmp(source, arch))
		return xstrfmt("%s/arch/%s/configs/%s_defconfig", layout->kernel, source, arch);
	return xstrfmt("%s/arch/%s/defconfig", layout->kernel, arch);
}

/* A defconfig (`path`): `CONFIG_X=v` and `# CONFIG_X is not set`. */
static int read_defconfig(const char *path, struct config *c)
{
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL;
	int found = strbuf_read_file(&sb, path) == 0;

	for (line = found ? strtok_r(sb.buf, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		char *eq;

		if (starts_with(line, "# CONFIG_") && strstr(line, " is not set")) {
			char *name = xstrndup(line + 9, strcspn(line + 9, " "));

			config_set(c, name, NULL, 0);
			free(name);
		} else if (starts_with(line, "CONFIG_") && (eq = strchr(line, '='))) {
			char *name = xstrndup(line + 7, (size_t)(eq - line - 7));
			const char *v = eq + 1;

			if (!strcmp(v, "y"))
				config_set(c, name, "1", 0);
			else if (!strcmp(v, "m"))
				config_set(c, name, "1", 1);
			else if (strcmp(v, "n"))
				config_set(c, name, v, 0);
			else
				config_set(c, name, NULL, 0);
			free(name);
		}
	}
	strbuf_release(&sb);
	return found;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

struct kconfig_walk {
	const char *kernel, *arch, *source;	/* source: SRCARCH */
	struct strvec seen;		/* files read, against loops */
	struct strvec defaults;		/* "NAME\tVALUE\tCONDITION" in file order */
	struct strvec choice_defaults;	/* each choice's defaults, "SYM\tCONDITION\n" each; "?" when optional */
	struct strvec choices;		/* the members of each choice, "A B C" */
	struct strvec choice_conditions;	/* when each choice is shown ("" always) */
	struct strvec blocks;		/* enclosing `if EXPR` ("I") and `menu` ("M") with their condition */
	struct strvec bools;		/* options of type bool or tristate */
	struct strvec numbers;		/* options of type int or hex */
	struct strvec depends;		/* "NAME\tEXPRESSION" of each `depends on` */
};

/* A Kconfig value as autoconf.h writes it, or NULL for n or an expression. */
static char *default_value(const char *v)
{
	if (!strcmp(v, "y"))
		return xstrdup("1");
	if (v[0] == '"')
		return xstrdup(v);
	if (isdigit((unsigned char)v[0]) || (v[0] == '-' && isdigit((unsigned char)v[1])))
		return strspn(v, "0123456789abcdefxABCDEFX-") == strlen(v) ? xstrdup(v) : NULL;
	return NULL;
}

/* Record `default V [if COND]` (v is what follows the keyword) of option `name`. */
static void add_default(struct kconfig_walk *w, const char *name, const char *v)
{
	const char *cond = strstr(v, " if ");
	char *value = cond ? xstrndup(v, (size_t)(cond - v)) : xstrdup(v);

	strvec_pushf(&w->defaults, "%s\t%s\t%s", name, trim(value), cond ? cond + 4 : "");
	free(value);
}

/*
 * The rest of line `s` after Kconfig keyword `kw` (blanks skipped), or
 * NULL when s does not start with it: a keyword ends at a blank or at the
 * end of the line (`menu<TAB>"IP: Virtual Server"`).
 */
static char *keyword(char *s, const char *kw)
{
	size_t n = strlen(kw);

	if (strncmp(s, kw, n) || (s[n] && s[n] != ' ' && s[n] != '\t'))
		return NULL;
	return trim(s + n);
}

/* The columns of a line's leading blanks, a tab to the next multiple of 8. */
static size_t indent_width(const char *line)
{
	size_t width = 0;

	for (; *line == ' ' || *line == '\t'; line++)
		width = *line == '\t' ? (width / 8 + 1) * 8 : width + 1;
	return width;
}

/* The conjunction of the enclosing blocks' conditions and `extra`, "" when none. */
static void block_condition(const struct kconfig_walk *w, const char *extra, struct strbuf *out)
{
	strbuf_reset(out);
	for (size_t i = 0; i < w->blocks.nr; i++)
		if (w->blocks.v[i][1])
			strbuf_addf(out, "%s(%s)", out->len ? " && " : "", w->blocks.v[i] + 1);
	if (extra && *extra)
		strbuf_addf(out, "%s(%s)", out->len ? " && " : "", extra);
}

/*
 * Close the innermost block of `kind` ('I' or 'M') and what it encloses,
 * never one opened before `floor` (by the file that sourced this one:
 * Kconfig's blocks do not cross files).
 */
static void block_pop(struct kconfig_walk *w, char kind, size_t floor)
{
	size_t i = w->blocks.nr;

	while (i > floor && w->blocks.v[i - 1][0] != kind)
		i--;
	while (i > floor && w->blocks.nr >= i) {
		free(w->blocks.v[--w->blocks.nr]);
		w->blocks.v[w->blocks.nr] = NULL;
	}
}

/* The path a `source` line names: $ARCH and $SRCARCH are the arch read. */
static void source_path(const struct kconfig_walk *w, const char *rel, struct strbuf *path)
{
	for (const char *p = rel; *p; p++) {
		if (!strncmp(p, "$ARCH", 5)) {
			strbuf_addstr(path, w->arch);
			p += 4;
		} else if (!strncmp(p, "$SRCARCH", 8)) {
			strbuf_addstr(path, w->source);
			p += 7;
		} else {
			strbuf_addch(path, *p);
		}
	}
}

/* s (trimmed) without its comment: a # outside quotes, `default y if ARM  # SL-811`. */
static char *without_comment(char *s)
{
	int quoted = 0;

	for (char *p = s; *p; p++) {
		if (*p == '"') {
			quoted = !quoted;
		} else if (*p == '#' && !quoted) {
			*p = '\0';
			return trim(s);
		}
	}
	return s;
}

/* s without the double quotes around it, if it has them (s is changed). */
static char *unquoted(char *s)
{
	size_t n = strlen(s);

	if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
		s[n - 1] = '\0';
		s++;
	}
	return s;
}

static void kconfig_read(struct kconfig_walk *w, const char *rel)
{
	struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT, members = STRBUF_INIT;
	struct strbuf choice_depends = STRBUF_INIT, cond = STRBUF_INIT;
	struct strbuf choice_default = STRBUF_INIT;
	char *line, *save = NULL, *current = NULL;
	int in_choice = 0, in_help = 0, in_menu_header = 0;
	size_t depth = w->blocks.nr;	/* the blocks of the files sourcing this one */

	source_path(w, rel, &path);
	if (strvec_has(&w->seen, path.buf))
		goto out;
	strvec_push(&w->seen, path.buf);
	{
		char *abs = path_join(w->kernel, path.buf);
		int rc = strbuf_read_file(&sb, abs);

		free(abs);
		if (rc < 0)
			goto out;
	}
	for (line = strtok_r(sb.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *s = trim(line), *depends, *rest;
		int indented = line[0] == ' ' || line[0] == '\t';

		/* help text ends at the first line indented less than its first line */
		if (in_help) {
			size_t width = indent_width(line);

			if (!*s || (indented && (in_help < 0 || width >= (size_t)in_help))) {
				if (*s && in_help < 0)
					in_help = (int)width;
				continue;
			}
			in_help = 0;
		}
		if (!strcmp(s, "help") || !strcmp(s, "---help---")) {
			in_help = -1;
			continue;
		}
		s = without_comment(s);
		/* Kconfig takes `depends EXPR` for `depends on EXPR` */
		depends = keyword(s, "depends");
		if (depends && keyword(depends, "on"))
			depends = keyword(depends, "on");
		if (!depends)
			in_menu_header = 0;
		if ((rest = keyword(s, "config")) || (rest = keyword(s, "menuconfig"))) {
			free(current);
			current = xstrdup(rest);
			if (in_choice)
				strbuf_addf(&members, " %s", current);
			/* what encloses an option is a dependency of it */
			block_condition(w, in_choice ? choice_depends.buf : NULL, &cond);
			if (cond.len)
				strvec_pushf(&w->depends, "%s\t%s", current, cond.buf);
		} else if ((rest = keyword(s, "source"))) {
			free(current);
			current = NULL;
			kconfig_read(w, unquoted(rest));
		} else if (!strcmp(s, "choice")) {
			in_choice = 1;
			free(current);
			current = NULL;
			strbuf_reset(&choice_default);
			strbuf_reset(&members);
			strbuf_reset(&choice_depends);
		} else if (!strcmp(s, "endchoice")) {
			in_choice = 0;
			strvec_push(&w->choices, members.buf);
			strvec_push(&w->choice_defaults, choice_default.buf);
			block_condition(w, choice_depends.buf, &cond);
			strvec_push(&w->choice_conditions, cond.buf);
		} else if (keyword(s, "menu") || keyword(s, "endmenu") || keyword(s, "if") ||
			   keyword(s, "endif") || keyword(s, "comment") || keyword(s, "mainmenu")) {
			free(current);
			current = NULL;
			if (keyword(s, "menu")) {
				strvec_push(&w->blocks, "M");
				in_menu_header = 1;
			} else if ((rest = keyword(s, "if"))) {
				strvec_pushf(&w->blocks, "I%s", rest);
			} else if (keyword(s, "endmenu")) {
				block_pop(w, 'M', depth);
			} else if (keyword(s, "endif")) {
				block_pop(w, 'I', depth);
			}
		} else if (!current && depends && (in_menu_header || in_choice)) {
			const char *expr = depends;

			if (in_choice) {
				strbuf_addf(&choice_depends, "%s(%s)", choice_depends.len ? " && " : "", expr);
			} else {
				char *top = w->blocks.v[w->blocks.nr - 1];

				w->blocks.v[w->blocks.nr - 1] = top[1] ? xstrfmt("M(%s) && (%s)", top + 1, expr)
								       : xstrfmt("M%s", expr);
				free(top);
			}
		} else if (!current && in_choice && !strcmp(s, "optional")) {
			strbuf_addstr(&choice_default, "?\t\n");
		} else if (starts_with(s, "bool") || starts_with(s, "tristate") || starts_with(s, "def_bool") ||
			   starts_with(s, "def_tristate")) {
			if (current)
				strvec_push(&w->bools, current);
			if (current && starts_with(s, "def_"))
				add_default(w, current, trim(strchr(s, ' ') ? strchr(s, ' ') : s + strlen(s)));
		} else if (current && (starts_with(s, "int") || starts_with(s, "hex")) &&
			   (!s[3] || s[3] == ' ' || s[3] == '\t')) {
			strvec_push(&w->numbers, current);
		} else if (current && depends) {
			strvec_pushf(&w->depends, "%s\t%s", current, depends);
		} else if ((rest = keyword(s, "default"))) {
			char *v = rest;

			if (!current && in_choice) {
				const char *cond = strstr(v, " if ");

				strbuf_add(&choice_default, v, cond ? (size_t)(cond - v) : strlen(v));
				strbuf_addf(&choice_default, "\t%s\n", cond ? cond + 4 : "");
			} else if (current) {
				add_default(w, current, v);
			}
		}
	}
out:
	/* a block this file left open ends with it */
	while (w->blocks.nr > depth) {
		free(w->blocks.v[--w->blocks.nr]);
		w->blocks.v[w->blocks.nr] = NULL;
	}
	free(current);
	strbuf_release(&choice_default);
	strbuf_release(&members);
	strbuf_release(&choice_depends);
	strbuf_release(&cond);
	strbuf_release(&path);
	strbuf_release(&sb);
}

/*
 * A Kconfig expression in `c`: 1 (y or m), 0 (n), -1 when it cannot be
 * told (a token this reader does not know).  The grammar is Kconfig's:
 * `||` over `&&` over `!`, parentheses, SYM, SYM=VALUE and SYM!=VALUE;
 * a symbol the configuration does not set is n.
 */
struct expression {
	const struct config *c;
	const char *p;
	int bad;
};

static void skip_blanks(struct expression *x)
{
	while (*x->p == ' ' || *x->p == '\t')
		x->p++;
}

static int or_expression(struct expression *x);

/* Nonzero for a decimal or 0x hexadecimal number. */
static int is_number(const char *s)
{
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && s[2])
		return strspn(s + 2, "0123456789abcdefABCDEF") == strlen(s + 2);
	return *s && strspn(s, "0123456789") == strlen(s);
}

/*
 * A symbol's value: "y", "m", a number, a string's contents; NULL when n.
 * The configuration holds a bool's y as autoconf.h writes it, 1: it reads
 * "y" (and same_value() takes 1 and y as one).
 */
static char *symbol_value(struct expression *x)
{
	const char *start;
	char *name, *value;
	struct option *o;

	skip_blanks(x);
	if (*x->p == '"') {
		start = ++x->p;
		while (*x->p && *x->p != '"')
			x->p++;
		value = xstrndup(start, (size_t)(x->p - start));
		if (*x->p)
			x->p++;
		return value;
	}
	start = x->p;
	while (isalnum((unsigned char)*x->p) || *x->p == '_')
		x->p++;
	if (x->p == start) {
		x->bad = 1;
		return NULL;
	}
	name = xstrndup(start, (size_t)(x->p - start));
	/* y, m and a number (`SYM=0`, 0x100000) are values; 40x and 8260_PCI9 are symbols */
	if (!strcmp(name, "y") || !strcmp(name, "m") || is_number(name))
		return name;
	if (!strcmp(name, "n")) {
		free(name);
		return NULL;
	}
	o = config_find(x->c, name);
	free(name);
	if (!o || !o->value)
		return NULL;
	if (o->module)
		return xstrdup("m");
	/* a string option's value is written quoted: compare what it holds */
	if (o->value[0] == '"' && strlen(o->value) >= 2)
		return xstrndup(o->value + 1, strlen(o->value) - 2);
	return xstrdup(!strcmp(o->value, "1") ? "y" : o->value);
}

/* Two values compare equal: the same text, or y and 1 (an int option set to 1 reads y). */
static int same_value(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	if (!strcmp(a, b))
		return 1;
	return (!strcmp(a, "y") && !strcmp(b, "1")) || (!strcmp(a, "1") && !strcmp(b, "y"));
}

static int primary_expression(struct expression *x)
{
	char *left, *right;
	int negate, r;

	skip_blanks(x);
	if (*x->p == '!' && x->p[1] != '=') {
		x->p++;
		r = primary_expression(x);
		return r < 0 ? r : !r;
	}
	if (*x->p == '(') {
		x->p++;
		r = or_expression(x);
		skip_blanks(x);
		if (*x->p != ')')
			x->bad = 1;
		else
			x->p++;
		return r;
	}
	left = symbol_value(x);
	skip_blanks(x);
	negate = x->p[0] == '!' && x->p[1] == '=';
	if (!negate && x->p[0] != '=') {
		r = left != NULL;
		free(left);
		return r;
	}
	x->p += negate ? 2 : 1;
	right = symbol_value(x);
	r = same_value(left, right);
	free(left);
	free(right);
	return negate ? !r : r;
}

static int and_expression(struct expression *x)
{
	int r = primary_expression(x);

	for (;;) {
		int next;

		skip_blanks(x);
		if (x->p[0] != '&' || x->p[1] != '&')
			return r;
		x->p += 2;
		next = primary_expression(x);
		r = (r == 0 || next == 0) ? 0 : (r < 0 || next < 0) ? -1 : 1;
	}
}

static int or_expression(struct expression *x)
{
	int r = and_expression(x);

	for (;;) {
		int next;

		skip_blanks(x);
		if (x->p[0] != '|' || x->p[1] != '|')
			return r;
		x->p += 2;
		next = and_expression(x);
		r = (r == 1 || next == 1) ? 1 : (r < 0 || next < 0) ? -1 : 0;
	}
}

/* 1 when `cond` (empty: always) holds in `c`, 0 when it does not, -1 when it cannot be told. */
static int condition_holds(const struct config *c, const char *cond)
{
	struct expression x = { c, cond, 0 };
	int r;

	if (!*cond)
		return 1;
	r = or_expression(&x);
	skip_blanks(&x);
	return (x.bad || *x.p) ? -1 : r;
}

/*
 * Nonzero when every `depends on` of `name` holds; `depends` is sorted
 * (strvec_sort()): a name's "NAME\tEXPR" entries are together, first
 * among the names it begins.
 */
static int depends_hold(const struct config *c, const struct strvec *depends, const char *name)
{
	size_t n = strlen(name), lo = 0, hi = depends->nr;
	int ok = 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strncmp(depends->v[mid], name, n);

		if (cmp < 0 || (!cmp && depends->v[mid][n] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < depends->nr && ok; i++) {
		if (strncmp(depends->v[i], name, n) || depends->v[i][n] != '\t')
			break;
		ok = condition_holds(c, depends->v[i] + n + 1) == 1;
	}
	return ok;
}

/*
 * Nonzero when the defconfig was written by this kernel: its
 * "# Linux kernel version: A.B.C" line names the tree's version.  An older
 * defconfig lacks the options added since, which `make oldconfig` gives
 * their defaults.
 */
static int defconfig_is_current(const char *kernel, const char *path)
{
	static const char marker[] = "# Linux kernel version: ";
	struct strbuf sb = STRBUF_INIT;
	unsigned tree = kernel_version_code(kernel), a, b, c;
	int current = 0;
	const char *line;

	if (strbuf_read_file(&sb, path) == 0 && (line = strstr(sb.buf, marker)) &&
	    sscanf(line + strlen(marker), "%u.%u.%u", &a, &b, &c) == 3)
		current = KERNEL_VERSION_CODE(a, b, c) == tree;
	strbuf_release(&sb);
	return current || !tree;
}

/* Nonzero when `name` is one of `members` ("A B C"). */
static int is_member(const char *members, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = members; (p = strstr(p, name)); p += n)
		if ((p == members || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

/*
 * The member a shown choice takes, as Kconfig picks it: the first default
 * that names a visible member (its `depends on` hold, the defconfig did
 * not turn it off) and whose `if` holds, else the first visible member;
 * NULL for an `optional` choice or one with no member visible.  Allocated.
 */
static char *choice_pick(const struct config *c, const struct strvec *depends, const char *members,
			 const char *defaults)
{
	char *all = xstrdup(defaults), *save = NULL, *line, *picked = NULL;

	if (strstr(defaults, "?\t\n")) {
		free(all);
		return NULL;
	}
	for (line = strtok_r(all, "\n", &save); line && !picked; line = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(line, '\t');
		const struct option *o;

		*tab = '\0';
		o = config_find(c, line);
		if (is_member(members, line) && (!o || o->value) && depends_hold(c, depends, line) &&
		    condition_holds(c, tab + 1) == 1)
			picked = xstrdup(line);
	}
	free(all);
	if (!picked) {
		char *list = xstrdup(members), *m;

		save = NULL;
		for (m = strtok_r(list, " ", &save); m && !picked; m = strtok_r(NULL, " ", &save)) {
			const struct option *o = config_find(c, m);

			if ((!o || o->value) && depends_hold(c, depends, m))
				picked = xstrdup(m);
		}
		free(list);
	}
	return picked;
}

/* The value of option `name`'s default `value` in `c`, or NULL for n. */
static char *default_of(const struct config *c, const struct kconfig_walk *w, const char *name,
			const char *value)
{
	char *stripped = NULL, *val;

	/* an int's default may be quoted: `default "3"` */
	if (strvec_sorted_has(&w->numbers, name) && value[0] == '"' && strlen(value) > 2)
		value = stripped = xstrndup(value + 1, strlen(value) - 2);
	val = default_value(value);
	/* a bool's default may be an expression: `def_bool !64BIT` */
	if (!val && strvec_sorted_has(&w->bools, name) && strcmp(value, "m") && condition_holds(c, value) == 1)
		val = xstrdup("1");
	free(stripped);
	return val;
}

/* A `default` line ("NAME\tVALUE\tCONDITION") and its place in the files. */
struct default_line {
	const char *text;
	size_t index;
};

static int compare_defaults(const void *a, const void *b)
{
	const struct default_line *x = a, *y = b;
	size_t nx = strcspn(x->text, "\t"), ny = strcspn(y->text, "\t");
	int cmp = strncmp(x->text, y->text, nx < ny ? nx : ny);

	if (cmp)
		return cmp;
	if (nx != ny)
		return nx < ny ? -1 : 1;
	/* the same option: file order */
	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * One round: the values of every option the defconfig (`fixed`) leaves
 * open, computed from `values`, the round before.  An option takes the
 * first default whose `if` holds, when its dependencies hold (a full
 * defconfig of this kernel, `current`, omits the bools it leaves off); a
 * shown choice takes the member choice_pick() gives.  `defaults` are
 * w->defaults sorted by name, each option's in file order.
 */
static void config_round(const struct config *fixed, const struct config *values, const struct kconfig_walk *w,
			 const struct default_line *defaults, int current, struct config *next)
{
	config_copy(next, fixed);
	for (size_t i = 0; i < w->defaults.nr;) {
		size_t n = strcspn(defaults[i].text, "\t"), end = i + 1;
		char *name = xstrndup(defaults[i].text, n);

		while (end < w->defaults.nr && !strncmp(defaults[end].text, name, n) && defaults[end].text[n] == '\t')
			end++;
		if (!config_find(fixed, name) && !(current && strvec_sorted_has(&w->bools, name)) &&
		    depends_hold(values, &w->depends, name)) {
			for (; i < end; i++) {
				char *value = xstrdup(defaults[i].text + n + 1);
				char *cond = strchr(value, '\t');
				int holds;

				*cond++ = '\0';
				holds = condition_holds(values, trim(cond));
				if (holds == 1) {
					char *val = default_of(values, w, name, trim(value));

					if (val)
						config_set(next, name, val, 0);
					free(val);
				}
				free(value);
				/* Kconfig takes the first default whose condition holds */
				if (holds)
					break;
			}
		}
		i = end;
		free(name);
	}
	for (size_t i = 0; i < w->choices.nr; i++) {
		char *members, *save = NULL, *m, *picked;
		int set = 0;

		if (condition_holds(values, w->choice_conditions.v[i]) != 1)
			continue;
		members = xstrdup(w->choices.v[i]);
		for (m = strtok_r(members, " ", &save); m && !set; m = strtok_r(NULL, " ", &save)) {
			const struct option *o = config_find(fixed, m);

			set = o && o->value;
		}
		free(members);
		if (set || !(picked = choice_pick(values, &w->depends, w->choices.v[i], w->choice_defaults.v[i])))
			continue;
		config_set(next, picked, "1", 0);
		free(picked);
	}
	config_sort(next);
}

/*
 * Kconfig's values, with `fixed` (the defconfig) as given: rounds of
 * config_round() from the defconfig alone until one changes nothing.
 * Kconfig forbids dependency loops, so the rounds follow the longest
 * chain of dependencies and end; the bound only stops a misreading.
 */
static void config_evaluate(const struct config *fixed, const struct kconfig_walk *w, int current,
			    struct config *values)
{
	struct default_line *defaults = xcalloc(w->defaults.nr + 1, sizeof(*defaults));

	for (size_t i = 0; i < w->defaults.nr; i++) {
		defaults[i].text = w->defaults.v[i];
		defaults[i].index = i;
	}
	qsort(defaults, w->defaults.nr, sizeof(*defaults), compare_defaults);
	config_copy(values, fixed);
	for (int round = 0; round < 100; round++) {
		struct config next;
		int same;

		config_round(fixed, values, w, defaults, current, &next);
		same = config_equal(&next, values);
		config_release(values);
		*values = next;
		if (same)
			break;
	}
	free(defaults);
}

/*
 * The plain symbols `expr` cannot hold without: its conjuncts at the top
 * level (outside parentheses) that are a bare name.  "A && (B || C) &&
 * !D" requires A only.
 */
static void required_symbols(const char *name, const char *expr, struct strvec *requires)
{
	const char *p = expr;

	while (*p) {
		const char *start, *end;
		int depth = 0;

		while (*p == ' ' || *p == '\t')
			p++;
		start = p;
		while (*p && (depth || strncmp(p, "&&", 2))) {
			depth += *p == '(';
			depth -= *p == ')' && depth;
			p++;
		}
		end = p;
		while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		if (end > start && !strchr("0123456789", *start)) {
			const char *q = start;

			while (q < end && (isalnum((unsigned char)*q) || *q == '_'))
				q++;
			if (q == end)
				strvec_pushf(requires, "%s\t%.*s", name, (int)(end - start), start);
		}
		if (*p)
			p += 2;
	}
}

char *kconfig_autoconf(const struct arch_layout *layout, const char *arch, const char *const *forced,
		       struct strvec *requires)
{
	const char *source = arch_source(layout, arch);
	struct config fixed = CONFIG_INIT, c = CONFIG_INIT;
	struct kconfig_walk w;
	struct strbuf out = STRBUF_INIT;
	char *defconfig = defconfig_path(layout, arch);
	int have_defconfig = read_defconfig(defconfig, &fixed);
	int current = have_defconfig && defconfig_is_current(layout->kernel, defconfig);
	char *root = xstrfmt("arch/%s/Kconfig", source);
	char *quoted;

	/* what `make` puts in the environment (init/Kconfig's `option env`) */
	quoted = xstrfmt("\"%s\"", arch);
	config_set(&fixed, "ARCH", quoted, 0);
	fixed.v[fixed.nr - 1].env = 1;
	free(quoted);
	quoted = xstrfmt("\"%s\"", source);
	config_set(&fixed, "SRCARCH", quoted, 0);
	fixed.v[fixed.nr - 1].env = 1;
	free(quoted);
	config_sort(&fixed);
	memset(&w, 0, sizeof(w));
	w.kernel = layout->kernel;
	w.arch = arch;
	w.source = source;
	kconfig_read(&w, root);
	strvec_sort(&w.depends);
	strvec_sort(&w.bools);
	strvec_sort(&w.numbers);
	config_evaluate(&fixed, &w, current, &c);
	for (size_t i = 0; requires && i < w.depends.nr; i++) {
		char *name = xstrdup(w.depends.v[i]);
		char *tab = strchr(name, '\t');

		*tab = '\0';
		required_symbols(name, tab + 1, requires);
		free(name);
	}
	/*
	 * An option whose one default is an expression of other options
	 * (`default SPI`, no `if`) is on when they are: an option without
	 * a prompt can be on no other way.
	 */
	for (size_t i = 0; requires && i < w.defaults.nr; i++) {
		char *name = xstrdup(w.defaults.v[i]);
		char *value = strchr(name, '\t');
		char *cond = strchr(value + 1, '\t');
		size_t n = (size_t)(value - name) + 1;
		char *literal;

		*value++ = '\0';
		*cond++ = '\0';
		literal = default_value(value);
		/* an option's defaults sit together, in its own block */
		if (!*cond && strcmp(value, "n") && strcmp(value, "m") && !literal &&
		    (!i || strncmp(w.defaults.v[i - 1], w.defaults.v[i], n)) &&
		    (i + 1 == w.defaults.nr || strncmp(w.defaults.v[i + 1], w.defaults.v[i], n)))
			required_symbols(name, value, requires);
		free(literal);
		free(name);
	}
	if (requires)
		strvec_sort(requires);
	for (size_t i = 0; forced && forced[i]; i++) {
		const char *eq = strchr(forced[i], '=');
		char *name = eq ? xstrndup(forced[i], (size_t)(eq - forced[i])) : xstrdup(forced[i]);
		struct option *o = config_find(&c, name);

		if (eq) {
			if (!o) {
				config_set(&c, name, eq + 1, 0);
				config_sort(&c);
			} else if (!o->value) {
				o->value = xstrdup(eq + 1);
			}
		} else if (o && !o->value) {
			o->value = xstrdup("1");
			o->module = 0;
		} else if (!o) {
			config_set(&c, name, "1", 0);
			config_sort(&c);
		}
		free(name);
	}
	strbuf_addf(&out, "/* synthesized by cdmigrate from %s and Kconfig defaults */\n"
		    "#define AUTOCONF_INCLUDED\n", have_defconfig ? defconfig + strlen(layout->kernel) + 1 : root);
	for (size_t i = 0; i < c.nr; i++)
		if (c.v[i].value && !c.v[i].env)
			strbuf_addf(&out, "#define CONFIG_%s%s %s\n", c.v[i].name,
				    c.v[i].module ? "_MODULE" : "", c.v[i].value);
	config_release(&c);
	config_release(&fixed);
	strvec_clear(&w.defaults);
	strvec_clear(&w.seen);
	strvec_clear(&w.choices);
	strvec_clear(&w.choice_defaults);
	strvec_clear(&w.choice_conditions);
	strvec_clear(&w.blocks);
	strvec_clear(&w.bools);
	strvec_clear(&w.numbers);
	strvec_clear(&w.depends);
	free(root);
	free(defconfig);
	return strbuf_detach(&out, NULL);
}
