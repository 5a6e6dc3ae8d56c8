#include "report/sysfs-read.h"
#include "report/sysfs.h"

#include <stdlib.h>
#include <string.h>

static void tokvec_push(struct tokvec *tv, const struct lex_token *t)
{
	ALLOC_GROW(tv->v, tv->nr + 1, tv->alloc);
	tv->v[tv->nr++] = *t;
}

int sysfs_read_is(const struct lex_token *t, const char *s)
{
	return lex_token_is(t, s);
}

int sysfs_read_is_ident(const struct lex_token *t)
{
	return t->kind == TOKEN_IDENT;
}

int sysfs_read_same_token(const struct lex_token *a, const struct lex_token *b)
{
	return a->len == b->len && !memcmp(a->text, b->text, a->len);
}

char *sysfs_read_tok_str(const struct lex_token *t)
{
	return xstrndup(t->text, t->len);
}

/* The tokens joined as code is written: "&new_bd->class_dev", "MKDEV(0, 0)". */
char *sysfs_read_join(const struct lex_token *v, size_t a, size_t b)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = a; i < b; i++) {
		if (i > a) {
			const struct lex_token *p = &v[i - 1], *t = &v[i];
			int word = (sysfs_read_is_ident(p) || p->kind == TOKEN_NUMBER) &&
				   (sysfs_read_is_ident(t) || t->kind == TOKEN_NUMBER);

			if (word || sysfs_read_is(p, ",") || (p->kind == TOKEN_STRING && t->kind == TOKEN_STRING) ||
			    sysfs_read_is(t, "|") || sysfs_read_is(p, "|") || sysfs_read_is(t, "?") || sysfs_read_is(p, "?") || sysfs_read_is(t, ":") || sysfs_read_is(p, ":"))
				strbuf_addch(&sb, ' ');
		}
		strbuf_add(&sb, v[i].text, v[i].len);
	}
	return strbuf_detach(&sb, NULL);
}

size_t sysfs_read_match(const struct lex_token *v, size_t nr, size_t open)
{
	return lex_tokens_match(v, nr, open);
}

/* Split the arguments of the call whose '(' is v[open]: ranges [a, b). */
size_t sysfs_read_call_args(const struct lex_token *v, size_t nr, size_t open,
			    size_t (*args)[2], size_t max, size_t *close_out)
{
	size_t close = sysfs_read_match(v, nr, open), n = 0, start = open + 1;
	int depth = 0;

	*close_out = close;
	if (close >= nr)
		return 0;
	if (close == open + 1)
		return 0;
	for (size_t i = open + 1; i <= close; i++) {
		if (sysfs_read_is(&v[i], "(") || sysfs_read_is(&v[i], "[") || sysfs_read_is(&v[i], "{"))
			depth++;
		else if (i < close && (sysfs_read_is(&v[i], ")") || sysfs_read_is(&v[i], "]") || sysfs_read_is(&v[i], "}")))
			depth--;
		if ((i == close || (depth == 0 && sysfs_read_is(&v[i], ","))) && n < max) {
			args[n][0] = start;
			args[n][1] = i;
			n++;
			start = i + 1;
		}
	}
	return n;
}

int sysfs_read_is_null(const struct lex_token *v, size_t a, size_t b)
{
	while (a < b && sysfs_read_is(&v[a], "(") && sysfs_read_match(v, b, a) == b - 1) {
		a++;
		b--;
	}
	return b == a + 1 && (sysfs_read_is(&v[a], "NULL") || sysfs_read_is(&v[a], "0"));
}

/* ---------------------------------------------------------------- reading */

static int storage_word(const struct lex_token *t)
{
	static const char *const words[] = {
		"static", "extern", "const", "volatile", "register", "inline", "__inline__",
		"__init", "__initdata", "__devinit", "__devinitdata", "__exit", "__devexit",
		"__read_mostly", NULL,
	};

	for (size_t i = 0; words[i]; i++)
		if (sysfs_read_is(t, words[i]))
			return 1;
	return 0;
}

static void add_member(struct ctx *c, const char *owner, const struct lex_token *name,
		       const struct lex_token *tag)
{
	struct member *m;

	ALLOC_GROW(c->members, c->nr_members + 1, c->alloc_members);
	m = &c->members[c->nr_members++];
	m->owner = xstrdup(owner);
	m->name = sysfs_read_tok_str(name);
	m->tag = sysfs_read_tok_str(tag);
}

/* The members of `struct tag { ... }` whose type is a struct. */
static void read_struct(struct ctx *c, struct afile *f, size_t tag_tok, size_t open, size_t close)
{
	const struct lex_token *v = f->t.v;
	char *owner = sysfs_read_tok_str(&v[tag_tok]);
	size_t s = open + 1;

	for (size_t i = open + 1; i <= close; i++) {
		if (sysfs_read_is(&v[i], "{")) {
			i = sysfs_read_match(v, f->t.nr, i);
			continue;
		}
		if (!sysfs_read_is(&v[i], ";") && i != close)
			continue;
		while (s < i && storage_word(&v[s]))
			s++;
		if (s + 2 < i && sysfs_read_is(&v[s], "struct") && sysfs_read_is_ident(&v[s + 1]) && !sysfs_read_is(&v[s + 2], "{")) {
			size_t tag = s + 1;

			for (size_t j = s + 2; j < i; j++)
				if (sysfs_read_is_ident(&v[j]) && (j + 1 == i || sysfs_read_is(&v[j + 1], ",") || sysfs_read_is(&v[j + 1], "[") ||
							sysfs_read_is(&v[j + 1], ":")))
					add_member(c, owner, &v[j], &v[tag]);
		}
		s = i + 1;
	}
	free(owner);
}

static void read_macro(struct afile *f, size_t hash)
{
	const struct lex_token *v = f->t.v;
	size_t nr = f->t.nr, i = hash + 2, end;
	struct macro *m;

	if (hash + 2 >= nr || !sysfs_read_is(&v[hash + 1], "define") || !sysfs_read_is_ident(&v[hash + 2]) ||
	    !v[hash + 2].directive || v[hash + 2].directive_start)
		return;
	for (end = hash + 1; end < nr && v[end].directive && !v[end].directive_start; end++)
		;
	ALLOC_GROW(f->macros, f->nr_macros + 1, f->alloc_macros);
	m = &f->macros[f->nr_macros++];
	memset(m, 0, sizeof(*m));
	m->name = sysfs_read_tok_str(&v[i]);
	i++;
	if (i < end && sysfs_read_is(&v[i], "(") && v[i].offset == v[i - 1].offset + v[i - 1].len) {
		m->function_like = 1;
		for (i++; i < end && !sysfs_read_is(&v[i], ")"); i++)
			if (sysfs_read_is(&v[i], "...")) {
				strvec_push(&m->params, "__VA_ARGS__");
			} else if (sysfs_read_is_ident(&v[i])) {
				char *p = sysfs_read_tok_str(&v[i]);

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
	const struct lex_token *v = f->t.v;
	size_t stop = init_open ? init_open - 1 : e, name = NO_INDEX;
	struct def *d;
	struct strbuf type = STRBUF_INIT;
	int is_static = 0, pointers = 0, array = 0;

	if (s >= stop)
		return;
	for (size_t i = s; i < stop; i++)
		if (sysfs_read_is(&v[i], "("))
			return;		/* a prototype or a macro invocation */
	for (size_t i = stop; i > s; i--) {
		if (sysfs_read_is(&v[i - 1], "]")) {
			array = 1;
			while (i > s && !sysfs_read_is(&v[i - 1], "["))
				i--;
			continue;
		}
		if (sysfs_read_is_ident(&v[i - 1])) {
			name = i - 1;
			break;
		}
	}
	if (name == NO_INDEX || name == s)
		return;
	for (size_t i = s; i < name; i++) {
		if (sysfs_read_is(&v[i], "static"))
			is_static = 1;
		if (sysfs_read_is(&v[i], "*")) {
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
	d->name = sysfs_read_tok_str(&v[name]);
	d->name_tok = name;
	d->init_open = init_open;
	d->init_close = init_close;
	d->type = strbuf_detach(&type, NULL);
	d->is_static = is_static;
	d->pointers = pointers;
	d->array = array;
}

/* Functions, file-scope declarations, struct members and macros of a file. */
void sysfs_read_file(struct ctx *c, struct afile *f)
{
	const struct lex_token *v = f->t.v;
	size_t nr = f->t.nr, s = 0, init_open = 0, init_close = 0;

	for (size_t i = 0; i < nr; i++)
		if (v[i].directive_start)
			read_macro(f, i);
	for (size_t i = 0; i < nr; i++) {
		if (v[i].directive) {
			s = i + 1;
			continue;
		}
		if (sysfs_read_is(&v[i], "struct") && i + 2 < nr && sysfs_read_is_ident(&v[i + 1]) && sysfs_read_is(&v[i + 2], "{")) {
			size_t close = sysfs_read_match(v, nr, i + 2);

			if (close < nr)
				read_struct(c, f, i + 1, i + 2, close);
		}
		if (sysfs_read_is(&v[i], ";")) {
			finish_def(f, s, i, init_open, init_close);
			s = i + 1;
			init_open = init_close = 0;
		} else if (sysfs_read_is(&v[i], "{")) {
			size_t close = sysfs_read_match(v, nr, i);

			if (close >= nr)
				break;
			if (i > 0 && sysfs_read_is(&v[i - 1], "=")) {
				init_open = i;
				init_close = close;
			} else if (i > 0 && sysfs_read_is(&v[i - 1], ")")) {
				size_t open = i - 1;
				int depth = 0;

				for (; open > s; open--) {
					if (sysfs_read_is(&v[open], ")"))
						depth++;
					else if (sysfs_read_is(&v[open], "(") && !--depth)
						break;
				}
				if (open > s && sysfs_read_is_ident(&v[open - 1])) {
					struct func *fn;

					ALLOC_GROW(f->funcs, f->nr_funcs + 1, f->alloc_funcs);
					fn = &f->funcs[f->nr_funcs++];
					fn->name = sysfs_read_tok_str(&v[open - 1]);
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

static struct macro *find_macro(struct afile *f, const struct lex_token *t)
{
	for (size_t i = 0; i < f->nr_macros; i++)
		if (sysfs_read_is_ident(t) && strlen(f->macros[i].name) == t->len &&
		    !memcmp(f->macros[i].name, t->text, t->len))
			return &f->macros[i];
	return NULL;
}

struct def *sysfs_read_find_def(struct afile *f, const char *name)
{
	for (size_t i = 0; i < f->nr_defs; i++)
		if (!strcmp(f->defs[i].name, name))
			return &f->defs[i];
	return NULL;
}

struct func *sysfs_read_find_func(struct afile *f, const char *name)
{
	for (size_t i = 0; i < f->nr_funcs; i++)
		if (!strcmp(f->funcs[i].name, name))
			return &f->funcs[i];
	return NULL;
}

/* -------------------------------------------------------------- expansion */

void sysfs_read_expand(struct ctx *c, struct afile *f, const struct lex_token *in, size_t n,
		       struct tokvec *out, int depth);

static void paste(struct ctx *c, struct tokvec *tv)
{
	struct tokvec res = { NULL, 0, 0 };

	for (size_t i = 0; i < tv->nr; i++) {
		if (sysfs_read_is(&tv->v[i], "##") && res.nr && i + 1 < tv->nr) {
			struct lex_token *left = &res.v[res.nr - 1];
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
			 const struct lex_token *in, size_t n, size_t *i,
			 struct tokvec *out, int depth)
{
	const struct lex_token *body = f->t.v;
	struct tokvec sub = { NULL, 0, 0 };

	if (m->function_like) {
		size_t args[16][2], close, nargs;

		nargs = sysfs_read_call_args(in, n, *i + 1, args, 16, &close);
		if (close >= n) {
			tokvec_push(out, &in[*i]);
			return;
		}
		for (size_t b = m->body_start; b < m->body_end; b++) {
			size_t p;

			for (p = 0; p < m->params.nr; p++)
				if (sysfs_read_is(&body[b], m->params.v[p]))
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
	sysfs_read_expand(c, f, sub.v, sub.nr, out, depth + 1);
	free(sub.v);
}

/* Expand the file's macros in in[0, n) (## pasted; # stringizing not done). */
void sysfs_read_expand(struct ctx *c, struct afile *f, const struct lex_token *in, size_t n,
		       struct tokvec *out, int depth)
{
	for (size_t i = 0; i < n; i++) {
		struct macro *m = depth < MAX_DEPTH ? find_macro(f, &in[i]) : NULL;

		if (m && m->function_like && !(i + 1 < n && sysfs_read_is(&in[i + 1], "(")))
			m = NULL;
		if (m)
			expand_macro(c, f, m, in, n, &i, out, depth);
		else
			tokvec_push(out, &in[i]);
	}
}

/* ------------------------------------------------------------------- keys */

/* Parse [&](a)[i].b->c[j] ... in v[a, b). */
int sysfs_read_parse_chain(const struct lex_token *v, size_t a, size_t b, struct chain *ch)
{
	size_t i;

	memset(ch, 0, sizeof(*ch));
	for (;;) {
		if (a < b && sysfs_read_is(&v[a], "&"))
			a++;
		else if (a < b && sysfs_read_is(&v[a], "(") && sysfs_read_match(v, b, a) == b - 1)
			a++, b--;
		else
			break;
	}
	if (a >= b || !sysfs_read_is_ident(&v[a]))
		return 0;
	ch->base = a;
	i = a + 1;
	if (i < b && sysfs_read_is(&v[i], "["))
		i = sysfs_read_match(v, b, i) + 1;
	while (i < b) {
		if (i + 1 < b && (sysfs_read_is(&v[i], ".") || sysfs_read_is(&v[i], "->")) && sysfs_read_is_ident(&v[i + 1]) && ch->nr < 16) {
			ch->members[ch->nr++] = i + 1;
			i += 2;
			if (i < b && sysfs_read_is(&v[i], "["))
				i = sysfs_read_match(v, b, i) + 1;
		} else {
			return 0;
		}
	}
	ch->ok = i == b;
	return ch->ok;
}

static const char *member_tag(struct ctx *c, const char *owner, const struct lex_token *name)
{
	for (size_t i = 0; i < c->nr_members; i++)
		if (!strcmp(c->members[i].owner, owner) && sysfs_read_is(name, c->members[i].name))
			return c->members[i].tag;
	return NULL;
}

/*
 * The declaration of `name` visible at token `at` of function fn: returns
 * the index of the declared name and sets *tag to its struct tag (or NULL
 * when its type is no struct).
 */
static size_t local_decl(struct afile *f, size_t fn, const struct lex_token *name, size_t at,
			 char **tag)
{
	const struct lex_token *v = f->t.v;

	*tag = NULL;
	if (fn == NO_INDEX)
		return NO_INDEX;
	for (size_t j = at; j > f->funcs[fn].params_open; j--) {
		size_t k = j - 1, t;

		if (!sysfs_read_is_ident(&v[k]) || v[k].len != name->len || memcmp(v[k].text, name->text, name->len))
			continue;
		if (k + 1 >= f->t.nr || !(sysfs_read_is(&v[k + 1], ";") || sysfs_read_is(&v[k + 1], ",") || sysfs_read_is(&v[k + 1], ")") ||
					   sysfs_read_is(&v[k + 1], "=") || sysfs_read_is(&v[k + 1], "[")))
			continue;
		t = k;
		while (t > 0 && (sysfs_read_is(&v[t - 1], "*") || sysfs_read_is(&v[t - 1], "const")))
			t--;
		if (t == 0 || v[t - 1].directive || (t == k && !sysfs_read_is_ident(&v[t - 1])))
			continue;
		if (t >= 2 && sysfs_read_is_ident(&v[t - 1]) && sysfs_read_is(&v[t - 2], "struct")) {
			*tag = sysfs_read_tok_str(&v[t - 1]);
			return k;
		}
		if (t >= 1 && sysfs_read_is_ident(&v[t - 1]) && !sysfs_read_is(&v[t - 1], "return") && !sysfs_read_is(&v[t - 1], "sizeof"))
			return k;	/* declared with a type that is no struct */
	}
	return NO_INDEX;
}

const struct def *sysfs_read_global_def(struct ctx *c, size_t file, const char *name, size_t *def_file)
{
	struct def *d = sysfs_read_find_def(&c->files[file], name);

	if (d) {
		*def_file = file;
		return d;
	}
	for (size_t i = 0; i < c->nr_files; i++) {
		d = sysfs_read_find_def(&c->files[i], name);
		if (d && !d->is_static) {
			*def_file = i;
			return d;
		}
	}
	return NULL;
}

char *sysfs_read_chain_key(struct ctx *c, size_t file, size_t fn, const struct chain *ch, size_t use,
			   int depth);

/* The key of the object v[a, b) of file `file` denotes, or NULL. */
char *sysfs_read_object_key(struct ctx *c, size_t file, size_t fn, size_t a, size_t b, int depth)
{
	struct chain ch;

	if (!sysfs_read_parse_chain(c->files[file].t.v, a, b, &ch))
		return NULL;
	return sysfs_read_chain_key(c, file, fn, &ch, ch.nr, depth);
}

char *sysfs_read_chain_key(struct ctx *c, size_t file, size_t fn, const struct chain *ch, size_t use,
			   int depth)
{
	struct afile *f = &c->files[file];
	const struct lex_token *v = f->t.v;
	char *name = sysfs_read_tok_str(&v[ch->base]), *tag = NULL, *key;
	size_t decl = local_decl(f, fn, &v[ch->base], ch->base, &tag), def_file;
	const struct def *def = NULL;

	if (decl == NO_INDEX)
		def = sysfs_read_global_def(c, file, name, &def_file);
	if (!use) {
		if (decl != NO_INDEX) {
			/* struct class_device *cd = &(x->y); is an alias of x->y */
			if (decl + 1 < f->t.nr && sysfs_read_is(&v[decl + 1], "=") && depth < MAX_DEPTH) {
				size_t e = decl + 2;
				int d = 0;

				for (; e < f->t.nr; e++) {
					if (sysfs_read_is(&v[e], "(") || sysfs_read_is(&v[e], "["))
						d++;
					else if (sysfs_read_is(&v[e], ")") || sysfs_read_is(&v[e], "]"))
						d--;
					else if (!d && (sysfs_read_is(&v[e], ";") || sysfs_read_is(&v[e], ",")))
						break;
				}
				key = sysfs_read_object_key(c, file, fn, decl + 2, e, depth + 1);
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
		char *text = sysfs_read_join(v, ch->base, ch->members[use - 1] + 1);

		key = xstrfmt("expr:%s:%s", f->path, text);
		free(text);
	}
	free(name);
	free(tag);
	return key;
}

/* The struct tag of the object v[a, b) denotes ("class_device"), or NULL. */
char *sysfs_read_object_tag(struct ctx *c, size_t file, size_t fn, size_t a, size_t b)
{
	struct afile *f = &c->files[file];
	const struct lex_token *v = f->t.v;
	struct chain ch;
	char *tag = NULL, *name;
	size_t def_file;
	const struct def *def;

	if (!sysfs_read_parse_chain(v, a, b, &ch))
		return NULL;
	if (local_decl(f, fn, &v[ch.base], ch.base, &tag) == NO_INDEX) {
		name = sysfs_read_tok_str(&v[ch.base]);
		def = sysfs_read_global_def(c, file, name, &def_file);
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

void sysfs_read_bind(struct ctx *c, const char *key, int is_class, size_t index)
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

const struct binding *sysfs_read_find_binding(struct ctx *c, const char *key, size_t *from)
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
void sysfs_read_lhs_of(const struct lex_token *v, size_t lower, size_t eq, size_t *a, size_t *b)
{
	size_t s = eq;

	*a = *b = eq;
	for (;;) {
		/* an optional [index], then an identifier */
		while (s > lower && sysfs_read_is(&v[s - 1], "]") && !v[s - 1].directive) {
			size_t k = s - 1;
			int depth = 0;

			for (; k > lower; k--) {
				if (sysfs_read_is(&v[k], "]"))
					depth++;
				else if (sysfs_read_is(&v[k], "[") && !--depth)
					break;
			}
			s = k;
		}
		if (s <= lower || !sysfs_read_is_ident(&v[s - 1]) || v[s - 1].directive)
			return;
		s--;
		*a = s;
		if (s > lower && (sysfs_read_is(&v[s - 1], ".") || sysfs_read_is(&v[s - 1], "->")) && !v[s - 1].directive)
			s--;
		else
			return;
	}
}

