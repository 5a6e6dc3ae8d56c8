#include "report/sysfs.h"
#include "analyze/prefilter.h"
#include "kernel/kernel-version.h"
#include "plan/plan.h"
#include "report/report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *const sysfs_device_entries[] = {
	"power", "uevent", "dev", "subsystem", "device", "driver", NULL,
};

/* A file is read when it mentions one of these. */
static const char *const sysfs_tokens[] = {
	"class_create", "struct class", "class_device", "CLASS_DEVICE", "class_interface",
	"device_create", "DEVICE_ATTR", "dev_attrs", NULL,
};

#define NO_INDEX ((size_t)-1)
#define MAX_DEPTH 8

struct func {
	char *name;
	size_t params_open, params_close;	/* the ( ) of the parameter list */
	size_t body_open, body_close;		/* the { } of the body */
};

struct macro {
	char *name;
	int function_like;
	struct strvec params;
	size_t body_start, body_end;		/* tokens [start, end) */
};

/* A file-scope declaration with a name (no function, no prototype). */
struct def {
	char *name;
	size_t name_tok;
	size_t init_open, init_close;		/* the initializer's { }, or 0, 0 */
	char *type;				/* "struct class", without storage words or '*' */
	int is_static, pointers, array;
};

struct afile {
	char *path;
	int core;				/* drivers/base/ or include/linux/device.h */
	struct strbuf text;
	struct report_tokens t;
	struct func *funcs;
	size_t nr_funcs, alloc_funcs;
	struct macro *macros;
	size_t nr_macros, alloc_macros;
	struct def *defs;
	size_t nr_defs, alloc_defs;
};

/* `struct owner { struct tag name; }` */
struct member {
	char *owner, *name, *tag;
};

/* An object key tied to a device kind, or (an interface's add parameter) to a class. */
struct binding {
	char *key;
	int is_class;
	size_t index;
};

/* An assignment `chain.member = value` inside a function, member class/dev/parent. */
struct assign {
	char *key;				/* of the chain without its member */
	const char *member;
	size_t file, func;
	size_t value_start, value_end;		/* tokens [start, end) */
	unsigned line;
};

/* `.field = value` in a file-scope initializer. */
struct field_init {
	char *field;
	size_t file;
	size_t value_start, value_end;
};

/* Where a device kind's parent is to be read from, resolved at the end. */
struct pending_parent {
	int kind;				/* 0: from args, 1: from assignments */
	int device_api;				/* struct device's: .parent is any device */
	size_t file, func;
	size_t cd_start, cd_end;		/* class-device parent argument, or empty */
	size_t dev_start, dev_end;		/* device parent argument, or empty */
	char *key;				/* registered object, kind 1 */
};

/* The name of a device kind from a format and its arguments. */
struct name_source {
	size_t file, func;
	size_t fmt_start, fmt_end;
	size_t args_start, args_end;		/* the arguments after the format */
};

struct ctx {
	const char *tree;
	struct afile *files;
	size_t nr_files;
	struct member *members;
	size_t nr_members, alloc_members;
	struct binding *bindings;
	size_t nr_bindings, alloc_bindings;
	struct assign *assigns;
	size_t nr_assigns, alloc_assigns;
	struct field_init *inits;
	size_t nr_inits, alloc_inits;
	struct strvec arena;			/* text of pasted tokens */
	struct sysfs_report *out;
	struct pending_parent *parents;		/* parallel to out->devices */
	char **device_keys;			/* the object each device kind registers, or NULL */
	size_t alloc_devices;
	char **factory_names;			/* functions returning a created device */
	size_t *factory_devices;
	size_t nr_factories;
};

/* A token list built by expansion; the texts point into files or the arena. */
struct tokvec {
	struct report_token *v;
	size_t nr, alloc;
};

static void tokvec_push(struct tokvec *tv, const struct report_token *t)
{
	ALLOC_GROW(tv->v, tv->nr + 1, tv->alloc);
	tv->v[tv->nr++] = *t;
}

static int is(const struct report_token *t, const char *s)
{
	return report_token_is(t, s);
}

static int is_ident(const struct report_token *t)
{
	return t->kind == TOKEN_IDENT;
}

static int same_token(const struct report_token *a, const struct report_token *b)
{
	return a->len == b->len && !memcmp(a->text, b->text, a->len);
}

static char *tok_str(const struct report_token *t)
{
	return xstrndup(t->text, t->len);
}

/* The tokens joined as code is written: "&new_bd->class_dev", "MKDEV(0, 0)". */
static char *join(const struct report_token *v, size_t a, size_t b)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = a; i < b; i++) {
		if (i > a) {
			const struct report_token *p = &v[i - 1], *t = &v[i];
			int word = (is_ident(p) || p->kind == TOKEN_NUMBER) &&
				   (is_ident(t) || t->kind == TOKEN_NUMBER);

			if (word || is(p, ",") || (p->kind == TOKEN_STRING && t->kind == TOKEN_STRING) ||
			    is(t, "|") || is(p, "|") || is(t, "?") || is(p, "?") || is(t, ":") || is(p, ":"))
				strbuf_addch(&sb, ' ');
		}
		strbuf_add(&sb, v[i].text, v[i].len);
	}
	return strbuf_detach(&sb, NULL);
}

static size_t match(const struct report_token *v, size_t nr, size_t open)
{
	return report_tokens_match(v, nr, open);
}

/* Split the arguments of the call whose '(' is v[open]: ranges [a, b). */
static size_t call_args(const struct report_token *v, size_t nr, size_t open,
			size_t (*args)[2], size_t max, size_t *close_out)
{
	size_t close = match(v, nr, open), n = 0, start = open + 1;
	int depth = 0;

	*close_out = close;
	if (close >= nr)
		return 0;
	if (close == open + 1)
		return 0;
	for (size_t i = open + 1; i <= close; i++) {
		if (is(&v[i], "(") || is(&v[i], "[") || is(&v[i], "{"))
			depth++;
		else if (i < close && (is(&v[i], ")") || is(&v[i], "]") || is(&v[i], "}")))
			depth--;
		if ((i == close || (depth == 0 && is(&v[i], ","))) && n < max) {
			args[n][0] = start;
			args[n][1] = i;
			n++;
			start = i + 1;
		}
	}
	return n;
}

static int is_null(const struct report_token *v, size_t a, size_t b)
{
	while (a < b && is(&v[a], "(") && match(v, b, a) == b - 1) {
		a++;
		b--;
	}
	return b == a + 1 && (is(&v[a], "NULL") || is(&v[a], "0"));
}

/* ---------------------------------------------------------------- reading */

static int storage_word(const struct report_token *t)
{
	static const char *const words[] = {
		"static", "extern", "const", "volatile", "register", "inline", "__inline__",
		"__init", "__initdata", "__devinit", "__devinitdata", "__exit", "__devexit",
		"__read_mostly", NULL,
	};

	for (size_t i = 0; words[i]; i++)
		if (is(t, words[i]))
			return 1;
	return 0;
}

static void add_member(struct ctx *c, const char *owner, const struct report_token *name,
		       const struct report_token *tag)
{
	struct member *m;

	ALLOC_GROW(c->members, c->nr_members + 1, c->alloc_members);
	m = &c->members[c->nr_members++];
	m->owner = xstrdup(owner);
	m->name = tok_str(name);
	m->tag = tok_str(tag);
}

/* The members of `struct tag { ... }` whose type is a struct. */
static void read_struct(struct ctx *c, struct afile *f, size_t tag_tok, size_t open, size_t close)
{
	const struct report_token *v = f->t.v;
	char *owner = tok_str(&v[tag_tok]);
	size_t s = open + 1;

	for (size_t i = open + 1; i <= close; i++) {
		if (is(&v[i], "{")) {
			i = match(v, f->t.nr, i);
			continue;
		}
		if (!is(&v[i], ";") && i != close)
			continue;
		while (s < i && storage_word(&v[s]))
			s++;
		if (s + 2 < i && is(&v[s], "struct") && is_ident(&v[s + 1]) && !is(&v[s + 2], "{")) {
			size_t tag = s + 1;

			for (size_t j = s + 2; j < i; j++)
				if (is_ident(&v[j]) && (j + 1 == i || is(&v[j + 1], ",") || is(&v[j + 1], "[") ||
							is(&v[j + 1], ":")))
					add_member(c, owner, &v[j], &v[tag]);
		}
		s = i + 1;
	}
	free(owner);
}

static void read_macro(struct afile *f, size_t hash)
{
	const struct report_token *v = f->t.v;
	size_t nr = f->t.nr, i = hash + 2, end;
	struct macro *m;

	if (hash + 2 >= nr || !is(&v[hash + 1], "define") || !is_ident(&v[hash + 2]) ||
	    !v[hash + 2].directive || v[hash + 2].directive_start)
		return;
	for (end = hash + 1; end < nr && v[end].directive && !v[end].directive_start; end++)
		;
	ALLOC_GROW(f->macros, f->nr_macros + 1, f->alloc_macros);
	m = &f->macros[f->nr_macros++];
	memset(m, 0, sizeof(*m));
	m->name = tok_str(&v[i]);
	i++;
	if (i < end && is(&v[i], "(") && v[i].offset == v[i - 1].offset + v[i - 1].len) {
		m->function_like = 1;
		for (i++; i < end && !is(&v[i], ")"); i++)
			if (is(&v[i], "...")) {
				strvec_push(&m->params, "__VA_ARGS__");
			} else if (is_ident(&v[i])) {
				char *p = tok_str(&v[i]);

				strvec_push(&m->params, p);
				free(p);
			}
		i++;
	}
	m->body_start = i < end ? i : end;
	m->body_end = end;
}

static void finish_def(struct afile *f, size_t s, size_t e, size_t init_open, size_t init_close)
{
	const struct report_token *v = f->t.v;
	size_t stop = init_open ? init_open - 1 : e, name = NO_INDEX;
	struct def *d;
	struct strbuf type = STRBUF_INIT;
	int is_static = 0, pointers = 0, array = 0;

	if (s >= stop)
		return;
	for (size_t i = s; i < stop; i++)
		if (is(&v[i], "("))
			return;		/* a prototype or a macro invocation */
	for (size_t i = stop; i > s; i--) {
		if (is(&v[i - 1], "]")) {
			array = 1;
			while (i > s && !is(&v[i - 1], "["))
				i--;
			continue;
		}
		if (is_ident(&v[i - 1])) {
			name = i - 1;
			break;
		}
	}
	if (name == NO_INDEX || name == s)
		return;
	for (size_t i = s; i < name; i++) {
		if (is(&v[i], "static"))
			is_static = 1;
		if (is(&v[i], "*")) {
			pointers++;
			continue;
		}
		if (storage_word(&v[i]))
			continue;
		if (type.len)
			strbuf_addch(&type, ' ');
		strbuf_add(&type, v[i].text, v[i].len);
	}
	ALLOC_GROW(f->defs, f->nr_defs + 1, f->alloc_defs);
	d = &f->defs[f->nr_defs++];
	d->name = tok_str(&v[name]);
	d->name_tok = name;
	d->init_open = init_open;
	d->init_close = init_close;
	d->type = strbuf_detach(&type, NULL);
	d->is_static = is_static;
	d->pointers = pointers;
	d->array = array;
}

/* Functions, file-scope declarations, struct members and macros of a file. */
static void read_file(struct ctx *c, struct afile *f)
{
	const struct report_token *v = f->t.v;
	size_t nr = f->t.nr, s = 0, init_open = 0, init_close = 0;

	for (size_t i = 0; i < nr; i++)
		if (v[i].directive_start)
			read_macro(f, i);
	for (size_t i = 0; i < nr; i++) {
		if (v[i].directive) {
			s = i + 1;
			continue;
		}
		if (is(&v[i], "struct") && i + 2 < nr && is_ident(&v[i + 1]) && is(&v[i + 2], "{")) {
			size_t close = match(v, nr, i + 2);

			if (close < nr)
				read_struct(c, f, i + 1, i + 2, close);
		}
		if (is(&v[i], ";")) {
			finish_def(f, s, i, init_open, init_close);
			s = i + 1;
			init_open = init_close = 0;
		} else if (is(&v[i], "{")) {
			size_t close = match(v, nr, i);

			if (close >= nr)
				break;
			if (i > 0 && is(&v[i - 1], "=")) {
				init_open = i;
				init_close = close;
			} else if (i > 0 && is(&v[i - 1], ")")) {
				size_t open = i - 1;
				int depth = 0;

				for (; open > s; open--) {
					if (is(&v[open], ")"))
						depth++;
					else if (is(&v[open], "(") && !--depth)
						break;
				}
				if (open > s && is_ident(&v[open - 1])) {
					struct func *fn;

					ALLOC_GROW(f->funcs, f->nr_funcs + 1, f->alloc_funcs);
					fn = &f->funcs[f->nr_funcs++];
					fn->name = tok_str(&v[open - 1]);
					fn->params_open = open;
					fn->params_close = i - 1;
					fn->body_open = i;
					fn->body_close = close;
				}
				s = close + 1;
			}
			/* an initializer, a body, or a struct's members (read above): skip it */
			i = close;
		}
	}
}

static struct macro *find_macro(struct afile *f, const struct report_token *t)
{
	for (size_t i = 0; i < f->nr_macros; i++)
		if (is_ident(t) && strlen(f->macros[i].name) == t->len &&
		    !memcmp(f->macros[i].name, t->text, t->len))
			return &f->macros[i];
	return NULL;
}

static struct def *find_def(struct afile *f, const char *name)
{
	for (size_t i = 0; i < f->nr_defs; i++)
		if (!strcmp(f->defs[i].name, name))
			return &f->defs[i];
	return NULL;
}

static struct func *find_func(struct afile *f, const char *name)
{
	for (size_t i = 0; i < f->nr_funcs; i++)
		if (!strcmp(f->funcs[i].name, name))
			return &f->funcs[i];
	return NULL;
}

/* -------------------------------------------------------------- expansion */

static void expand(struct ctx *c, struct afile *f, const struct report_token *in, size_t n,
		   struct tokvec *out, int depth);

static void paste(struct ctx *c, struct tokvec *tv)
{
	struct tokvec res = { NULL, 0, 0 };

	for (size_t i = 0; i < tv->nr; i++) {
		if (is(&tv->v[i], "##") && res.nr && i + 1 < tv->nr) {
			struct report_token *left = &res.v[res.nr - 1];
			char *text = xstrfmt("%.*s%.*s", (int)left->len, left->text,
					     (int)tv->v[i + 1].len, tv->v[i + 1].text);

			strvec_push(&c->arena, text);
			free(text);
			left->text = c->arena.v[c->arena.nr - 1];
			left->len = (unsigned)strlen(left->text);
			left->kind = TOKEN_IDENT;
			i++;
			continue;
		}
		tokvec_push(&res, &tv->v[i]);
	}
	free(tv->v);
	*tv = res;
}

static void expand_macro(struct ctx *c, struct afile *f, const struct macro *m,
			 const struct report_token *in, size_t n, size_t *i,
			 struct tokvec *out, int depth)
{
	const struct report_token *body = f->t.v;
	struct tokvec sub = { NULL, 0, 0 };

	if (m->function_like) {
		size_t args[16][2], close, nargs;

		nargs = call_args(in, n, *i + 1, args, 16, &close);
		if (close >= n) {
			tokvec_push(out, &in[*i]);
			return;
		}
		for (size_t b = m->body_start; b < m->body_end; b++) {
			size_t p;

			for (p = 0; p < m->params.nr; p++)
				if (is(&body[b], m->params.v[p]))
					break;
			if (p < m->params.nr && p < nargs) {
				for (size_t a = args[p][0]; a < args[p][1]; a++)
					tokvec_push(&sub, &in[a]);
			} else if (p < m->params.nr) {
				continue;
			} else {
				tokvec_push(&sub, &body[b]);
			}
		}
		*i = close;
	} else {
		for (size_t b = m->body_start; b < m->body_end; b++)
			tokvec_push(&sub, &body[b]);
	}
	paste(c, &sub);
	expand(c, f, sub.v, sub.nr, out, depth + 1);
	free(sub.v);
}

/* Expand the file's macros in in[0, n) (## pasted; # stringizing not done). */
static void expand(struct ctx *c, struct afile *f, const struct report_token *in, size_t n,
		   struct tokvec *out, int depth)
{
	for (size_t i = 0; i < n; i++) {
		struct macro *m = depth < MAX_DEPTH ? find_macro(f, &in[i]) : NULL;

		if (m && m->function_like && !(i + 1 < n && is(&in[i + 1], "(")))
			m = NULL;
		if (m)
			expand_macro(c, f, m, in, n, &i, out, depth);
		else
			tokvec_push(out, &in[i]);
	}
}

/* ------------------------------------------------------------------- keys */

struct chain {
	size_t base;
	size_t members[16];
	size_t nr;
	int ok;
};

/* Parse [&](a)[i].b->c[j] ... in v[a, b). */
static int parse_chain(const struct report_token *v, size_t a, size_t b, struct chain *ch)
{
	size_t i;

	memset(ch, 0, sizeof(*ch));
	for (;;) {
		if (a < b && is(&v[a], "&"))
			a++;
		else if (a < b && is(&v[a], "(") && match(v, b, a) == b - 1)
			a++, b--;
		else
			break;
	}
	if (a >= b || !is_ident(&v[a]))
		return 0;
	ch->base = a;
	i = a + 1;
	if (i < b && is(&v[i], "["))
		i = match(v, b, i) + 1;
	while (i < b) {
		if (i + 1 < b && (is(&v[i], ".") || is(&v[i], "->")) && is_ident(&v[i + 1]) && ch->nr < 16) {
			ch->members[ch->nr++] = i + 1;
			i += 2;
			if (i < b && is(&v[i], "["))
				i = match(v, b, i) + 1;
		} else {
			return 0;
		}
	}
	ch->ok = i == b;
	return ch->ok;
}

static const char *member_tag(struct ctx *c, const char *owner, const struct report_token *name)
{
	for (size_t i = 0; i < c->nr_members; i++)
		if (!strcmp(c->members[i].owner, owner) && is(name, c->members[i].name))
			return c->members[i].tag;
	return NULL;
}

/*
 * The declaration of `name` visible at token `at` of function fn: returns
 * the index of the declared name and sets *tag to its struct tag (or NULL
 * when its type is no struct).
 */
static size_t local_decl(struct afile *f, size_t fn, const struct report_token *name, size_t at,
			 char **tag)
{
	const struct report_token *v = f->t.v;

	*tag = NULL;
	if (fn == NO_INDEX)
		return NO_INDEX;
	for (size_t j = at; j > f->funcs[fn].params_open; j--) {
		size_t k = j - 1, t;

		if (!is_ident(&v[k]) || v[k].len != name->len || memcmp(v[k].text, name->text, name->len))
			continue;
		if (k + 1 >= f->t.nr || !(is(&v[k + 1], ";") || is(&v[k + 1], ",") || is(&v[k + 1], ")") ||
					   is(&v[k + 1], "=") || is(&v[k + 1], "[")))
			continue;
		t = k;
		while (t > 0 && (is(&v[t - 1], "*") || is(&v[t - 1], "const")))
			t--;
		if (t == 0 || v[t - 1].directive || (t == k && !is_ident(&v[t - 1])))
			continue;
		if (t >= 2 && is_ident(&v[t - 1]) && is(&v[t - 2], "struct")) {
			*tag = tok_str(&v[t - 1]);
			return k;
		}
		if (t >= 1 && is_ident(&v[t - 1]) && !is(&v[t - 1], "return") && !is(&v[t - 1], "sizeof"))
			return k;	/* declared with a type that is no struct */
	}
	return NO_INDEX;
}

static const struct def *global_def(struct ctx *c, size_t file, const char *name, size_t *def_file)
{
	struct def *d = find_def(&c->files[file], name);

	if (d) {
		*def_file = file;
		return d;
	}
	for (size_t i = 0; i < c->nr_files; i++) {
		d = find_def(&c->files[i], name);
		if (d && !d->is_static) {
			*def_file = i;
			return d;
		}
	}
	return NULL;
}

static char *chain_key(struct ctx *c, size_t file, size_t fn, const struct chain *ch, size_t use,
		       int depth);

/* The key of the object v[a, b) of file `file` denotes, or NULL. */
static char *object_key(struct ctx *c, size_t file, size_t fn, size_t a, size_t b, int depth)
{
	struct chain ch;

	if (!parse_chain(c->files[file].t.v, a, b, &ch))
		return NULL;
	return chain_key(c, file, fn, &ch, ch.nr, depth);
}

static char *chain_key(struct ctx *c, size_t file, size_t fn, const struct chain *ch, size_t use,
		       int depth)
{
	struct afile *f = &c->files[file];
	const struct report_token *v = f->t.v;
	char *name = tok_str(&v[ch->base]), *tag = NULL, *key;
	size_t decl = local_decl(f, fn, &v[ch->base], ch->base, &tag), def_file;
	const struct def *def = NULL;

	if (decl == NO_INDEX)
		def = global_def(c, file, name, &def_file);
	if (!use) {
		if (decl != NO_INDEX) {
			/* struct class_device *cd = &(x->y); is an alias of x->y */
			if (decl + 1 < f->t.nr && is(&v[decl + 1], "=") && depth < MAX_DEPTH) {
				size_t e = decl + 2;
				int d = 0;

				for (; e < f->t.nr; e++) {
					if (is(&v[e], "(") || is(&v[e], "["))
						d++;
					else if (is(&v[e], ")") || is(&v[e], "]"))
						d--;
					else if (!d && (is(&v[e], ";") || is(&v[e], ",")))
						break;
				}
				key = object_key(c, file, fn, decl + 2, e, depth + 1);
				if (key && !starts_with(key, "local:")) {
					free(name);
					free(tag);
					return key;
				}
				free(key);
			}
			key = xstrfmt("local:%s:%s:%s", f->path, f->funcs[fn].name, name);
		} else if (def && def->is_static) {
			key = xstrfmt("var:%s:%s", c->files[def_file].path, name);
		} else {
			key = xstrfmt("var:%s", name);
		}
		free(name);
		free(tag);
		return key;
	}
	if (!tag && def && starts_with(def->type, "struct "))
		tag = xstrdup(def->type + strlen("struct "));
	for (size_t m = 0; tag && m + 1 < use; m++) {
		const char *next = member_tag(c, tag, &v[ch->members[m]]);

		free(tag);
		tag = xstrdup(next);
	}
	if (tag) {
		key = xstrfmt("%s.%.*s", tag, (int)v[ch->members[use - 1]].len, v[ch->members[use - 1]].text);
	} else {
		char *text = join(v, ch->base, ch->members[use - 1] + 1);

		key = xstrfmt("expr:%s:%s", f->path, text);
		free(text);
	}
	free(name);
	free(tag);
	return key;
}

/* The struct tag of the object v[a, b) denotes ("class_device"), or NULL. */
static char *object_tag(struct ctx *c, size_t file, size_t fn, size_t a, size_t b)
{
	struct afile *f = &c->files[file];
	const struct report_token *v = f->t.v;
	struct chain ch;
	char *tag = NULL, *name;
	size_t def_file;
	const struct def *def;

	if (!parse_chain(v, a, b, &ch))
		return NULL;
	if (local_decl(f, fn, &v[ch.base], ch.base, &tag) == NO_INDEX) {
		name = tok_str(&v[ch.base]);
		def = global_def(c, file, name, &def_file);
		free(name);
		if (def && starts_with(def->type, "struct "))
			tag = xstrdup(def->type + strlen("struct "));
	}
	for (size_t m = 0; tag && m < ch.nr; m++) {
		const char *next = member_tag(c, tag, &v[ch.members[m]]);

		free(tag);
		tag = xstrdup(next);
	}
	return tag;
}

/* -------------------------------------------------------------- bindings */

static void bind(struct ctx *c, const char *key, int is_class, size_t index)
{
	struct binding *b;

	for (size_t i = 0; i < c->nr_bindings; i++)
		if (!strcmp(c->bindings[i].key, key) && c->bindings[i].is_class == is_class &&
		    c->bindings[i].index == index)
			return;
	ALLOC_GROW(c->bindings, c->nr_bindings + 1, c->alloc_bindings);
	b = &c->bindings[c->nr_bindings++];
	b->key = xstrdup(key);
	b->is_class = is_class;
	b->index = index;
}

static const struct binding *find_binding(struct ctx *c, const char *key, size_t *from)
{
	for (size_t i = *from; key && i < c->nr_bindings; i++)
		if (!strcmp(c->bindings[i].key, key)) {
			*from = i + 1;
			return &c->bindings[i];
		}
	return NULL;
}

/*
 * The token range of the left side of the '=' at v[eq]: a chain
 * `a[i].b->c`, read backwards; an empty range when there is none.
 */
static void lhs_of(const struct report_token *v, size_t lower, size_t eq, size_t *a, size_t *b)
{
	size_t s = eq;

	*a = *b = eq;
	for (;;) {
		/* an optional [index], then an identifier */
		while (s > lower && is(&v[s - 1], "]") && !v[s - 1].directive) {
			size_t k = s - 1;
			int depth = 0;

			for (; k > lower; k--) {
				if (is(&v[k], "]"))
					depth++;
				else if (is(&v[k], "[") && !--depth)
					break;
			}
			s = k;
		}
		if (s <= lower || !is_ident(&v[s - 1]) || v[s - 1].directive)
			return;
		s--;
		*a = s;
		if (s > lower && (is(&v[s - 1], ".") || is(&v[s - 1], "->")) && !v[s - 1].directive)
			s--;
		else
			return;
	}
}

/* ---------------------------------------------------------------- classes */

static size_t add_class(struct ctx *c, const char *name, const char *var, size_t file,
			const struct report_token *at, const char *how, int is_static)
{
	struct sysfs_report *r = c->out;
	struct sysfs_class *k;

	r->classes = xrealloc(r->classes, (r->nr_classes + 1) * sizeof(*r->classes));
	k = &r->classes[r->nr_classes];
	memset(k, 0, sizeof(*k));
	k->name = xstrdup(name);
	k->var = xstrdup(var);
	k->file = xstrdup(c->files[file].path);
	k->line = at->line;
	k->column = at->column;
	k->how = how;
	k->is_static = is_static;
	return r->nr_classes++;
}

static void note(struct ctx *c, size_t file, const struct report_token *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void note(struct ctx *c, size_t file, const struct report_token *at, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	strbuf_addf(&sb, "%s:%u:%u: ", c->files[file].path, at->line, at->column);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strvec_push(&c->out->notes, sb.buf);
	strbuf_release(&sb);
}

/* A string literal after expansion: its characters, quotes and escapes undone. */
static char *literal_string(struct ctx *c, size_t file, size_t a, size_t b)
{
	struct tokvec tv = { NULL, 0, 0 };
	struct strbuf sb = STRBUF_INIT;
	int ok;

	expand(c, &c->files[file], c->files[file].t.v + a, b - a, &tv, 0);
	ok = tv.nr > 0;
	for (size_t i = 0; ok && i < tv.nr; i++) {
		const struct report_token *t = &tv.v[i];

		if (t->kind != TOKEN_STRING || t->len < 2 || t->text[0] != '"') {
			ok = 0;
			break;
		}
		for (size_t j = 1; j + 1 < t->len; j++) {
			if (t->text[j] == '\\' && j + 2 < t->len) {
				j++;
				if (t->text[j] == 'n')
					strbuf_addch(&sb, '\n');
				else if (t->text[j] == 't')
					strbuf_addch(&sb, '\t');
				else
					strbuf_addch(&sb, t->text[j]);
				continue;
			}
			strbuf_addch(&sb, t->text[j]);
		}
	}
	free(tv.v);
	if (!ok) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

static void read_classes(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t d = 0; d < f->nr_defs; d++) {
			struct def *def = &f->defs[d];
			char *name = NULL;

			if (strcmp(def->type, "struct class") || def->pointers || def->array || !def->init_open)
				continue;
			for (size_t i = def->init_open + 1; i + 3 < def->init_close; i++) {
				size_t e;

				if (!(is(&v[i], ".") && is(&v[i + 1], "name") && is(&v[i + 2], "=")))
					continue;
				for (e = i + 3; e < def->init_close && !is(&v[e], ",") && !is(&v[e], "}"); e++)
					;
				name = literal_string(c, fi, i + 3, e);
				if (!name) {
					char *text = join(v, i + 3, e);

					note(c, fi, &v[def->name_tok], "class %s: the name %s is not a string this analysis can read",
					     def->name, text);
					free(text);
				}
				break;
			}
			if (name)
				add_class(c, name, def->name, fi, &v[def->name_tok], "static struct class",
					  def->is_static);
			free(name);
		}
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
				size_t args[4][2], close, n, lhs_end, lhs_start;
				char *name, *var;

				if (!is(&v[i], "class_create") || !is(&v[i + 1], "(") || !is(&v[i - 1], "="))
					continue;
				n = call_args(v, f->t.nr, i + 1, args, 4, &close);
				lhs_of(v, f->funcs[fn].body_open, i - 1, &lhs_start, &lhs_end);
				if (n != 2 || lhs_start == lhs_end)
					continue;
				var = join(v, lhs_start, lhs_end);
				name = literal_string(c, fi, args[1][0], args[1][1]);
				if (name) {
					add_class(c, name, var, fi, &v[i], "class_create()", 1);
				} else {
					char *text = join(v, args[1][0], args[1][1]);

					note(c, fi, &v[i], "class_create(): the class name %s is computed at run time",
					     text);
					free(text);
				}
				free(name);
				free(var);
			}
		}
	}
}

/* The class v[a, b) of file `file` refers to (X or &X), or NO_INDEX. */
static size_t class_ref(struct ctx *c, size_t file, size_t a, size_t b)
{
	const struct report_token *v = c->files[file].t.v;
	size_t found = NO_INDEX, count = 0;
	char *text;

	while (a < b && (is(&v[a], "&") || (is(&v[a], "(") && match(v, b, a) == b - 1))) {
		if (is(&v[a], "("))
			b--;
		a++;
	}
	if (a >= b)
		return NO_INDEX;
	text = join(v, a, b);
	for (size_t k = 0; k < c->out->nr_classes; k++) {
		struct sysfs_class *cl = &c->out->classes[k];

		if (strcmp(cl->var, text))
			continue;
		if (!strcmp(cl->file, c->files[file].path)) {
			free(text);
			return k;
		}
		found = k;
		count++;
	}
	free(text);
	return count == 1 ? found : NO_INDEX;
}

/* ---------------------------------------------------------------- devices */

static size_t add_device(struct ctx *c, size_t class_index, size_t file, const struct report_token *at,
			 char *how)
{
	struct sysfs_report *r = c->out;
	struct sysfs_device *d;

	if (r->nr_devices + 1 > c->alloc_devices) {
		c->alloc_devices = c->alloc_devices ? 2 * c->alloc_devices : 16;
		r->devices = xrealloc(r->devices, c->alloc_devices * sizeof(*r->devices));
		c->parents = xrealloc(c->parents, c->alloc_devices * sizeof(*c->parents));
		c->device_keys = xrealloc(c->device_keys, c->alloc_devices * sizeof(*c->device_keys));
	}
	d = &r->devices[r->nr_devices];
	memset(d, 0, sizeof(*d));
	memset(&c->parents[r->nr_devices], 0, sizeof(*c->parents));
	c->device_keys[r->nr_devices] = NULL;
	d->class_index = class_index;
	d->file = xstrdup(c->files[file].path);
	d->line = at->line;
	d->column = at->column;
	d->how = how;
	d->parent_device = NO_INDEX;
	return r->nr_devices++;
}

static void device_note(struct sysfs_device *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void device_note(struct sysfs_device *d, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strvec_push(&d->notes, sb.buf);
	strbuf_release(&sb);
}

/* "event%d" with its arguments -> "event<N>"; %s -> "<argument>" (not predicted). */
static char *format_to_name(const char *fmt, const struct report_token *v, size_t (*args)[2],
			    size_t nargs, struct sysfs_device *d, const char *what)
{
	struct strbuf sb = STRBUF_INIT;
	size_t arg = 0;

	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			strbuf_addch(&sb, *p);
			continue;
		}
		if (p[1] == '%') {
			strbuf_addch(&sb, '%');
			p++;
			continue;
		}
		p++;
		while (*p && strchr("-+ #0", *p))
			p++;
		while (*p && (strchr("0123456789.", *p) || *p == '*')) {
			if (*p == '*')
				arg++;
			p++;
		}
		while (*p && strchr("hlLqjzt", *p))
			p++;
		if (!*p)
			break;
		if (strchr("diuxXo", *p)) {
			strbuf_addstr(&sb, "<N>");
		} else {
			char *text = arg < nargs ? join(v, args[arg][0], args[arg][1]) : xstrdup("?");

			strbuf_addf(&sb, "<%s>", text);
			d->name_predicted = 0;
			device_note(d, "name: %s gives %s, computed at run time", what, text);
			free(text);
		}
		arg++;
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * The name made from the format at args[0] and the arguments after it, in
 * function fn of file: a literal, or an lvalue that a sprintf/snprintf/
 * strcpy/strlcpy/strncpy in the same function fills.
 */
static void name_from_format(struct ctx *c, size_t file, size_t fn, size_t (*args)[2], size_t nargs,
			     struct sysfs_device *d, int depth)
{
	struct afile *f = &c->files[file];
	const struct report_token *v = f->t.v;
	char *fmt = nargs ? literal_string(c, file, args[0][0], args[0][1]) : NULL;
	char *text;

	d->name_predicted = 1;
	if (fmt) {
		d->name = format_to_name(fmt, v, args + 1, nargs - 1, d, "%s");
		free(fmt);
		return;
	}
	text = nargs ? join(v, args[0][0], args[0][1]) : xstrdup("?");
	for (size_t i = f->funcs[fn].body_open; nargs && depth < 2 && i < f->funcs[fn].body_close; i++) {
		size_t wargs[16][2], close, n, skip;
		char *dest;

		if (!is(&v[i + 1], "(") || (i > 0 && (is(&v[i - 1], ".") || is(&v[i - 1], "->"))))
			continue;
		if (is(&v[i], "sprintf"))
			skip = 1;
		else if (is(&v[i], "snprintf"))
			skip = 2;
		else if (is(&v[i], "strcpy") || is(&v[i], "strlcpy") || is(&v[i], "strncpy"))
			skip = 0;
		else
			continue;
		n = call_args(v, f->t.nr, i + 1, wargs, 16, &close);
		if (n < 2)
			continue;
		dest = join(v, wargs[0][0], wargs[0][1]);
		if (!strcmp(dest, text)) {
			free(dest);
			free(text);
			if (skip && n > skip) {
				name_from_format(c, file, fn, wargs + skip, n - skip, d, depth + 1);
			} else {
				char *src = literal_string(c, file, wargs[1][0], wargs[1][1]);

				if (src) {
					d->name = src;
				} else {
					char *s = join(v, wargs[1][0], wargs[1][1]);

					d->name = xstrfmt("<%s>", s);
					d->name_predicted = 0;
					device_note(d, "name: copied from %s at run time", s);
					free(s);
				}
			}
			return;
		}
		free(dest);
	}
	d->name = xstrfmt("<%s>", text);
	d->name_predicted = 0;
	device_note(d, "name: %s is computed at run time", text);
	free(text);
}

static void read_created_devices(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
				int old_api = is(&v[i], "class_device_create");
				size_t args[16][2], close, n, k, need = old_api ? 5 : 4, dev;
				struct pending_parent *pp;
				struct sysfs_device *d;

				if (!(old_api || is(&v[i], "device_create")) || !is(&v[i + 1], "(") ||
				    is(&v[i - 1], ".") || is(&v[i - 1], "->"))
					continue;
				n = call_args(v, f->t.nr, i + 1, args, 16, &close);
				if (n < need)
					continue;
				k = class_ref(c, fi, args[0][0], args[0][1]);
				if (k == NO_INDEX) {
					char *text = join(v, args[0][0], args[0][1]);

					note(c, fi, &v[i], "%.*s(): %s is not a class this analysis found: its devices are not listed",
					     (int)v[i].len, v[i].text, text);
					free(text);
					continue;
				}
				dev = add_device(c, k, fi, &v[i], xstrfmt("%.*s()", (int)v[i].len, v[i].text));
				d = &c->out->devices[dev];
				pp = &c->parents[dev];
				pp->file = fi;
				pp->func = fn;
				if (old_api) {
					pp->cd_start = args[1][0];
					pp->cd_end = args[1][1];
					pp->dev_start = args[3][0];
					pp->dev_end = args[3][1];
				} else {
					pp->cd_start = pp->cd_end = 0;
					pp->dev_start = args[1][0];
					pp->dev_end = args[1][1];
				}
				name_from_format(c, fi, fn, args + need - 1, n - need + 1, d, 0);

				if (is(&v[i - 1], "=")) {
					size_t a, b;
					char *key;

					lhs_of(v, f->funcs[fn].body_open, i - 1, &a, &b);
					key = a < b ? object_key(c, fi, fn, a, b, 0) : NULL;
					if (key) {
						bind(c, key, 0, dev);
						c->device_keys[dev] = key;
					}
					/* `x = class_device_create(...); ... return x;` makes a factory */
					for (size_t r = i; key && b == a + 1 && r + 2 < f->funcs[fn].body_close; r++)
						if (is(&v[r], "return") && same_token(&v[r + 1], &v[a]) &&
						    is(&v[r + 2], ";")) {
							c->factory_names = xrealloc(c->factory_names,
										    (c->nr_factories + 1) * sizeof(char *));
							c->factory_devices = xrealloc(c->factory_devices,
										      (c->nr_factories + 1) * sizeof(size_t));
							c->factory_names[c->nr_factories] = xstrdup(f->funcs[fn].name);
							c->factory_devices[c->nr_factories++] = dev;
							break;
						}
				} else if (is(&v[i - 1], "return")) {
					c->factory_names = xrealloc(c->factory_names, (c->nr_factories + 1) * sizeof(char *));
					c->factory_devices = xrealloc(c->factory_devices,
								      (c->nr_factories + 1) * sizeof(size_t));
					c->factory_names[c->nr_factories] = xstrdup(f->funcs[fn].name);
					c->factory_devices[c->nr_factories++] = dev;
				}
				i = close;
			}
		}
	}
}

/* Every `chain.class|dev|parent = value;` in a function body. */
static void read_assignments(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open + 1; i < f->funcs[fn].body_close; i++) {
				static const char *const members[] = { "class", "dev", "parent", NULL };
				size_t a, b, e;
				struct chain ch;
				struct assign *as;
				const char *member = NULL;
				int depth = 0;

				if (!is(&v[i], "="))
					continue;
				lhs_of(v, f->funcs[fn].body_open, i, &a, &b);
				if (a >= b || !parse_chain(v, a, b, &ch) || !ch.nr)
					continue;
				for (size_t m = 0; members[m]; m++)
					if (is(&v[ch.members[ch.nr - 1]], members[m]))
						member = members[m];
				if (!member)
					continue;
				for (e = i + 1; e < f->funcs[fn].body_close; e++) {
					if (is(&v[e], "(") || is(&v[e], "["))
						depth++;
					else if (is(&v[e], ")") || is(&v[e], "]"))
						depth--;
					if (depth < 0 || (!depth && (is(&v[e], ";") || is(&v[e], ","))))
						break;
				}
				ALLOC_GROW(c->assigns, c->nr_assigns + 1, c->alloc_assigns);
				as = &c->assigns[c->nr_assigns++];
				as->key = chain_key(c, fi, fn, &ch, ch.nr - 1, 0);
				as->member = member;
				as->file = fi;
				as->func = fn;
				as->value_start = i + 1;
				as->value_end = e;
				as->line = v[i].line;
			}
		}
	}
}

static void read_field_inits(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		for (size_t d = 0; d < f->nr_defs; d++) {
			size_t open = f->defs[d].init_open, close = f->defs[d].init_close;

			for (size_t i = open + 1; open && i + 2 < close; i++) {
				struct field_init *in;
				size_t e;

				if (is(&v[i], "{")) {
					i = match(v, f->t.nr, i);
					continue;
				}
				if (!(is(&v[i], ".") && is_ident(&v[i + 1]) && is(&v[i + 2], "=")))
					continue;
				for (e = i + 3; e < close && !is(&v[e], ","); e++)
					if (is(&v[e], "{") || is(&v[e], "("))
						e = match(v, f->t.nr, e);
				ALLOC_GROW(c->inits, c->nr_inits + 1, c->alloc_inits);
				in = &c->inits[c->nr_inits++];
				in->field = tok_str(&v[i + 1]);
				in->file = fi;
				in->value_start = i + 3;
				in->value_end = e;
				i = e - 1;
			}
		}
	}
}

/* The first parameter's name of function fn, or NULL. */
static char *first_param(struct afile *f, const struct func *fn)
{
	const struct report_token *v = f->t.v;
	size_t last = NO_INDEX;

	for (size_t i = fn->params_open + 1; i < fn->params_close; i++) {
		if (is(&v[i], ","))
			break;
		if (is_ident(&v[i]))
			last = i;
	}
	return last == NO_INDEX ? NULL : tok_str(&v[last]);
}

/* Value tokens of field `field` in the initializer of def, or 0 (empty). */
static int def_field(struct afile *f, const struct def *def, const char *field, size_t *a, size_t *b)
{
	const struct report_token *v = f->t.v;

	for (size_t i = def->init_open + 1; def->init_open && i + 2 < def->init_close; i++) {
		if (is(&v[i], ".") && is(&v[i + 1], field) && is(&v[i + 2], "=")) {
			size_t e = i + 3;

			while (e < def->init_close && !is(&v[e], ",")) {
				if (is(&v[e], "(") || is(&v[e], "{"))
					e = match(v, f->t.nr, e);
				e++;
			}
			*a = i + 3;
			*b = e;
			return 1;
		}
	}
	return 0;
}

/* The index of parameter `name` of function fn, or NO_INDEX. */
static size_t param_index(struct afile *f, const struct func *fn, const char *name)
{
	const struct report_token *v = f->t.v;
	size_t index = 0, last = NO_INDEX;

	for (size_t i = fn->params_open + 1; i <= fn->params_close; i++) {
		if (i == fn->params_close || is(&v[i], ",")) {
			if (last != NO_INDEX && is(&v[last], name))
				return index;
			index++;
			last = NO_INDEX;
		} else if (is_ident(&v[i])) {
			last = i;
		}
	}
	return NO_INDEX;
}

/*
 * The class given to interface `name` (defined in file) by a setter: a
 * function that assigns its parameter's ->class, called with &name
 * (rtc_interface_register(&rtc_sysfs_interface) in 2.6.18's rtc).
 */
static size_t class_from_setter(struct ctx *c, size_t file, const char *name)
{
	for (size_t a = 0; a < c->nr_assigns; a++) {
		const struct assign *as = &c->assigns[a];
		struct afile *sf = &c->files[as->file];
		const struct func *setter = &sf->funcs[as->func];
		const char *param;
		size_t index, k;

		if (strcmp(as->member, "class") || !starts_with(as->key, "local:"))
			continue;
		param = strrchr(as->key, ':') + 1;
		index = param_index(sf, setter, param);
		k = index == NO_INDEX ? NO_INDEX : class_ref(c, as->file, as->value_start, as->value_end);
		if (k == NO_INDEX)
			continue;
		for (size_t fi = 0; fi < c->nr_files; fi++) {
			struct afile *f = &c->files[fi];
			const struct report_token *v = f->t.v;

			if (fi != file)
				continue;
			for (size_t fn = 0; fn < f->nr_funcs; fn++)
				for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
					size_t args[8][2], close, n, x;

					if (!is(&v[i], setter->name) || !is(&v[i + 1], "("))
						continue;
					n = call_args(v, f->t.nr, i + 1, args, 8, &close);
					if (index >= n)
						continue;
					x = args[index][0];
					while (x < args[index][1] && is(&v[x], "&"))
						x++;
					if (fi == file && x + 1 == args[index][1] && is(&v[x], name))
						return k;
				}
		}
	}
	return NO_INDEX;
}

/* class_interface objects: the add callback's first parameter is a device of its class. */
static void read_interfaces(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t d = 0; d < f->nr_defs; d++) {
			struct def *def = &f->defs[d];
			size_t k = NO_INDEX, a, b;
			struct func *add = NULL;
			char *param, *key;

			if (strcmp(def->type, "struct class_interface") || def->pointers || !def->init_open)
				continue;
			if (def_field(f, def, "class", &a, &b))
				k = class_ref(c, fi, a, b);
			/* or `intf.class = &cls;` at run time */
			key = xstrfmt(def->is_static ? "var:%s:%s" : "var:%.0s%s", f->path, def->name);
			for (size_t i = 0; k == NO_INDEX && i < c->nr_assigns; i++) {
				const struct assign *as = &c->assigns[i];

				if (!strcmp(as->member, "class") && !strcmp(as->key, key))
					k = class_ref(c, as->file, as->value_start, as->value_end);
			}
			free(key);
			if (def_field(f, def, "add", &a, &b)) {
				while (a < b && is(&v[a], "&"))
					a++;
				if (b == a + 1) {
					char *name = tok_str(&v[a]);

					add = find_func(f, name);
					free(name);
				}
			}
			if (k == NO_INDEX)
				k = class_from_setter(c, fi, def->name);
			if (k == NO_INDEX || !add) {
				if (k == NO_INDEX)
					note(c, fi, &v[def->name_tok], "class_interface %s: its class is not one this analysis found",
					     def->name);
				continue;
			}
			param = first_param(f, add);
			if (param) {
				key = xstrfmt("local:%s:%s:%s", f->path, add->name, param);

				bind(c, key, 1, k);
				free(key);
			}
			free(param);
		}
	}
}

static const struct assign *find_assign(struct ctx *c, const char *key, const char *member, size_t prefer_file)
{
	const struct assign *any = NULL;

	for (size_t i = 0; key && i < c->nr_assigns; i++) {
		const struct assign *as = &c->assigns[i];

		if (strcmp(as->member, member) || strcmp(as->key, key))
			continue;
		if (as->file == prefer_file)
			return as;
		if (!any)
			any = as;
	}
	return any;
}

static int device_registered(struct ctx *c, const char *key)
{
	for (size_t i = 0; i < c->out->nr_devices; i++)
		if (c->device_keys[i] && !strcmp(c->device_keys[i], key))
			return 1;
	return 0;
}

/* The name a class_id (bus_id) writer gives the object `key`, in `file` first. */
static int name_from_writer(struct ctx *c, const char *key, size_t prefer, struct sysfs_device *d)
{
	for (int pass = 0; pass < 2; pass++) {
		for (size_t fi = 0; fi < c->nr_files; fi++) {
			struct afile *f = &c->files[fi];
			const struct report_token *v = f->t.v;

			if ((pass == 0) != (fi == prefer) || f->core)
				continue;
			for (size_t fn = 0; fn < f->nr_funcs; fn++) {
				for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
					size_t args[16][2], close, n, skip;
					struct chain ch;
					char *k;

					if (!is(&v[i + 1], "("))
						continue;
					if (is(&v[i], "sprintf"))
						skip = 1;
					else if (is(&v[i], "snprintf"))
						skip = 2;
					else if (is(&v[i], "strcpy") || is(&v[i], "strlcpy") || is(&v[i], "strncpy"))
						skip = 0;
					else
						continue;
					n = call_args(v, f->t.nr, i + 1, args, 16, &close);
					if (n < 2 || !parse_chain(v, args[0][0], args[0][1], &ch) || !ch.nr ||
					    !(is(&v[ch.members[ch.nr - 1]], "class_id") ||
					      is(&v[ch.members[ch.nr - 1]], "bus_id")))
						continue;
					k = chain_key(c, fi, fn, &ch, ch.nr - 1, 0);
					if (strcmp(k, key)) {
						free(k);
						continue;
					}
					free(k);
					if (skip && n > skip) {
						name_from_format(c, fi, fn, args + skip, n - skip, d, 1);
					} else {
						char *src = literal_string(c, fi, args[1][0], args[1][1]);

						d->name_predicted = src != NULL;
						if (src) {
							d->name = src;
						} else {
							char *s = join(v, args[1][0], args[1][1]);
							char *call = join(v, i, close + 1);

							d->name = xstrfmt("<%s>", s);
							device_note(d, "name: %s copies it from %s at run time", call, s);
							free(call);
							free(s);
						}
					}
					return 1;
				}
			}
		}
	}
	return 0;
}

static void read_registered_devices(struct ctx *c)
{
	static const char *const calls[] = {
		"class_device_register", "class_device_add", "device_register", "device_add", NULL,
	};

	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
				size_t args[2][2], close, n, k, dev;
				const struct assign *cls;
				const char *call = NULL;
				struct sysfs_device *d;
				char *key, *text;

				for (size_t j = 0; calls[j]; j++)
					if (is(&v[i], calls[j]))
						call = calls[j];
				if (!call || !is(&v[i + 1], "(") || is(&v[i - 1], ".") || is(&v[i - 1], "->"))
					continue;
				n = call_args(v, f->t.nr, i + 1, args, 2, &close);
				if (n != 1)
					continue;
				key = object_key(c, fi, fn, args[0][0], args[0][1], 0);
				if (!key || device_registered(c, key)) {
					free(key);
					continue;
				}
				cls = find_assign(c, key, "class", fi);
				k = cls ? class_ref(c, cls->file, cls->value_start, cls->value_end) : NO_INDEX;
				text = join(v, args[0][0], args[0][1]);
				if (k == NO_INDEX) {
					if (starts_with(call, "class_device_"))
						note(c, fi, &v[i], "%s(%s): no class is assigned to %s where this analysis can see it",
						     call, text, text);
					free(text);
					free(key);
					continue;
				}
				dev = add_device(c, k, fi, &v[i], xstrfmt("%s(%s)", call, text));
				free(text);
				d = &c->out->devices[dev];
				c->device_keys[dev] = key;
				bind(c, key, 0, dev);
				c->parents[dev].kind = 1;
				c->parents[dev].device_api = !starts_with(call, "class_device_");
				c->parents[dev].file = fi;
				c->parents[dev].func = fn;
				c->parents[dev].key = xstrdup(key);
				if (!name_from_writer(c, key, fi, d)) {
					text = join(v, args[0][0], args[0][1]);
					d->name = xstrdup("<name>");
					d->name_predicted = 0;
					device_note(d, "name: nothing writes the class_id of %s where this analysis can see it",
						    text);
					free(text);
				}
			}
		}
	}
}

static void read_factory_calls(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open + 1; i < f->funcs[fn].body_close; i++) {
				size_t a, b;

				if (!is(&v[i - 1], "=") || !is_ident(&v[i]) || !is(&v[i + 1], "("))
					continue;
				for (size_t k = 0; k < c->nr_factories; k++) {
					char *key;

					if (!is(&v[i], c->factory_names[k]) || !strcmp(c->factory_names[k], f->funcs[fn].name))
						continue;
					lhs_of(v, f->funcs[fn].body_open, i - 1, &a, &b);
					key = a < b ? object_key(c, fi, fn, a, b, 0) : NULL;
					if (key)
						bind(c, key, 0, c->factory_devices[k]);
					free(key);
				}
			}
		}
	}
}

/* ------------------------------------------------------------- attributes */

struct attr_list {
	struct sysfs_attr *v;
	size_t nr, alloc;
};

static void attr_push(struct attr_list *l, const char *name, size_t len, const char *file, unsigned line)
{
	struct sysfs_attr *a;

	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	a = &l->v[l->nr++];
	a->name = xstrndup(name, len);
	a->file = xstrdup(file);
	a->line = line;
	a->clash = 0;
}

static int attr_names(struct ctx *c, size_t file, size_t fn, const struct report_token *in, size_t n,
		      struct attr_list *out, int depth);

/* The attribute names of the elements of array def's initializer in file. */
static int array_names(struct ctx *c, size_t file, const struct def *def, struct attr_list *out, int depth)
{
	struct afile *f = &c->files[file];
	const struct report_token *v = f->t.v;
	size_t s = def->init_open + 1;
	int ok = 1, d = 0;

	for (size_t i = def->init_open + 1; i <= def->init_close; i++) {
		if (i < def->init_close && (is(&v[i], "(") || is(&v[i], "{") || is(&v[i], "[")))
			d++;
		else if (i < def->init_close && (is(&v[i], ")") || is(&v[i], "}") || is(&v[i], "]")))
			d--;
		if (i == def->init_close || (!d && is(&v[i], ","))) {
			if (i > s && !is_null(v, s, i) && !(i == s + 2 && is(&v[s], "{") && is(&v[s + 1], "}")) &&
			    !(i == s + 1 && is(&v[s], "__ATTR_NULL")))
				ok &= attr_names(c, file, NO_INDEX, v + s, i - s, out, depth + 1);
			s = i + 1;
		}
	}
	return ok;
}

/* The attribute array `name` (file first, then any file), or NULL. */
static const struct def *attr_array(struct ctx *c, size_t file, const char *name, size_t *def_file)
{
	const struct def *def = find_def(&c->files[file], name);

	if (def && def->init_open) {
		*def_file = file;
		return def;
	}
	for (size_t i = 0; i < c->nr_files; i++) {
		def = find_def(&c->files[i], name);
		if (def && def->init_open && !def->is_static) {
			*def_file = i;
			return def;
		}
	}
	return NULL;
}

static const char *strip_prefix(const struct report_token *t, size_t *len)
{
	static const char *const prefixes[] = { "class_device_attr_", "dev_attr_", NULL };

	for (size_t i = 0; prefixes[i]; i++) {
		size_t pl = strlen(prefixes[i]);

		if (t->len > pl && !memcmp(t->text, prefixes[i], pl)) {
			*len = t->len - pl;
			return t->text + pl;
		}
	}
	return NULL;
}

/*
 * Append the names of the attributes the expression in[0, n) of file
 * (inside function fn, or NO_INDEX) denotes.  Returns 0 when it cannot be
 * followed.
 */
static int attr_names(struct ctx *c, size_t file, size_t fn, const struct report_token *in, size_t n,
		      struct attr_list *out, int depth)
{
	struct afile *f = &c->files[file];
	struct tokvec tv = { NULL, 0, 0 };
	const struct report_token *v;
	size_t a = 0, b, len, def_file;
	const char *name;
	const struct def *def;
	int ok = 0;

	if (depth > MAX_DEPTH || !n)
		return 0;
	expand(c, f, in, n, &tv, 0);
	v = tv.v;
	b = tv.nr;
	while (a < b && (is(&v[a], "&") || (is(&v[a], "(") && match(v, b, a) == b - 1))) {
		if (is(&v[a], "("))
			b--;
		a++;
	}
	if (b >= a + 3 && is(&v[b - 2], ".") && is(&v[b - 1], "attr"))
		b -= 2;
	if (a >= b)
		goto out;
	if (b == a + 1 && (name = strip_prefix(&v[a], &len))) {
		attr_push(out, name, len, f->path, v[a].line);
		ok = 1;
	} else if ((is(&v[a], "__ATTR") || is(&v[a], "__ATTR_RO")) && b > a + 2 && is(&v[a + 1], "(") &&
		   is_ident(&v[a + 2])) {
		attr_push(out, v[a + 2].text, v[a + 2].len, f->path, v[a].line);
		ok = 1;
	} else if (is_ident(&v[a]) && (b == a + 1 || (is(&v[a + 1], "[") && match(v, b, a + 1) == b - 1))) {
		char *id = tok_str(&v[a]);

		def = attr_array(c, file, id, &def_file);
		if (def) {
			ok = array_names(c, def_file, def, out, depth);
		} else if (fn != NO_INDEX) {
			/* a pointer walking an array: `p = array;` in the function */
			const struct func *fu = &f->funcs[fn];

			for (size_t i = fu->body_open; i + 3 < fu->body_close; i++)
				if (is(&f->t.v[i], id) && is(&f->t.v[i + 1], "=") && is_ident(&f->t.v[i + 2]) &&
				    (is(&f->t.v[i + 3], ";") || is(&f->t.v[i + 3], ","))) {
					char *arr = tok_str(&f->t.v[i + 2]);

					def = attr_array(c, file, arr, &def_file);
					free(arr);
					if (def) {
						ok = array_names(c, def_file, def, out, depth);
						break;
					}
				}
		}
		free(id);
	} else if (is(&v[a], "*") && b == a + 2 && is_ident(&v[a + 1]) && fn != NO_INDEX) {
		ok = attr_names(c, file, fn, v + a + 1, 1, out, depth + 1);
	} else {
		/* x->field[i]: the arrays some initializer gives `field` */
		struct chain ch;

		if (parse_chain(v, a, b, &ch) && ch.nr) {
			const struct report_token *field = &v[ch.members[ch.nr - 1]];

			for (size_t i = 0; i < c->nr_inits; i++) {
				const struct field_init *in2 = &c->inits[i];
				const struct report_token *iv = c->files[in2->file].t.v;

				if (!is(field, in2->field) || in2->value_end != in2->value_start + 1 ||
				    !is_ident(&iv[in2->value_start]))
					continue;
				{
					char *arr = tok_str(&iv[in2->value_start]);

					def = find_def(&c->files[in2->file], arr);
					free(arr);
				}
				if (def && def->init_open)
					ok |= array_names(c, in2->file, def, out, depth);
			}
		}
	}
out:
	free(tv.v);
	return ok;
}

static void add_attrs(struct sysfs_attr **v, size_t *nr, size_t *alloc, const struct attr_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		ALLOC_GROW(*v, *nr + 1, *alloc);
		(*v)[*nr].name = xstrdup(l->v[i].name);
		(*v)[*nr].file = xstrdup(l->v[i].file);
		(*v)[*nr].line = l->v[i].line;
		(*v)[*nr].clash = 0;
		(*nr)++;
	}
}

static void attr_list_release(struct attr_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		free(l->v[i].name);
		free(l->v[i].file);
	}
	free(l->v);
	l->v = NULL;
	l->nr = l->alloc = 0;
}

/* Give the attributes to what key is bound to; 0 when it is bound to nothing. */
static int attach(struct ctx *c, const char *key, const struct attr_list *l)
{
	size_t from = 0;
	const struct binding *b;
	int any = 0;

	while ((b = find_binding(c, key, &from))) {
		if (b->is_class) {
			struct sysfs_class *k = &c->out->classes[b->index];

			add_attrs(&k->attrs, &k->nr_attrs, &k->alloc_attrs, l);
		} else {
			struct sysfs_device *d = &c->out->devices[b->index];

			add_attrs(&d->attrs, &d->nr_attrs, &d->alloc_attrs, l);
		}
		any = 1;
	}
	return any;
}

static void read_attributes(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct report_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
				int group = is(&v[i], "sysfs_create_group");
				size_t args[3][2], close, n, obj_end;
				struct attr_list l = { NULL, 0, 0 };
				struct chain ch;
				char *key = NULL, *text, *attr_text, *tag;
				int ok;

				if (!(group || is(&v[i], "class_device_create_file") || is(&v[i], "device_create_file")) ||
				    !is(&v[i + 1], "(") || is(&v[i - 1], ".") || is(&v[i - 1], "->"))
					continue;
				n = call_args(v, f->t.nr, i + 1, args, 3, &close);
				if (n != 2)
					continue;
				obj_end = args[0][1];
				if (group) {
					/* sysfs_create_group(&obj.kobj, &group) */
					if (!parse_chain(v, args[0][0], args[0][1], &ch) || !ch.nr ||
					    !is(&v[ch.members[ch.nr - 1]], "kobj"))
						continue;
					key = chain_key(c, fi, fn, &ch, ch.nr - 1, 0);
					obj_end = ch.members[ch.nr - 1] - 1;
					{
						size_t ga = args[1][0], gb = args[1][1], a2, b2, df;
						const struct def *gdef;
						char *gname;

						while (ga < gb && is(&v[ga], "&"))
							ga++;
						if (gb != ga + 1) {
							free(key);
							continue;
						}
						gname = tok_str(&v[ga]);
						gdef = global_def(c, fi, gname, &df);
						free(gname);
						ok = gdef && def_field(&c->files[df], gdef, "attrs", &a2, &b2) &&
						     attr_names(c, df, NO_INDEX, c->files[df].t.v + a2, b2 - a2, &l, 0);
					}
				} else {
					key = object_key(c, fi, fn, args[0][0], args[0][1], 0);
					ok = attr_names(c, fi, fn, v + args[1][0], args[1][1] - args[1][0], &l, 0);
				}
				text = join(v, args[0][0], obj_end);
				attr_text = join(v, args[1][0], args[1][1]);
				tag = object_tag(c, fi, fn, args[0][0], obj_end);
				if (ok ? attach(c, key, &l) : 0) {
					/* attached */
				} else if (tag && !strcmp(tag, "class_device")) {
					/* only a class device's attributes are ours to explain */
					if (!ok)
						note(c, fi, &v[i], "%.*s(%s, %s): the attribute %s is not one this analysis can follow",
						     (int)v[i].len, v[i].text, text, attr_text, attr_text);
					else
						note(c, fi, &v[i], "%.*s(%s, %s): %s is not a class device this analysis can tie to a class",
						     (int)v[i].len, v[i].text, text, attr_text, text);
				}
				free(tag);
				free(attr_text);
				free(text);
				free(key);
				attr_list_release(&l);
				i = close;
			}
		}
		/* cls->dev_attrs = array; (a class_create()d class, after step 10) */
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open + 1; i + 4 < f->funcs[fn].body_close; i++) {
				struct attr_list l = { NULL, 0, 0 };
				size_t k, e;

				if (!is_ident(&v[i]) || !is(&v[i + 1], "->") || !is(&v[i + 3], "=") ||
				    !(is(&v[i + 2], "dev_attrs") || is(&v[i + 2], "class_dev_attrs")) ||
				    is(&v[i - 1], ".") || is(&v[i - 1], "->"))
					continue;
				k = class_ref(c, fi, i, i + 1);
				for (e = i + 4; e < f->funcs[fn].body_close && !is(&v[e], ";"); e++)
					;
				if (k == NO_INDEX)
					continue;
				if (attr_names(c, fi, fn, v + i + 4, e - i - 4, &l, 0)) {
					struct sysfs_class *cl = &c->out->classes[k];

					add_attrs(&cl->attrs, &cl->nr_attrs, &cl->alloc_attrs, &l);
				} else {
					char *text = join(v, i + 4, e);

					note(c, fi, &v[i + 4], "class %s: its attributes %s are not ones this analysis can follow",
					     c->out->classes[k].name, text);
					free(text);
				}
				attr_list_release(&l);
			}
		}
		/* a static class's class_dev_attrs / dev_attrs */
		for (size_t d = 0; d < f->nr_defs; d++) {
			const struct def *def = &f->defs[d];
			struct attr_list l = { NULL, 0, 0 };
			size_t a, b, k = NO_INDEX;

			if (strcmp(def->type, "struct class") || def->pointers || !def->init_open)
				continue;
			for (size_t j = 0; j < c->out->nr_classes; j++)
				if (!strcmp(c->out->classes[j].var, def->name) &&
				    !strcmp(c->out->classes[j].file, f->path))
					k = j;
			if (k == NO_INDEX)
				continue;
			if (def_field(f, def, "class_dev_attrs", &a, &b) || def_field(f, def, "dev_attrs", &a, &b)) {
				if (attr_names(c, fi, NO_INDEX, v + a, b - a, &l, 0)) {
					struct sysfs_class *cl = &c->out->classes[k];

					add_attrs(&cl->attrs, &cl->nr_attrs, &cl->alloc_attrs, &l);
				} else {
					char *text = join(v, a, b);

					note(c, fi, &v[a], "class %s: its attributes %s are not ones this analysis can follow",
					     c->out->classes[k].name, text);
					free(text);
				}
			}
			attr_list_release(&l);
		}
	}
}

/* ---------------------------------------------------------------- parents */

static void resolve_parent(struct ctx *c, size_t dev)
{
	struct sysfs_device *d = &c->out->devices[dev];
	struct pending_parent *pp = &c->parents[dev];
	const struct report_token *v = c->files[pp->file].t.v;
	size_t from = 0;
	const struct binding *b;
	char *key, *text;

	if (pp->kind == 1) {
		const struct assign *cd = find_assign(c, pp->key, "parent", pp->file);
		const struct assign *pd = find_assign(c, pp->key, "dev", pp->file);

		if (cd && pp->device_api) {
			/* struct device's parent: a class device, or any other device */
			pp->file = cd->file;
			pp->func = cd->func;
			pp->dev_start = cd->value_start;
			pp->dev_end = cd->value_end;
		} else if (cd && !is_null(c->files[cd->file].t.v, cd->value_start, cd->value_end)) {
			pp->file = cd->file;
			pp->func = cd->func;
			pp->cd_start = cd->value_start;
			pp->cd_end = cd->value_end;
		} else if (pd) {
			pp->file = pd->file;
			pp->func = pd->func;
			pp->dev_start = pd->value_start;
			pp->dev_end = pd->value_end;
		} else if (starts_with(pp->key, "var:")) {
			d->parent_kind = SYSFS_PARENT_NONE;
			return;
		} else {
			d->parent_kind = SYSFS_PARENT_UNKNOWN;
			device_note(d, "parent: nothing assigns its .dev or .parent where this analysis can see it (a macro or a caller may, or it stays NULL)");
			return;
		}
		v = c->files[pp->file].t.v;
	}
	if (pp->cd_end > pp->cd_start && !is_null(v, pp->cd_start, pp->cd_end)) {
		key = object_key(c, pp->file, pp->func, pp->cd_start, pp->cd_end, 0);
		text = join(v, pp->cd_start, pp->cd_end);
		while ((b = find_binding(c, key, &from))) {
			if (!b->is_class && b->index != dev) {
				d->parent_kind = SYSFS_PARENT_CLASS_DEVICE;
				d->parent_device = b->index;
				break;
			}
			if (b->is_class && c->out->classes[b->index].nr_devices) {
				d->parent_kind = SYSFS_PARENT_CLASS_DEVICE;
				d->parent_device = c->out->classes[b->index].devices[0];
				if (c->out->classes[b->index].nr_devices > 1)
					device_note(d, "parent: %s is any %s device; the first kind is shown",
						    text, c->out->classes[b->index].name);
				break;
			}
		}
		if (d->parent_kind != SYSFS_PARENT_CLASS_DEVICE) {
			d->parent_kind = SYSFS_PARENT_UNKNOWN;
			device_note(d, "parent: the class device %s is not one this analysis found", text);
		}
		free(text);
		free(key);
		return;
	}
	if (pp->dev_end <= pp->dev_start || is_null(v, pp->dev_start, pp->dev_end)) {
		d->parent_kind = SYSFS_PARENT_NONE;
		return;
	}
	key = object_key(c, pp->file, pp->func, pp->dev_start, pp->dev_end, 0);
	while ((b = find_binding(c, key, &from))) {
		if (!b->is_class && b->index != dev) {
			d->parent_kind = SYSFS_PARENT_CLASS_DEVICE;
			d->parent_device = b->index;
			free(key);
			return;
		}
	}
	free(key);
	d->parent_kind = SYSFS_PARENT_DEVICE;
	d->parent = join(v, pp->dev_start, pp->dev_end);
}

/* -------------------------------------------------------------- finishing */

static int compare_attrs(const void *va, const void *vb)
{
	const struct sysfs_attr *a = va, *b = vb;
	int c = strcmp(a->name, b->name);

	return c ? c : strcmp(a->file, b->file);
}

static void sort_unique_attrs(struct sysfs_attr *v, size_t *nr)
{
	size_t out = 0;

	qsort(v, *nr, sizeof(*v), compare_attrs);
	for (size_t i = 0; i < *nr; i++) {
		if (out && !strcmp(v[out - 1].name, v[i].name)) {
			free(v[i].name);
			free(v[i].file);
			continue;
		}
		v[out++] = v[i];
	}
	*nr = out;
}

static int clashes(const char *name)
{
	for (size_t i = 0; sysfs_device_entries[i]; i++)
		if (!strcmp(sysfs_device_entries[i], name))
			return 1;
	return 0;
}

static void compute_paths(struct sysfs_report *r, size_t dev, int depth)
{
	struct sysfs_device *d = &r->devices[dev];
	const char *cls = r->classes[d->class_index].name;

	if (d->after)
		return;
	d->link = xstrfmt("/sys/class/%s/%s", cls, d->name);
	switch (d->parent_kind) {
	case SYSFS_PARENT_CLASS_DEVICE:
		if (depth < MAX_DEPTH && d->parent_device != dev) {
			struct sysfs_device *p = &r->devices[d->parent_device];

			compute_paths(r, d->parent_device, depth + 1);
			d->before = xstrfmt("%s%s/", p->before, d->name);
			d->after = xstrfmt("%s/%s", p->after, d->name);
			return;
		}
		d->before = xstrfmt("/sys/class/%s/%s/", cls, d->name);
		d->after = xstrfmt("/sys/devices/<parent>/%s", d->name);
		return;
	case SYSFS_PARENT_NONE:
		d->after = xstrfmt("/sys/devices/virtual/%s/%s", cls, d->name);
		break;
	case SYSFS_PARENT_DEVICE:
		if (!strcmp(d->parent, "&platform_bus"))
			d->after = xstrfmt("/sys/devices/platform/%s", d->name);
		else
			d->after = xstrfmt("/sys/devices/<path of %s>/%s",
					   d->parent + (d->parent[0] == '&'), d->name);
		break;
	case SYSFS_PARENT_UNKNOWN:
		d->after = xstrfmt("/sys/devices/<unknown parent>/%s", d->name);
		break;
	}
	d->before = xstrfmt("/sys/class/%s/%s/", cls, d->name);
}

static int compare_classes(const void *va, const void *vb)
{
	const struct sysfs_class *a = va, *b = vb;
	int c = strcmp(a->name, b->name);

	return c ? c : strcmp(a->file, b->file);
}

static const struct sysfs_report *sort_report;

static int compare_device_index(const void *va, const void *vb)
{
	const struct sysfs_device *a = &sort_report->devices[*(const size_t *)va];
	const struct sysfs_device *b = &sort_report->devices[*(const size_t *)vb];
	int c;

	if (a->class_index != b->class_index)
		return a->class_index < b->class_index ? -1 : 1;
	if ((c = strcmp(a->file, b->file)))
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->column < b->column ? -1 : a->column > b->column;
}

/* Sort classes by name and devices by class, file, line; remap every index. */
static void sort_everything(struct sysfs_report *r)
{
	size_t *class_new = xcalloc(r->nr_classes + 1, sizeof(size_t));
	size_t *dev_order = xcalloc(r->nr_devices + 1, sizeof(size_t));
	size_t *dev_new = xcalloc(r->nr_devices + 1, sizeof(size_t));
	struct sysfs_class *classes = xcalloc(r->nr_classes + 1, sizeof(*classes));
	struct sysfs_device *devices = xcalloc(r->nr_devices + 1, sizeof(*devices));

	memcpy(classes, r->classes, r->nr_classes * sizeof(*classes));
	qsort(classes, r->nr_classes, sizeof(*classes), compare_classes);
	for (size_t i = 0; i < r->nr_classes; i++)
		for (size_t j = 0; j < r->nr_classes; j++)
			if (!memcmp(&classes[i], &r->classes[j], sizeof(*classes)))
				class_new[j] = i;
	for (size_t i = 0; i < r->nr_devices; i++)
		r->devices[i].class_index = class_new[r->devices[i].class_index];
	memcpy(r->classes, classes, r->nr_classes * sizeof(*classes));

	for (size_t i = 0; i < r->nr_devices; i++)
		dev_order[i] = i;
	sort_report = r;
	qsort(dev_order, r->nr_devices, sizeof(size_t), compare_device_index);
	for (size_t i = 0; i < r->nr_devices; i++) {
		devices[i] = r->devices[dev_order[i]];
		dev_new[dev_order[i]] = i;
	}
	for (size_t i = 0; i < r->nr_devices; i++)
		if (devices[i].parent_kind == SYSFS_PARENT_CLASS_DEVICE)
			devices[i].parent_device = dev_new[devices[i].parent_device];
	memcpy(r->devices, devices, r->nr_devices * sizeof(*devices));
	for (size_t k = 0; k < r->nr_classes; k++) {
		r->classes[k].nr_devices = 0;
		free(r->classes[k].devices);
		r->classes[k].devices = NULL;
	}
	for (size_t i = 0; i < r->nr_devices; i++) {
		struct sysfs_class *k = &r->classes[r->devices[i].class_index];

		k->devices = xrealloc(k->devices, (k->nr_devices + 1) * sizeof(size_t));
		k->devices[k->nr_devices++] = i;
	}
	free(class_new);
	free(dev_order);
	free(dev_new);
	free(classes);
	free(devices);
}

/* Name and parent known, and so for every class-device parent above. */
static int fully_predicted(const struct sysfs_report *r, size_t dev, int depth)
{
	const struct sysfs_device *d = &r->devices[dev];

	if (!d->name_predicted || d->parent_kind == SYSFS_PARENT_UNKNOWN || depth > MAX_DEPTH)
		return 0;
	if (d->parent_kind == SYSFS_PARENT_CLASS_DEVICE)
		return d->parent_device != dev && fully_predicted(r, d->parent_device, depth + 1);
	return 1;
}

static void finish(struct ctx *c)
{
	struct sysfs_report *r = c->out;

	/* class->devices first: nested parents through an interface need them */
	for (size_t i = 0; i < r->nr_devices; i++) {
		struct sysfs_class *k = &r->classes[r->devices[i].class_index];

		k->devices = xrealloc(k->devices, (k->nr_devices + 1) * sizeof(size_t));
		k->devices[k->nr_devices++] = i;
	}
	for (size_t i = 0; i < r->nr_devices; i++)
		resolve_parent(c, i);
	for (size_t i = 0; i < r->nr_devices; i++) {
		struct sysfs_device *d = &r->devices[i];
		const struct sysfs_class *k = &r->classes[d->class_index];

		for (size_t a = 0; a < k->nr_attrs; a++) {
			ALLOC_GROW(d->attrs, d->nr_attrs + 1, d->alloc_attrs);
			d->attrs[d->nr_attrs].name = xstrdup(k->attrs[a].name);
			d->attrs[d->nr_attrs].file = xstrdup(k->attrs[a].file);
			d->attrs[d->nr_attrs].line = k->attrs[a].line;
			d->attrs[d->nr_attrs].clash = 0;
			d->nr_attrs++;
		}
		sort_unique_attrs(d->attrs, &d->nr_attrs);
		for (size_t a = 0; a < d->nr_attrs; a++) {
			d->attrs[a].clash = clashes(d->attrs[a].name);
			r->clashes += d->attrs[a].clash;
		}
	}
	for (size_t k = 0; k < r->nr_classes; k++) {
		sort_unique_attrs(r->classes[k].attrs, &r->classes[k].nr_attrs);
		for (size_t a = 0; a < r->classes[k].nr_attrs; a++)
			r->classes[k].attrs[a].clash = clashes(r->classes[k].attrs[a].name);
	}
	sort_everything(r);
	for (size_t i = 0; i < r->nr_devices; i++)
		compute_paths(r, i, 0);
	for (size_t i = 0; i < r->nr_devices; i++)
		r->predicted += fully_predicted(r, i, 0);
	strvec_sort(&r->notes);
}

static void afile_release(struct afile *f)
{
	free(f->path);
	strbuf_release(&f->text);
	report_tokens_release(&f->t);
	for (size_t i = 0; i < f->nr_funcs; i++)
		free(f->funcs[i].name);
	free(f->funcs);
	for (size_t i = 0; i < f->nr_macros; i++) {
		free(f->macros[i].name);
		strvec_clear(&f->macros[i].params);
	}
	free(f->macros);
	for (size_t i = 0; i < f->nr_defs; i++) {
		free(f->defs[i].name);
		free(f->defs[i].type);
	}
	free(f->defs);
}

void sysfs_analyze(const char *tree, const char *kernel, const struct strvec *files, int jobs,
		   struct sysfs_report *out)
{
	struct strvec cands = STRVEC_INIT;
	unsigned version = kernel_version_code(kernel ? kernel : tree);
	struct ctx c;

	memset(&c, 0, sizeof(c));
	c.tree = tree;
	c.out = out;
	prefilter_files(tree, files, sysfs_tokens, jobs, &cands, NULL, NULL);
	c.files = xcalloc(cands.nr + 1, sizeof(*c.files));
	for (size_t i = 0; i < cands.nr; i++) {
		struct afile *f = &c.files[c.nr_files];
		char *abs = path_join(tree, cands.v[i]);

		f->text = (struct strbuf)STRBUF_INIT;
		if (strbuf_read_file(&f->text, abs) < 0) {
			warning("%s: cannot read it: %s; its sysfs entries are not predicted", cands.v[i],
				strerror(errno));
			strbuf_release(&f->text);
			free(abs);
			continue;
		}
		free(abs);
		f->path = xstrdup(cands.v[i]);
		f->core = plan_is_driver_core(f->path);
		report_tokenize_cond(f->text.buf, f->text.len, &f->t, report_version_condition, &version);
		read_file(&c, f);
		c.nr_files++;
	}
	strvec_clear(&cands);

	read_classes(&c);
	read_assignments(&c);
	read_field_inits(&c);
	read_interfaces(&c);
	read_created_devices(&c);
	read_registered_devices(&c);
	read_factory_calls(&c);
	read_attributes(&c);
	finish(&c);

	for (size_t i = 0; i < c.nr_files; i++)
		afile_release(&c.files[i]);
	free(c.files);
	for (size_t i = 0; i < c.nr_members; i++) {
		free(c.members[i].owner);
		free(c.members[i].name);
		free(c.members[i].tag);
	}
	free(c.members);
	for (size_t i = 0; i < c.nr_bindings; i++)
		free(c.bindings[i].key);
	free(c.bindings);
	for (size_t i = 0; i < c.nr_assigns; i++)
		free(c.assigns[i].key);
	free(c.assigns);
	for (size_t i = 0; i < c.nr_inits; i++)
		free(c.inits[i].field);
	free(c.inits);
	for (size_t i = 0; i < out->nr_devices; i++) {
		free(c.parents[i].key);
		free(c.device_keys[i]);
	}
	free(c.parents);
	free(c.device_keys);
	for (size_t i = 0; i < c.nr_factories; i++)
		free(c.factory_names[i]);
	free(c.factory_names);
	free(c.factory_devices);
	strvec_clear(&c.arena);
}

static void attrs_release(struct sysfs_attr *v, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(v[i].name);
		free(v[i].file);
	}
	free(v);
}

void sysfs_report_release(struct sysfs_report *r)
{
	for (size_t i = 0; i < r->nr_classes; i++) {
		struct sysfs_class *k = &r->classes[i];

		free(k->name);
		free(k->var);
		free(k->file);
		attrs_release(k->attrs, k->nr_attrs);
		free(k->devices);
	}
	free(r->classes);
	for (size_t i = 0; i < r->nr_devices; i++) {
		struct sysfs_device *d = &r->devices[i];

		free(d->file);
		free(d->how);
		free(d->name);
		free(d->parent);
		attrs_release(d->attrs, d->nr_attrs);
		free(d->before);
		free(d->after);
		free(d->link);
		strvec_clear(&d->notes);
	}
	free(r->devices);
	strvec_clear(&r->notes);
	memset(r, 0, sizeof(*r));
}

/* ----------------------------------------------------------------- output */

/* "a b c (file), d e (other)": provenance only where it is not the device's file. */
static void attrs_text(struct strbuf *sb, const struct sysfs_attr *v, size_t nr, const char *home)
{
	struct strvec files = STRVEC_INIT;

	for (size_t i = 0; i < nr; i++) {
		int seen = 0;

		for (size_t j = 0; j < files.nr; j++)
			seen |= !strcmp(files.v[j], v[i].file);
		if (!seen)
			strvec_push(&files, v[i].file);
	}
	/* the device's own file first, then the others in name order */
	strvec_sort(&files);
	for (size_t pass = 0; pass < 2; pass++) {
		for (size_t j = 0; j < files.nr; j++) {
			int first = 1;

			if ((pass == 0) != !strcmp(files.v[j], home))
				continue;
			if (sb->len && sb->buf[sb->len - 1] != ' ')
				strbuf_addstr(sb, files.nr > 1 ? ", " : " ");
			for (size_t i = 0; i < nr; i++) {
				if (strcmp(v[i].file, files.v[j]))
					continue;
				strbuf_addf(sb, "%s%s", first ? "" : " ", v[i].name);
				first = 0;
			}
			if (files.nr > 1 || strcmp(files.v[j], home))
				strbuf_addf(sb, " (%s)", files.v[j]);
		}
	}
	strvec_clear(&files);
}

void sysfs_print_text(FILE *out, const struct sysfs_report *r)
{
	struct strbuf sb = STRBUF_INIT;

	fprintf(out, "sysfs: %zu class%s, %zu device kind%s (%zu predicted in full), %zu clashing attribute%s\n",
		r->nr_classes, r->nr_classes == 1 ? "" : "es", r->nr_devices, r->nr_devices == 1 ? "" : "s",
		r->predicted, r->clashes, r->clashes == 1 ? "" : "s");
	for (size_t k = 0; k < r->nr_classes; k++) {
		const struct sysfs_class *cl = &r->classes[k];

		if (!strcmp(cl->how, "static struct class"))
			fprintf(out, "%s:%u:%u: class %s: static struct class %s\n", cl->file, cl->line,
				cl->column, cl->name, cl->var);
		else
			fprintf(out, "%s:%u:%u: class %s: %s = class_create()\n", cl->file, cl->line, cl->column,
				cl->name, cl->var);
		if (!cl->nr_devices)
			fprintf(out, "    no device of this class was found\n");
		for (size_t i = 0; i < cl->nr_devices; i++) {
			const struct sysfs_device *d = &r->devices[cl->devices[i]];

			fprintf(out, "%s:%u:%u: device %s/%s: %s\n", d->file, d->line, d->column, cl->name,
				d->name, d->how);
			fprintf(out, "    before: %s (directory)\n", d->before);
			fprintf(out, "    after:  %s -> %s (symlink)\n", d->link, d->after);
			strbuf_reset(&sb);
			if (d->nr_attrs)
				attrs_text(&sb, d->attrs, d->nr_attrs, d->file);
			else
				strbuf_addstr(&sb, "none");
			fprintf(out, "    attributes: %s\n", sb.buf);
			for (size_t a = 0; a < d->nr_attrs; a++)
				if (d->attrs[a].clash)
					fprintf(out, "    clash: %s: every device has a %s entry already: rename the attribute\n",
						d->attrs[a].name, d->attrs[a].name);
			for (size_t n = 0; n < d->notes.nr; n++)
				fprintf(out, "    not predicted: %s\n", d->notes.v[n]);
		}
	}
	for (size_t n = 0; n < r->notes.nr; n++)
		fprintf(out, "%s\n", r->notes.v[n]);
	strbuf_release(&sb);
}

static const char *parent_kind_name(enum sysfs_parent p)
{
	switch (p) {
	case SYSFS_PARENT_NONE:
		return "none";
	case SYSFS_PARENT_DEVICE:
		return "device";
	case SYSFS_PARENT_CLASS_DEVICE:
		return "class-device";
	case SYSFS_PARENT_UNKNOWN:
		break;
	}
	return "unknown";
}

static json_t *attrs_json(const struct sysfs_attr *v, size_t nr)
{
	json_t *a = json_array();

	for (size_t i = 0; i < nr; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "name", json_string(v[i].name));
		json_object_set_new(o, "file", json_string(v[i].file));
		json_object_set_new(o, "line", json_integer(v[i].line));
		json_object_set_new(o, "clash", json_boolean(v[i].clash));
		json_array_append_new(a, o);
	}
	return a;
}

json_t *sysfs_json(const struct sysfs_report *r)
{
	json_t *o = json_object(), *classes = json_array(), *notes = json_array();

	for (size_t k = 0; k < r->nr_classes; k++) {
		const struct sysfs_class *cl = &r->classes[k];
		json_t *jc = json_object(), *devs = json_array();

		json_object_set_new(jc, "name", json_string(cl->name));
		json_object_set_new(jc, "variable", json_string(cl->var));
		json_object_set_new(jc, "file", json_string(cl->file));
		json_object_set_new(jc, "line", json_integer(cl->line));
		json_object_set_new(jc, "column", json_integer(cl->column));
		json_object_set_new(jc, "how", json_string(cl->how));
		for (size_t i = 0; i < cl->nr_devices; i++) {
			const struct sysfs_device *d = &r->devices[cl->devices[i]];
			json_t *jd = json_object(), *parent = json_object(), *jn = json_array();

			json_object_set_new(jd, "file", json_string(d->file));
			json_object_set_new(jd, "line", json_integer(d->line));
			json_object_set_new(jd, "column", json_integer(d->column));
			json_object_set_new(jd, "how", json_string(d->how));
			json_object_set_new(jd, "name", json_string(d->name));
			json_object_set_new(jd, "name_predicted", json_boolean(d->name_predicted));
			json_object_set_new(parent, "kind", json_string(parent_kind_name(d->parent_kind)));
			if (d->parent_kind == SYSFS_PARENT_DEVICE)
				json_object_set_new(parent, "expression", json_string(d->parent));
			if (d->parent_kind == SYSFS_PARENT_CLASS_DEVICE) {
				const struct sysfs_device *p = &r->devices[d->parent_device];
				char *name = xstrfmt("%s/%s", r->classes[p->class_index].name, p->name);

				json_object_set_new(parent, "device", json_string(name));
				free(name);
			}
			json_object_set_new(jd, "parent", parent);
			json_object_set_new(jd, "before", json_string(d->before));
			json_object_set_new(jd, "after", json_string(d->after));
			json_object_set_new(jd, "link", json_string(d->link));
			json_object_set_new(jd, "attributes", attrs_json(d->attrs, d->nr_attrs));
			for (size_t n = 0; n < d->notes.nr; n++)
				json_array_append_new(jn, json_string(d->notes.v[n]));
			json_object_set_new(jd, "not_predicted", jn);
			json_array_append_new(devs, jd);
		}
		json_object_set_new(jc, "devices", devs);
		json_array_append_new(classes, jc);
	}
	for (size_t n = 0; n < r->notes.nr; n++)
		json_array_append_new(notes, json_string(r->notes.v[n]));
	json_object_set_new(o, "classes", json_integer((json_int_t)r->nr_classes));
	json_object_set_new(o, "device_kinds", json_integer((json_int_t)r->nr_devices));
	json_object_set_new(o, "predicted", json_integer((json_int_t)r->predicted));
	json_object_set_new(o, "clashes", json_integer((json_int_t)r->clashes));
	json_object_set_new(o, "class_list", classes);
	json_object_set_new(o, "notes", notes);
	return o;
}
