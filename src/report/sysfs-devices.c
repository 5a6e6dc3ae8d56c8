#include "report/sysfs.h"
#include "report/sysfs-read.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- classes */

static size_t add_class(struct ctx *c, const char *name, const char *var, size_t file,
			const struct lex_token *at, const char *how, int is_static)
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

void sysfs_devices_note(struct ctx *c, size_t file, const struct lex_token *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

void sysfs_devices_note(struct ctx *c, size_t file, const struct lex_token *at, const char *fmt, ...)
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

	sysfs_read_expand(c, &c->files[file], c->files[file].t.v + a, b - a, &tv, 0);
	ok = tv.nr > 0;
	for (size_t i = 0; ok && i < tv.nr; i++) {
		const struct lex_token *t = &tv.v[i];

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

void sysfs_devices_read_classes(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t d = 0; d < f->nr_defs; d++) {
			struct def *def = &f->defs[d];
			char *name = NULL;

			if (strcmp(def->type, "struct class") || def->pointers || def->array || !def->init_open)
				continue;
			for (size_t i = def->init_open + 1; i + 3 < def->init_close; i++) {
				size_t e;

				if (!(sysfs_read_is(&v[i], ".") && sysfs_read_is(&v[i + 1], "name") && sysfs_read_is(&v[i + 2], "=")))
					continue;
				for (e = i + 3; e < def->init_close && !sysfs_read_is(&v[e], ",") && !sysfs_read_is(&v[e], "}"); e++)
					;
				name = literal_string(c, fi, i + 3, e);
				if (!name) {
					char *text = sysfs_read_join(v, i + 3, e);

					sysfs_devices_note(c, fi, &v[def->name_tok], "class %s: the name %s is not a string this analysis can read",
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

				if (!sysfs_read_is(&v[i], "class_create") || !sysfs_read_is(&v[i + 1], "(") || !sysfs_read_is(&v[i - 1], "="))
					continue;
				n = sysfs_read_call_args(v, f->t.nr, i + 1, args, 4, &close);
				sysfs_read_lhs_of(v, f->funcs[fn].body_open, i - 1, &lhs_start, &lhs_end);
				if (n != 2 || lhs_start == lhs_end)
					continue;
				var = sysfs_read_join(v, lhs_start, lhs_end);
				name = literal_string(c, fi, args[1][0], args[1][1]);
				if (name) {
					add_class(c, name, var, fi, &v[i], "class_create()", 1);
				} else {
					char *text = sysfs_read_join(v, args[1][0], args[1][1]);

					sysfs_devices_note(c, fi, &v[i], "class_create(): the class name %s is computed at run time",
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
size_t sysfs_devices_class_ref(struct ctx *c, size_t file, size_t a, size_t b)
{
	const struct lex_token *v = c->files[file].t.v;
	size_t found = NO_INDEX, count = 0;
	char *text;

	while (a < b && (sysfs_read_is(&v[a], "&") || (sysfs_read_is(&v[a], "(") && sysfs_read_match(v, b, a) == b - 1))) {
		if (sysfs_read_is(&v[a], "("))
			b--;
		a++;
	}
	if (a >= b)
		return NO_INDEX;
	text = sysfs_read_join(v, a, b);
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

static size_t add_device(struct ctx *c, size_t class_index, size_t file, const struct lex_token *at,
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

void sysfs_devices_device_note(struct sysfs_device *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

void sysfs_devices_device_note(struct sysfs_device *d, const char *fmt, ...)
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
static char *format_to_name(const char *fmt, const struct lex_token *v, size_t (*args)[2],
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
			char *text = arg < nargs ? sysfs_read_join(v, args[arg][0], args[arg][1]) : xstrdup("?");

			strbuf_addf(&sb, "<%s>", text);
			d->name_predicted = 0;
			sysfs_devices_device_note(d, "name: %s gives %s, computed at run time", what, text);
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
	const struct lex_token *v = f->t.v;
	char *fmt = nargs ? literal_string(c, file, args[0][0], args[0][1]) : NULL;
	char *text;

	d->name_predicted = 1;
	if (fmt) {
		d->name = format_to_name(fmt, v, args + 1, nargs - 1, d, "%s");
		free(fmt);
		return;
	}
	text = nargs ? sysfs_read_join(v, args[0][0], args[0][1]) : xstrdup("?");
	for (size_t i = f->funcs[fn].body_open; nargs && depth < 2 && i < f->funcs[fn].body_close; i++) {
		size_t wargs[16][2], close, n, skip;
		char *dest;

		if (!sysfs_read_is(&v[i + 1], "(") || (i > 0 && (sysfs_read_is(&v[i - 1], ".") || sysfs_read_is(&v[i - 1], "->"))))
			continue;
		if (sysfs_read_is(&v[i], "sprintf"))
			skip = 1;
		else if (sysfs_read_is(&v[i], "snprintf"))
			skip = 2;
		else if (sysfs_read_is(&v[i], "strcpy") || sysfs_read_is(&v[i], "strlcpy") || sysfs_read_is(&v[i], "strncpy"))
			skip = 0;
		else
			continue;
		n = sysfs_read_call_args(v, f->t.nr, i + 1, wargs, 16, &close);
		if (n < 2)
			continue;
		dest = sysfs_read_join(v, wargs[0][0], wargs[0][1]);
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
					char *s = sysfs_read_join(v, wargs[1][0], wargs[1][1]);

					d->name = xstrfmt("<%s>", s);
					d->name_predicted = 0;
					sysfs_devices_device_note(d, "name: copied from %s at run time", s);
					free(s);
				}
			}
			return;
		}
		free(dest);
	}
	d->name = xstrfmt("<%s>", text);
	d->name_predicted = 0;
	sysfs_devices_device_note(d, "name: %s is computed at run time", text);
	free(text);
}

void sysfs_devices_read_created(struct ctx *c)
{
	sysfs_read_for_each_body_token(c, fi, fn, i) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;
		int old_api = sysfs_read_is(&v[i], "class_device_create");
		size_t args[16][2], close, n, k, need = old_api ? 5 : 4, dev;
		struct pending_parent *pp;
		struct sysfs_device *d;

		if (!(old_api || sysfs_read_is(&v[i], "device_create")) || !sysfs_read_is(&v[i + 1], "(") ||
		    sysfs_read_is(&v[i - 1], ".") || sysfs_read_is(&v[i - 1], "->"))
			continue;
		n = sysfs_read_call_args(v, f->t.nr, i + 1, args, 16, &close);
		if (n < need)
			continue;
		k = sysfs_devices_class_ref(c, fi, args[0][0], args[0][1]);
		if (k == NO_INDEX) {
			char *text = sysfs_read_join(v, args[0][0], args[0][1]);

			sysfs_devices_note(c, fi, &v[i], "%.*s(): %s is not a class this analysis found: its devices are not listed",
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

		if (sysfs_read_is(&v[i - 1], "=")) {
			size_t a, b;
			char *key;

			sysfs_read_lhs_of(v, f->funcs[fn].body_open, i - 1, &a, &b);
			key = a < b ? sysfs_read_object_key(c, fi, fn, a, b, 0) : NULL;
			if (key) {
				sysfs_read_bind(c, key, 0, dev);
				c->device_keys[dev] = key;
			}
			/* `x = class_device_create(...); ... return x;` makes a factory */
			for (size_t r = i; key && b == a + 1 && r + 2 < f->funcs[fn].body_close; r++)
				if (sysfs_read_is(&v[r], "return") && sysfs_read_same_token(&v[r + 1], &v[a]) &&
				    sysfs_read_is(&v[r + 2], ";")) {
					c->factory_names = xrealloc(c->factory_names,
								    (c->nr_factories + 1) * sizeof(char *));
					c->factory_devices = xrealloc(c->factory_devices,
								      (c->nr_factories + 1) * sizeof(size_t));
					c->factory_names[c->nr_factories] = xstrdup(f->funcs[fn].name);
					c->factory_devices[c->nr_factories++] = dev;
					break;
				}
		} else if (sysfs_read_is(&v[i - 1], "return")) {
			c->factory_names = xrealloc(c->factory_names, (c->nr_factories + 1) * sizeof(char *));
			c->factory_devices = xrealloc(c->factory_devices,
						      (c->nr_factories + 1) * sizeof(size_t));
			c->factory_names[c->nr_factories] = xstrdup(f->funcs[fn].name);
			c->factory_devices[c->nr_factories++] = dev;
		}
		i = close;
	}
}

/* Every `chain.class|dev|parent = value;` in a function body. */
void sysfs_devices_read_assignments(struct ctx *c)
{
	sysfs_read_for_each_body_token(c, fi, fn, i) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;
		static const char *const members[] = { "class", "dev", "parent", NULL };
		size_t a, b, e;
		struct chain ch;
		struct assign *as;
		const char *member = NULL;
		int depth = 0;

		if (!sysfs_read_is(&v[i], "="))
			continue;
		sysfs_read_lhs_of(v, f->funcs[fn].body_open, i, &a, &b);
		if (a >= b || !sysfs_read_parse_chain(v, a, b, &ch) || !ch.nr)
			continue;
		for (size_t m = 0; members[m]; m++)
			if (sysfs_read_is(&v[ch.members[ch.nr - 1]], members[m]))
				member = members[m];
		if (!member)
			continue;
		for (e = i + 1; e < f->funcs[fn].body_close; e++) {
			if (sysfs_read_is(&v[e], "(") || sysfs_read_is(&v[e], "["))
				depth++;
			else if (sysfs_read_is(&v[e], ")") || sysfs_read_is(&v[e], "]"))
				depth--;
			if (depth < 0 || (!depth && (sysfs_read_is(&v[e], ";") || sysfs_read_is(&v[e], ","))))
				break;
		}
		ALLOC_GROW(c->assigns, c->nr_assigns + 1, c->alloc_assigns);
		as = &c->assigns[c->nr_assigns++];
		as->key = sysfs_read_chain_key(c, fi, fn, &ch, ch.nr - 1, 0);
		as->member = member;
		as->file = fi;
		as->func = fn;
		as->value_start = i + 1;
		as->value_end = e;
		as->line = v[i].line;
	}
}

void sysfs_devices_read_field_inits(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;

		for (size_t d = 0; d < f->nr_defs; d++) {
			size_t open = f->defs[d].init_open, close = f->defs[d].init_close;

			for (size_t i = open + 1; open && i + 2 < close; i++) {
				struct field_init *in;
				size_t e;

				if (sysfs_read_is(&v[i], "{")) {
					i = sysfs_read_match(v, f->t.nr, i);
					continue;
				}
				if (!(sysfs_read_is(&v[i], ".") && sysfs_read_is_ident(&v[i + 1]) && sysfs_read_is(&v[i + 2], "=")))
					continue;
				for (e = i + 3; e < close && !sysfs_read_is(&v[e], ","); e++)
					if (sysfs_read_is(&v[e], "{") || sysfs_read_is(&v[e], "("))
						e = sysfs_read_match(v, f->t.nr, e);
				ALLOC_GROW(c->inits, c->nr_inits + 1, c->alloc_inits);
				in = &c->inits[c->nr_inits++];
				in->field = sysfs_read_tok_str(&v[i + 1]);
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
	const struct lex_token *v = f->t.v;
	size_t last = NO_INDEX;

	for (size_t i = fn->params_open + 1; i < fn->params_close; i++) {
		if (sysfs_read_is(&v[i], ","))
			break;
		if (sysfs_read_is_ident(&v[i]))
			last = i;
	}
	return last == NO_INDEX ? NULL : sysfs_read_tok_str(&v[last]);
}

/* Value tokens of field `field` in the initializer of def, or 0 (empty). */
int sysfs_devices_def_field(struct afile *f, const struct def *def, const char *field, size_t *a, size_t *b)
{
	const struct lex_token *v = f->t.v;

	for (size_t i = def->init_open + 1; def->init_open && i + 2 < def->init_close; i++) {
		if (sysfs_read_is(&v[i], ".") && sysfs_read_is(&v[i + 1], field) && sysfs_read_is(&v[i + 2], "=")) {
			size_t e = i + 3;

			while (e < def->init_close && !sysfs_read_is(&v[e], ",")) {
				if (sysfs_read_is(&v[e], "(") || sysfs_read_is(&v[e], "{"))
					e = sysfs_read_match(v, f->t.nr, e);
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
	const struct lex_token *v = f->t.v;
	size_t index = 0, last = NO_INDEX;

	for (size_t i = fn->params_open + 1; i <= fn->params_close; i++) {
		if (i == fn->params_close || sysfs_read_is(&v[i], ",")) {
			if (last != NO_INDEX && sysfs_read_is(&v[last], name))
				return index;
			index++;
			last = NO_INDEX;
		} else if (sysfs_read_is_ident(&v[i])) {
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
		k = index == NO_INDEX ? NO_INDEX : sysfs_devices_class_ref(c, as->file, as->value_start, as->value_end);
		if (k == NO_INDEX)
			continue;
		for (size_t fi = 0; fi < c->nr_files; fi++) {
			struct afile *f = &c->files[fi];
			const struct lex_token *v = f->t.v;

			if (fi != file)
				continue;
			for (size_t fn = 0; fn < f->nr_funcs; fn++)
				for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
					size_t args[8][2], close, n, x;

					if (!sysfs_read_is(&v[i], setter->name) || !sysfs_read_is(&v[i + 1], "("))
						continue;
					n = sysfs_read_call_args(v, f->t.nr, i + 1, args, 8, &close);
					if (index >= n)
						continue;
					x = args[index][0];
					while (x < args[index][1] && sysfs_read_is(&v[x], "&"))
						x++;
					if (fi == file && x + 1 == args[index][1] && sysfs_read_is(&v[x], name))
						return k;
				}
		}
	}
	return NO_INDEX;
}

/* class_interface objects: the add callback's first parameter is a device of its class. */
void sysfs_devices_read_interfaces(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t d = 0; d < f->nr_defs; d++) {
			struct def *def = &f->defs[d];
			size_t k = NO_INDEX, a, b;
			struct func *add = NULL;
			char *param, *key;

			if (strcmp(def->type, "struct class_interface") || def->pointers || !def->init_open)
				continue;
			if (sysfs_devices_def_field(f, def, "class", &a, &b))
				k = sysfs_devices_class_ref(c, fi, a, b);
			/* or `intf.class = &cls;` at run time */
			key = xstrfmt(def->is_static ? "var:%s:%s" : "var:%.0s%s", f->path, def->name);
			for (size_t i = 0; k == NO_INDEX && i < c->nr_assigns; i++) {
				const struct assign *as = &c->assigns[i];

				if (!strcmp(as->member, "class") && !strcmp(as->key, key))
					k = sysfs_devices_class_ref(c, as->file, as->value_start, as->value_end);
			}
			free(key);
			if (sysfs_devices_def_field(f, def, "add", &a, &b)) {
				while (a < b && sysfs_read_is(&v[a], "&"))
					a++;
				if (b == a + 1) {
					char *name = sysfs_read_tok_str(&v[a]);

					add = sysfs_read_find_func(f, name);
					free(name);
				}
			}
			if (k == NO_INDEX)
				k = class_from_setter(c, fi, def->name);
			if (k == NO_INDEX || !add) {
				if (k == NO_INDEX)
					sysfs_devices_note(c, fi, &v[def->name_tok], "class_interface %s: its class is not one this analysis found",
					     def->name);
				continue;
			}
			param = first_param(f, add);
			if (param) {
				key = xstrfmt("local:%s:%s:%s", f->path, add->name, param);

				sysfs_read_bind(c, key, 1, k);
				free(key);
			}
			free(param);
		}
	}
}

const struct assign *sysfs_devices_find_assign(struct ctx *c, const char *key, const char *member, size_t prefer_file)
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
			const struct lex_token *v = f->t.v;

			if ((pass == 0) != (fi == prefer) || f->core)
				continue;
			for (size_t fn = 0; fn < f->nr_funcs; fn++) {
				for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
					size_t args[16][2], close, n, skip;
					struct chain ch;
					char *k;

					if (!sysfs_read_is(&v[i + 1], "("))
						continue;
					if (sysfs_read_is(&v[i], "sprintf"))
						skip = 1;
					else if (sysfs_read_is(&v[i], "snprintf"))
						skip = 2;
					else if (sysfs_read_is(&v[i], "strcpy") || sysfs_read_is(&v[i], "strlcpy") || sysfs_read_is(&v[i], "strncpy"))
						skip = 0;
					else
						continue;
					n = sysfs_read_call_args(v, f->t.nr, i + 1, args, 16, &close);
					if (n < 2 || !sysfs_read_parse_chain(v, args[0][0], args[0][1], &ch) || !ch.nr ||
					    !(sysfs_read_is(&v[ch.members[ch.nr - 1]], "class_id") ||
					      sysfs_read_is(&v[ch.members[ch.nr - 1]], "bus_id")))
						continue;
					k = sysfs_read_chain_key(c, fi, fn, &ch, ch.nr - 1, 0);
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
							char *s = sysfs_read_join(v, args[1][0], args[1][1]);
							char *call = sysfs_read_join(v, i, close + 1);

							d->name = xstrfmt("<%s>", s);
							sysfs_devices_device_note(d, "name: %s copies it from %s at run time", call, s);
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

void sysfs_devices_read_registered(struct ctx *c)
{
	static const char *const calls[] = {
		"class_device_register", "class_device_add", "device_register", "device_add", NULL,
	};

	sysfs_read_for_each_body_token(c, fi, fn, i) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;
		size_t args[2][2], close, n, k, dev;
		const struct assign *cls;
		const char *call = NULL;
		struct sysfs_device *d;
		char *key, *text;

		for (size_t j = 0; calls[j]; j++)
			if (sysfs_read_is(&v[i], calls[j]))
				call = calls[j];
		if (!call || !sysfs_read_is(&v[i + 1], "(") || sysfs_read_is(&v[i - 1], ".") || sysfs_read_is(&v[i - 1], "->"))
			continue;
		n = sysfs_read_call_args(v, f->t.nr, i + 1, args, 2, &close);
		if (n != 1)
			continue;
		key = sysfs_read_object_key(c, fi, fn, args[0][0], args[0][1], 0);
		if (!key || device_registered(c, key)) {
			free(key);
			continue;
		}
		cls = sysfs_devices_find_assign(c, key, "class", fi);
		k = cls ? sysfs_devices_class_ref(c, cls->file, cls->value_start, cls->value_end) : NO_INDEX;
		text = sysfs_read_join(v, args[0][0], args[0][1]);
		if (k == NO_INDEX) {
			if (starts_with(call, "class_device_"))
				sysfs_devices_note(c, fi, &v[i], "%s(%s): no class is assigned to %s where this analysis can see it",
				     call, text, text);
			free(text);
			free(key);
			continue;
		}
		dev = add_device(c, k, fi, &v[i], xstrfmt("%s(%s)", call, text));
		free(text);
		d = &c->out->devices[dev];
		c->device_keys[dev] = key;
		sysfs_read_bind(c, key, 0, dev);
		c->parents[dev].kind = 1;
		c->parents[dev].device_api = !starts_with(call, "class_device_");
		c->parents[dev].file = fi;
		c->parents[dev].func = fn;
		c->parents[dev].key = xstrdup(key);
		if (!name_from_writer(c, key, fi, d)) {
			text = sysfs_read_join(v, args[0][0], args[0][1]);
			d->name = xstrdup("<name>");
			d->name_predicted = 0;
			sysfs_devices_device_note(d, "name: nothing writes the class_id of %s where this analysis can see it",
				    text);
			free(text);
		}
	}
}

void sysfs_devices_read_factory_calls(struct ctx *c)
{
	sysfs_read_for_each_body_token(c, fi, fn, i) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;
		size_t a, b;

		if (!sysfs_read_is(&v[i - 1], "=") || !sysfs_read_is_ident(&v[i]) || !sysfs_read_is(&v[i + 1], "("))
			continue;
		for (size_t k = 0; k < c->nr_factories; k++) {
			char *key;

			if (!sysfs_read_is(&v[i], c->factory_names[k]) || !strcmp(c->factory_names[k], f->funcs[fn].name))
				continue;
			sysfs_read_lhs_of(v, f->funcs[fn].body_open, i - 1, &a, &b);
			key = a < b ? sysfs_read_object_key(c, fi, fn, a, b, 0) : NULL;
			if (key)
				sysfs_read_bind(c, key, 0, c->factory_devices[k]);
			free(key);
		}
	}
}

