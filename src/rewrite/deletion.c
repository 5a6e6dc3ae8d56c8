#define _GNU_SOURCE
#include "rewrite/deletion.h"
#include "analyze/site.h"

#include <stdlib.h>
#include <string.h>

const char *const deletion_core_paths[DELETION_NR_CORE] = {
	"include/linux/device.h", "drivers/base/class.c", "drivers/base/base.h",
};
#define DEVICE_H 0

static const char *const seeds[] = { "class_device", "class_device_attribute", "CLASS_DEVICE_ATTR", NULL };

/* The class-level API: functions that stay even where they mention class devices. */
static const char *const keep_functions[] = {
	"class_create", "class_destroy", "class_register", "class_unregister",
	"class_create_file", "class_remove_file", "class_interface_register",
	"class_interface_unregister", "classes_init", NULL,
};

/* Members that go although their declaration names no class_device type. */
static const struct {
	const char *tag, *member;
} doomed_members[] = {
	{ "class", "children" },	/* the class's list of class devices */
	{ NULL, NULL },
};

/* Macros that define an object named after their first argument. */
static const struct {
	const char *macro, *suffix;
} declarers[] = {
	{ "decl_subsys", "_subsys" },
	{ "decl_subsys_name", "_subsys" },
	{ NULL, NULL },
};

static const char *const export_macros[] = {
	"EXPORT_SYMBOL", "EXPORT_SYMBOL_GPL", "EXPORT_SYMBOL_GPL_FUTURE", NULL,
};

static const char *const topic[] = { "class device", "class_device", NULL };

static const char *const statement_keywords[] = {
	"if", "else", "for", "while", "do", "switch", "return", "goto", "break", "continue",
	"case", "default", "sizeof", NULL,
};

static void add_sorted(struct strvec *v, const char *s)
{
	if (strvec_sorted_has(v, s))
		return;
	strvec_push(v, s);
	strvec_sort(v);
}

int deletion_names_token(const struct deletion *d, const struct lex_token *t)
{
	return t->kind == TOKEN_IDENT && strvec_sorted_has_n(&d->names, t->text, t->len);
}

static int mentions(const struct deletion *d, const struct core_file *f, size_t a, size_t b)
{
	for (size_t k = a; k <= b && k < f->tokens.nr; k++)
		if (deletion_names_token(d, &f->tokens.v[k]))
			return 1;
	return 0;
}

static int member_doomed(const struct deletion *d, const char *tag, const char *name, size_t n)
{
	for (size_t i = 0; i < d->nr_members; i++)
		if (!strcmp(d->members[i].tag, tag) && strlen(d->members[i].name) == n &&
		    !memcmp(d->members[i].name, name, n))
			return 1;
	return 0;
}

static int tag_has_doomed_members(const struct deletion *d, const char *tag, size_t n)
{
	for (size_t i = 0; i < d->nr_members; i++)
		if (strlen(d->members[i].tag) == n && !memcmp(d->members[i].tag, tag, n))
			return 1;
	return 0;
}

/* The symbol of EXPORT_SYMBOL(x): the token index of x, or 0. */
static size_t export_symbol(const struct core_file *f, const struct core_item *it)
{
	if (!it->name || !strlist_has(export_macros, it->name))
		return 0;
	for (size_t j = it->first; j + 1 <= it->last; j++)
		if (core_token_is(f, j, "(") && f->tokens.v[j + 1].kind == TOKEN_IDENT)
			return j + 1;
	return 0;
}

/* The name an item declares (decl_subsys(x, ...) declares x_subsys); NULL for none. */
static char *declared_name(const struct core_file *f, const struct core_item *it)
{
	if (!it->name || export_symbol(f, it))
		return NULL;
	if (it->kind == CORE_ITEM_DECLARATION && !it->is_struct)
		for (size_t m = 0; declarers[m].macro; m++) {
			if (strcmp(it->name, declarers[m].macro))
				continue;
			for (size_t j = it->first; j + 1 <= it->last; j++)
				if (core_token_is(f, j, "(") && f->tokens.v[j + 1].kind == TOKEN_IDENT)
					return xstrfmt("%.*s%s", (int)f->tokens.v[j + 1].len,
						       f->tokens.v[j + 1].text, declarers[m].suffix);
		}
	return xstrdup(it->name);
}

static void doom_item(struct deletion *d, size_t fi, size_t idx)
{
	struct core_file *f = &d->parsed[fi];
	char *name = declared_name(f, &f->items[idx]);

	d->doomed[fi][idx] = 1;
	d->nr_doomed++;
	if (!name)
		return;
	add_sorted(&d->names, name);
	if (fi == DEVICE_H)
		add_sorted(&d->public, name);
	free(name);
}

/* A name of the class_device API, declared or not where it is defined. */
static int api_name(const char *name)
{
	return name && (starts_with(name, "class_device_") || !strcmp(name, "class_device"));
}

/* Uses of the identifier `name` in the items of the edited files, kept or doomed. */
static void count_uses(const struct deletion *d, const char *name, size_t skip_fi, size_t skip_item,
		       size_t *kept, size_t *doomed)
{
	*kept = *doomed = 0;
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		const struct core_file *f = &d->parsed[fi];

		for (size_t i = 0; d->files[fi] && i < f->nr; i++) {
			if (fi == skip_fi && i == skip_item)
				continue;
			for (size_t k = f->items[i].first; k <= f->items[i].last; k++)
				if (f->tokens.v[k].kind == TOKEN_IDENT && lex_token_is(&f->tokens.v[k], name))
					++*(d->doomed[fi][i] ? doomed : kept);
		}
	}
}

/*
 * Private helpers: a static item of a .c file, or an item of a private
 * header, that only doomed items use goes too.  Returns nonzero when one
 * more went.
 */
static int doom_private_helpers(struct deletion *d)
{
	int changed = 0;

	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		struct core_file *f = &d->parsed[fi];
		int header = ends_with(deletion_core_paths[fi], ".h");

		if (fi == DEVICE_H)
			continue;	/* public: a user may name it */
		for (size_t i = 0; d->files[fi] && i < f->nr; i++) {
			struct core_item *it = &f->items[i];
			size_t kept, doomed;
			char *name;

			if (d->doomed[fi][i] || !it->name || it->is_struct || it->kind == CORE_ITEM_DIRECTIVE ||
			    strlist_has(keep_functions, it->name))
				continue;
			if (!header && !core_token_is(f, it->first, "static"))
				continue;
			name = declared_name(f, it);
			if (!name)
				continue;
			count_uses(d, name, fi, i, &kept, &doomed);
			free(name);
			if (kept || !doomed)
				continue;
			doom_item(d, fi, i);
			changed = 1;
		}
	}
	return changed;
}

/* Doom what names a doomed name, until nothing more does. */
static void find_doomed(struct deletion *d)
{
	int changed = 1;

	strvec_pushv(&d->names, seeds);
	strvec_sort(&d->names);
	strvec_pushv(&d->public, seeds);
	strvec_sort(&d->public);
	while (changed) {
		changed = doom_private_helpers(d);
		for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
			struct core_file *f = &d->parsed[fi];

			for (size_t i = 0; d->files[fi] && i < f->nr; i++) {
				struct core_item *it = &f->items[i];
				size_t sym;

				if (d->doomed[fi][i])
					continue;
				switch (it->kind) {
				case CORE_ITEM_DIRECTIVE:
					continue;
				case CORE_ITEM_DEFINE:
					if (!mentions(d, f, it->first + 2, it->last))
						continue;	/* its own name counts: a seed */
					break;
				case CORE_ITEM_FUNCTION:
					if (it->name && strlist_has(keep_functions, it->name))
						continue;
					if (!mentions(d, f, it->first, it->last) && !api_name(it->name))
						continue;
					break;
				case CORE_ITEM_DECLARATION:
					if (it->is_struct) {
						if (!strvec_sorted_has(&d->names, it->name))
							continue;
						break;
					}
					sym = export_symbol(f, it);
					if (sym) {
						if (!deletion_names_token(d, &f->tokens.v[sym]))
							continue;
						break;
					}
					if (it->name && strlist_has(keep_functions, it->name))
						continue;
					if (!mentions(d, f, it->first, it->last) && !api_name(it->name))
						continue;
					break;
				}
				doom_item(d, fi, i);
				changed = 1;
			}
		}
	}
	/* Exported symbols are public whatever file declares them. */
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		struct core_file *f = &d->parsed[fi];

		for (size_t i = 0; d->files[fi] && i < f->nr; i++) {
			size_t sym = d->doomed[fi][i] ? export_symbol(f, &f->items[i]) : 0;
			char *s;

			if (!sym)
				continue;
			s = xstrndup(f->tokens.v[sym].text, f->tokens.v[sym].len);
			add_sorted(&d->public, s);
			free(s);
		}
	}
}

/* ------------------------------------------------------------- members */

/* The name of the member declared by tokens [a, b]. */
static size_t member_name(const struct core_file *f, size_t a, size_t b)
{
	const struct lex_token *v = f->tokens.v;
	size_t last_ident = 0;

	for (size_t k = a; k <= b; k++) {
		if (core_token_is(f, k, "(") && k + 2 <= b && core_token_is(f, k + 1, "*") &&
		    v[k + 2].kind == TOKEN_IDENT)
			return k + 2;	/* int (*name)(...) */
		if (core_token_is(f, k, "[") || core_token_is(f, k, ":") || core_token_is(f, k, ";"))
			break;
		if (core_token_is(f, k, "(") || core_token_is(f, k, "{")) {
			k = core_match(f, k);
			continue;
		}
		if (v[k].kind == TOKEN_IDENT)
			last_ident = k;
	}
	return last_ident;
}

static void doom_members(struct deletion *d)
{
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		struct core_file *f = &d->parsed[fi];

		for (size_t i = 0; d->files[fi] && i < f->nr; i++) {
			struct core_item *it = &f->items[i];
			size_t close, j;

			if (d->doomed[fi][i] || !it->is_struct || it->open == (size_t)-1)
				continue;
			close = core_match(f, it->open);
			for (j = it->open + 1; j < close && j < f->tokens.nr;) {
				size_t k = j, name;
				int gone;

				if (f->tokens.v[j].directive) {
					j++;
					continue;
				}
				while (k < close && !core_token_is(f, k, ";")) {
					if (core_token_is(f, k, "(") || core_token_is(f, k, "[") || core_token_is(f, k, "{"))
						k = core_match(f, k);
					k++;
				}
				if (k >= close)
					break;
				name = member_name(f, j, k);
				gone = mentions(d, f, j, k);
				for (size_t m = 0; !gone && name && doomed_members[m].tag; m++)
					gone = !strcmp(it->name, doomed_members[m].tag) &&
					       lex_token_is(&f->tokens.v[name], doomed_members[m].member);
				if (gone) {
					ALLOC_GROW(d->members, d->nr_members + 1, d->alloc_members);
					d->members[d->nr_members].tag = xstrdup(it->name);
					d->members[d->nr_members].name =
						name ? xstrndup(f->tokens.v[name].text, f->tokens.v[name].len)
						     : xstrdup("");
					d->nr_members++;
					core_removals_add(&d->rm[fi], core_token_start(f, j), core_token_end(f, k), 1);
				}
				j = k + 1;
			}
		}
	}
}

/* ---------------------------------------------------------- statements */

struct typed {
	char *var;
	const char *tag;
};

struct walk {
	struct deletion *d;
	size_t fi;
	struct core_file *f;
	struct strvec local;		/* locals declared with a doomed type */
	struct typed *typed;
	size_t nr_typed, alloc_typed;
	const char *function;
};

static const char *typed_tag(const struct walk *w, const struct lex_token *t)
{
	for (size_t i = 0; i < w->nr_typed; i++)
		if (lex_token_is(t, w->typed[i].var))
			return w->typed[i].tag;
	return NULL;
}

/* A statement (or condition) names something doomed. */
static int stmt_mentions(const struct walk *w, size_t a, size_t b)
{
	const struct core_file *f = w->f;
	const struct lex_token *v = f->tokens.v;

	for (size_t k = a; k <= b && k < f->tokens.nr; k++) {
		const char *tag;

		if (v[k].directive)
			continue;
		if (v[k].kind == TOKEN_IDENT &&
		    (deletion_names_token(w->d, &v[k]) || strvec_sorted_has_n(&w->local, v[k].text, v[k].len)))
			return 1;
		if (!(core_token_is(f, k, "->") || core_token_is(f, k, ".")) || k == 0 || k + 1 > b ||
		    v[k + 1].kind != TOKEN_IDENT || v[k - 1].kind != TOKEN_IDENT)
			continue;
		if (lex_token_is(&v[k - 1], "class") && k >= 2 &&
		    (core_token_is(f, k - 2, "->") || core_token_is(f, k - 2, ".")))
			tag = "class";
		else
			tag = typed_tag(w, &v[k - 1]);
		if (tag && member_doomed(w->d, tag, v[k + 1].text, v[k + 1].len))
			return 1;
	}
	return 0;
}

static size_t next_tok(const struct core_file *f, size_t i, size_t end)
{
	while (i < end && f->tokens.v[i].directive)
		i++;
	return i;
}

static size_t clamp(size_t i, size_t end)
{
	return i < end ? i : end - 1;
}

static int is_iterator(const struct core_file *f, size_t i, size_t end)
{
	const struct lex_token *v = f->tokens.v;
	size_t pc, n;

	if (v[i].kind != TOKEN_IDENT || strlist_has_n(statement_keywords, v[i].text, v[i].len) ||
	    !core_token_is(f, i + 1, "("))
		return 0;
	pc = core_match(f, i + 1);
	if (pc >= end)
		return 0;
	n = next_tok(f, pc + 1, end);
	return n < end && (core_token_is(f, n, "{") ||
			   (v[n].kind == TOKEN_IDENT && !lex_token_is(&v[n], "else")));
}

static size_t stmt_end(const struct core_file *f, size_t i, size_t end)
{
	size_t pc, e, k;

	if (i >= end)
		return end - 1;
	if (core_token_is(f, i, "{"))
		return clamp(core_match(f, i), end);
	if (core_token_is(f, i, "if")) {
		pc = clamp(core_match(f, i + 1), end);
		e = stmt_end(f, next_tok(f, pc + 1, end), end);
		k = next_tok(f, e + 1, end);
		if (k < end && core_token_is(f, k, "else"))
			e = stmt_end(f, next_tok(f, k + 1, end), end);
		return e;
	}
	if (core_token_is(f, i, "for") || core_token_is(f, i, "while") || core_token_is(f, i, "switch") ||
	    is_iterator(f, i, end)) {
		pc = clamp(core_match(f, i + 1), end);
		return stmt_end(f, next_tok(f, pc + 1, end), end);
	}
	if (core_token_is(f, i, "do")) {
		e = stmt_end(f, next_tok(f, i + 1, end), end);
		k = next_tok(f, e + 1, end);
		if (k < end && core_token_is(f, k, "while")) {
			pc = clamp(core_match(f, k + 1), end);
			return next_tok(f, pc + 1, end) < end ? next_tok(f, pc + 1, end) : end - 1;
		}
		return e;
	}
	for (k = i; k < end; k++) {
		if (f->tokens.v[k].directive)
			continue;
		if (core_token_is(f, k, "(") || core_token_is(f, k, "[") || core_token_is(f, k, "{")) {
			k = core_match(f, k);
			if (k >= end)
				return end - 1;
			continue;
		}
		if (core_token_is(f, k, ";"))
			return k;
	}
	return end - 1;
}

static void problem(struct walk *w, size_t tok, const char *what)
{
	strvec_pushf(&w->d->problems, "%s:%u: %s in %s()", deletion_core_paths[w->fi], w->f->tokens.v[tok].line,
		     what, w->function);
}

static void remove_tokens(struct walk *w, size_t a, size_t b)
{
	core_removals_add(&w->d->rm[w->fi], core_token_start(w->f, a), core_token_end(w->f, b), 1);
}

/* The names a declaration statement [a, b] declares go on the local list. */
static void note_declared(struct walk *w, size_t a, size_t b)
{
	const struct core_file *f = w->f;
	int in_init = 0;

	for (size_t k = a; k <= b; k++) {
		if (core_token_is(f, k, "(") || core_token_is(f, k, "{")) {
			k = core_match(f, k);
			continue;
		}
		if (core_token_is(f, k, "="))
			in_init = 1;
		else if (core_token_is(f, k, ","))
			in_init = 0;
		else if (!in_init && f->tokens.v[k].kind == TOKEN_IDENT && k + 1 <= b &&
			 (core_token_is(f, k + 1, ",") || core_token_is(f, k + 1, ";") || core_token_is(f, k + 1, "=") ||
			  core_token_is(f, k + 1, "["))) {
			char *s = xstrndup(f->tokens.v[k].text, f->tokens.v[k].len);

			add_sorted(&w->local, s);
			free(s);
		}
	}
}

static void walk_block(struct walk *w, size_t open, size_t close, int *all_gone);

static size_t walk_stmt(struct walk *w, size_t i, size_t end, int *gone)
{
	const struct core_file *f = w->f;
	size_t pc, e, k;
	int g1 = 0, g2 = 0;

	*gone = 0;
	if (core_token_is(f, i, "{")) {
		e = clamp(core_match(f, i), end);
		walk_block(w, i, e, gone);
		return e;
	}
	if (core_token_is(f, i, "if")) {
		pc = clamp(core_match(f, i + 1), end);
		if (stmt_mentions(w, i + 1, pc)) {
			*gone = 1;
			return stmt_end(f, i, end);
		}
		e = walk_stmt(w, next_tok(f, pc + 1, end), end, &g1);
		k = next_tok(f, e + 1, end);
		if (k < end && core_token_is(f, k, "else")) {
			size_t e2 = walk_stmt(w, next_tok(f, k + 1, end), end, &g2);

			if (g1 && g2) {
				*gone = 1;
			} else if (g2) {
				size_t from = f->tokens.v[k].line == f->tokens.v[e].line
					? core_token_end(f, e) : core_token_start(f, k);

				core_removals_add(&w->d->rm[w->fi], from, core_token_end(f, e2), 1);
			} else if (g1) {
				problem(w, i, "an if whose branch goes but whose else stays");
			}
			return e2;
		}
		*gone = g1;
		return e;
	}
	if (core_token_is(f, i, "for") || core_token_is(f, i, "while") || core_token_is(f, i, "switch") ||
	    is_iterator(f, i, end)) {
		pc = clamp(core_match(f, i + 1), end);
		if (stmt_mentions(w, i + 1, pc)) {
			*gone = 1;
			return stmt_end(f, i, end);
		}
		e = walk_stmt(w, next_tok(f, pc + 1, end), end, &g1);
		*gone = g1;
		return e;
	}
	if (core_token_is(f, i, "do")) {
		e = stmt_end(f, i, end);
		if (stmt_mentions(w, i, e))
			*gone = 1;
		return e;
	}
	e = stmt_end(f, i, end);
	if (stmt_mentions(w, i, e)) {
		size_t a = i;

		*gone = 1;
		while (a < e && (core_token_is(f, a, "static") || core_token_is(f, a, "const") ||
				 core_token_is(f, a, "register") || core_token_is(f, a, "volatile")))
			a++;
		if (core_token_is(f, a, "struct") || core_token_is(f, a, "union"))
			note_declared(w, a, e);
	}
	return e;
}

static void walk_block(struct walk *w, size_t open, size_t close, int *all_gone)
{
	const struct core_file *f = w->f;
	size_t j = open + 1, n = 0, ngone = 0;

	while (j < close) {
		size_t e;
		int gone;

		j = next_tok(f, j, close);
		if (j >= close)
			break;
		if (core_token_is(f, j, "case")) {
			while (j < close && !core_token_is(f, j, ":"))
				j++;
			j++;
			continue;
		}
		if (f->tokens.v[j].kind == TOKEN_IDENT && core_token_is(f, j + 1, ":") && j + 1 < close) {
			j += 2;		/* a label, or default: */
			continue;
		}
		if (core_token_is(f, j, ";")) {
			j++;
			continue;
		}
		e = walk_stmt(w, j, close, &gone);
		n++;
		if (gone) {
			ngone++;
			remove_tokens(w, j, e);
		}
		j = e + 1;
	}
	*all_gone = n > 0 && ngone == n;
}

/* Variables declared `struct <tag> ...` for a tag that loses members. */
static void collect_typed(struct walk *w, const struct core_item *it)
{
	const struct core_file *f = w->f;
	const struct lex_token *v = f->tokens.v;

	for (size_t k = it->first; k + 1 <= it->last; k++) {
		const char *tag = NULL;
		size_t p;

		if (!core_token_is(f, k, "struct") || v[k + 1].kind != TOKEN_IDENT ||
		    !tag_has_doomed_members(w->d, v[k + 1].text, v[k + 1].len))
			continue;
		for (size_t m = 0; m < w->d->nr_members; m++)
			if (lex_token_is(&v[k + 1], w->d->members[m].tag))
				tag = w->d->members[m].tag;
		for (p = k + 2; p <= it->last;) {
			while (p <= it->last && (core_token_is(f, p, "*") || core_token_is(f, p, "const") ||
						 core_token_is(f, p, "volatile")))
				p++;
			if (p > it->last || v[p].kind != TOKEN_IDENT)
				break;
			ALLOC_GROW(w->typed, w->nr_typed + 1, w->alloc_typed);
			w->typed[w->nr_typed].var = xstrndup(v[p].text, v[p].len);
			w->typed[w->nr_typed].tag = tag;
			w->nr_typed++;
			p++;
			if (!core_token_is(f, p, ",") || p + 1 > it->last ||
			    !(core_token_is(f, p + 1, "*") ||
			      (v[p + 1].kind == TOKEN_IDENT && !core_token_is(f, p + 1, "struct") &&
			       !core_token_is(f, p + 1, "const") && !core_token_is(f, p + 1, "union") &&
			       !core_token_is(f, p + 1, "enum") && !core_token_is(f, p + 1, "unsigned"))))
				break;
			p++;
		}
	}
}

void deletion_edit_functions(struct deletion *d)
{
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		struct core_file *f = &d->parsed[fi];

		for (size_t i = 0; d->files[fi] && i < f->nr; i++) {
			struct core_item *it = &f->items[i];
			struct walk w;
			size_t close;
			int all_gone;

			if (d->doomed[fi][i] || it->kind != CORE_ITEM_FUNCTION)
				continue;
			memset(&w, 0, sizeof(w));
			w.d = d;
			w.fi = fi;
			w.f = f;
			w.function = it->name ? it->name : "?";
			collect_typed(&w, it);
			if (stmt_mentions(&w, it->first, it->open - 1))
				problem(&w, it->first, "a class_device parameter or return type");
			close = core_match(f, it->open);
			if (close < f->tokens.nr)
				walk_block(&w, it->open, close, &all_gone);
			for (size_t t = 0; t < w.nr_typed; t++)
				free(w.typed[t].var);
			free(w.typed);
			strvec_clear(&w.local);
		}
	}
}

/* A static class whose initializer sets a member the deletion removes. */
static const char *sets_doomed_member(const struct deletion *d, const char *reason)
{
	const char *p = strstr(reason, "sets: ");

	if (!p)
		return NULL;
	p += strlen("sets: ");
	while (*p) {
		size_t n = strcspn(p, ",; ");

		for (size_t i = 0; i < d->nr_members; i++)
			if (!strcmp(d->members[i].tag, "class") && strlen(d->members[i].name) == n &&
			    !memcmp(d->members[i].name, p, n))
				return d->members[i].name;
		p += n;
		if (*p != ',')
			break;
		p++;
	}
	return NULL;
}

/*
 * What only text shows (an inactive line, a macro body) is the API when it
 * starts with class_device or CLASS_DEVICE (the struct, its attribute type,
 * CLASS_DEVICE_ATTR, the calls, class_device_attr_x) or is a name a user
 * can name that step 70 deletes; fbcon_class_device or PCI_CLASS_DEVICE
 * only contain the word.
 */
static int names_the_api(const struct deletion *d, const char *symbol)
{
	return !strncmp(symbol, "class_device", 12) || !strncmp(symbol, "CLASS_DEVICE", 12) ||
	       strvec_sorted_has(&d->public, symbol);
}

int deletion_blocks(const struct deletion *d, const char *kind, const char *symbol, const char *reason,
		    const char **member)
{
	const char *m;

	if (member)
		*member = NULL;
	if (starts_with(kind, "class-device-"))
		return 1;
	if (!strcmp(kind, "inactive"))
		return symbol && !(reason && !strcmp(reason, SITE_REASON_IF_ZERO)) && names_the_api(d, symbol);
	/* No parse sees a macro's body: what it names is a use all the same. */
	if (!strcmp(kind, "macro-body"))
		return symbol && names_the_api(d, symbol);
	if (!strcmp(kind, "static-class")) {
		m = reason ? sets_doomed_member(d, reason) : NULL;
		if (m && member)
			*member = m;
		return m != NULL;
	}
	if (!strcmp(kind, "token"))
		return symbol && strvec_sorted_has(&d->public, symbol);
	return 0;
}

void deletion_release(struct deletion *d)
{
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		core_file_release(&d->parsed[fi]);
		free(d->doomed[fi]);
		core_removals_release(&d->rm[fi]);
	}
	for (size_t i = 0; i < d->nr_members; i++) {
		free(d->members[i].tag);
		free(d->members[i].name);
	}
	free(d->members);
	strvec_clear(&d->names);
	strvec_clear(&d->public);
	strvec_clear(&d->problems);
	/* the engine sets the overlay again after every pass */
	if (d->overlay)
		classify_set_overlay(d->ctx->classify, NULL, 0);
	free(d->overlay);
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++)
		strbuf_release(&d->own_text[fi]);
}

void deletion_analyze(struct deletion *d)
{
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		d->parsed[fi] = (struct core_file)CORE_FILE_INIT;
		d->rm[fi] = (struct core_removals)CORE_REMOVALS_INIT;
		d->rm[fi].topic = topic;
		if (!d->files[fi])
			continue;
		core_file_parse(&d->parsed[fi], d->files[fi]->content->buf, d->files[fi]->content->len);
		d->doomed[fi] = xcalloc(d->parsed[fi].nr + 1, 1);
	}
	find_doomed(d);
	doom_members(d);
}

struct deletion *deletion_read(const char *root)
{
	struct deletion *d = xcalloc(1, sizeof(*d));

	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		char *path = path_join(root, deletion_core_paths[fi]);

		d->own_text[fi] = (struct strbuf)STRBUF_INIT;
		if (strbuf_read_file(&d->own_text[fi], path) == 0) {
			d->own[fi].path = deletion_core_paths[fi];
			d->own[fi].content = &d->own_text[fi];
			d->files[fi] = &d->own[fi];
		}
		free(path);
	}
	deletion_analyze(d);
	return d;
}

void deletion_free(struct deletion *d)
{
	if (!d)
		return;
	deletion_release(d);
	free(d);
}

