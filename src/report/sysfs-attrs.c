#include "report/sysfs.h"
#include "report/sysfs-read.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- attributes */

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

static int attr_names(struct ctx *c, size_t file, size_t fn, const struct lex_token *in, size_t n,
		      struct attr_list *out, int depth);

/* The attribute names of the elements of array def's initializer in file. */
static int array_names(struct ctx *c, size_t file, const struct def *def, struct attr_list *out, int depth)
{
	struct afile *f = &c->files[file];
	const struct lex_token *v = f->t.v;
	size_t s = def->init_open + 1;
	int ok = 1, d = 0;

	for (size_t i = def->init_open + 1; i <= def->init_close; i++) {
		if (i < def->init_close && (sysfs_read_is(&v[i], "(") || sysfs_read_is(&v[i], "{") || sysfs_read_is(&v[i], "[")))
			d++;
		else if (i < def->init_close && (sysfs_read_is(&v[i], ")") || sysfs_read_is(&v[i], "}") || sysfs_read_is(&v[i], "]")))
			d--;
		if (i == def->init_close || (!d && sysfs_read_is(&v[i], ","))) {
			if (i > s && !sysfs_read_is_null(v, s, i) && !(i == s + 2 && sysfs_read_is(&v[s], "{") && sysfs_read_is(&v[s + 1], "}")) &&
			    !(i == s + 1 && sysfs_read_is(&v[s], "__ATTR_NULL")))
				ok &= attr_names(c, file, NO_INDEX, v + s, i - s, out, depth + 1);
			s = i + 1;
		}
	}
	return ok;
}

/* The attribute array `name` (file first, then any file), or NULL. */
static const struct def *attr_array(struct ctx *c, size_t file, const char *name, size_t *def_file)
{
	const struct def *def = sysfs_read_find_def(&c->files[file], name);

	if (def && def->init_open) {
		*def_file = file;
		return def;
	}
	for (size_t i = 0; i < c->nr_files; i++) {
		def = sysfs_read_find_def(&c->files[i], name);
		if (def && def->init_open && !def->is_static) {
			*def_file = i;
			return def;
		}
	}
	return NULL;
}

static const char *strip_prefix(const struct lex_token *t, size_t *len)
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
static int attr_names(struct ctx *c, size_t file, size_t fn, const struct lex_token *in, size_t n,
		      struct attr_list *out, int depth)
{
	struct afile *f = &c->files[file];
	struct tokvec tv = { NULL, 0, 0 };
	const struct lex_token *v;
	size_t a = 0, b, len, def_file;
	const char *name;
	const struct def *def;
	int ok = 0;

	if (depth > MAX_DEPTH || !n)
		return 0;
	sysfs_read_expand(c, f, in, n, &tv, 0);
	v = tv.v;
	b = tv.nr;
	while (a < b && (sysfs_read_is(&v[a], "&") || (sysfs_read_is(&v[a], "(") && sysfs_read_match(v, b, a) == b - 1))) {
		if (sysfs_read_is(&v[a], "("))
			b--;
		a++;
	}
	if (b >= a + 3 && sysfs_read_is(&v[b - 2], ".") && sysfs_read_is(&v[b - 1], "attr"))
		b -= 2;
	if (a >= b)
		goto out;
	if (b == a + 1 && (name = strip_prefix(&v[a], &len))) {
		attr_push(out, name, len, f->path, v[a].line);
		ok = 1;
	} else if ((sysfs_read_is(&v[a], "__ATTR") || sysfs_read_is(&v[a], "__ATTR_RO")) && b > a + 2 && sysfs_read_is(&v[a + 1], "(") &&
		   sysfs_read_is_ident(&v[a + 2])) {
		attr_push(out, v[a + 2].text, v[a + 2].len, f->path, v[a].line);
		ok = 1;
	} else if (sysfs_read_is_ident(&v[a]) && (b == a + 1 || (sysfs_read_is(&v[a + 1], "[") && sysfs_read_match(v, b, a + 1) == b - 1))) {
		char *id = sysfs_read_tok_str(&v[a]);

		def = attr_array(c, file, id, &def_file);
		if (def) {
			ok = array_names(c, def_file, def, out, depth);
		} else if (fn != NO_INDEX) {
			/* a pointer walking an array: `p = array;` in the function */
			const struct func *fu = &f->funcs[fn];

			for (size_t i = fu->body_open; i + 3 < fu->body_close; i++)
				if (sysfs_read_is(&f->t.v[i], id) && sysfs_read_is(&f->t.v[i + 1], "=") && sysfs_read_is_ident(&f->t.v[i + 2]) &&
				    (sysfs_read_is(&f->t.v[i + 3], ";") || sysfs_read_is(&f->t.v[i + 3], ","))) {
					char *arr = sysfs_read_tok_str(&f->t.v[i + 2]);

					def = attr_array(c, file, arr, &def_file);
					free(arr);
					if (def) {
						ok = array_names(c, def_file, def, out, depth);
						break;
					}
				}
		}
		free(id);
	} else if (sysfs_read_is(&v[a], "*") && b == a + 2 && sysfs_read_is_ident(&v[a + 1]) && fn != NO_INDEX) {
		ok = attr_names(c, file, fn, v + a + 1, 1, out, depth + 1);
	} else {
		/* x->field[i]: the arrays some initializer gives `field` */
		struct chain ch;

		if (sysfs_read_parse_chain(v, a, b, &ch) && ch.nr) {
			const struct lex_token *field = &v[ch.members[ch.nr - 1]];

			for (size_t i = 0; i < c->nr_inits; i++) {
				const struct field_init *in2 = &c->inits[i];
				const struct lex_token *iv = c->files[in2->file].t.v;

				if (!sysfs_read_is(field, in2->field) || in2->value_end != in2->value_start + 1 ||
				    !sysfs_read_is_ident(&iv[in2->value_start]))
					continue;
				{
					char *arr = sysfs_read_tok_str(&iv[in2->value_start]);

					def = sysfs_read_find_def(&c->files[in2->file], arr);
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

	while ((b = sysfs_read_find_binding(c, key, &from))) {
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

void sysfs_attrs_read(struct ctx *c)
{
	for (size_t fi = 0; fi < c->nr_files; fi++) {
		struct afile *f = &c->files[fi];
		const struct lex_token *v = f->t.v;

		if (f->core)
			continue;
		for (size_t fn = 0; fn < f->nr_funcs; fn++) {
			for (size_t i = f->funcs[fn].body_open; i < f->funcs[fn].body_close; i++) {
				int group = sysfs_read_is(&v[i], "sysfs_create_group");
				size_t args[3][2], close, n, obj_end;
				struct attr_list l = { NULL, 0, 0 };
				struct chain ch;
				char *key = NULL, *text, *attr_text, *tag;
				int ok;

				if (!(group || sysfs_read_is(&v[i], "class_device_create_file") || sysfs_read_is(&v[i], "device_create_file")) ||
				    !sysfs_read_is(&v[i + 1], "(") || sysfs_read_is(&v[i - 1], ".") || sysfs_read_is(&v[i - 1], "->"))
					continue;
				n = sysfs_read_call_args(v, f->t.nr, i + 1, args, 3, &close);
				if (n != 2)
					continue;
				obj_end = args[0][1];
				if (group) {
					/* sysfs_create_group(&obj.kobj, &group) */
					if (!sysfs_read_parse_chain(v, args[0][0], args[0][1], &ch) || !ch.nr ||
					    !sysfs_read_is(&v[ch.members[ch.nr - 1]], "kobj"))
						continue;
					key = sysfs_read_chain_key(c, fi, fn, &ch, ch.nr - 1, 0);
					obj_end = ch.members[ch.nr - 1] - 1;
					{
						size_t ga = args[1][0], gb = args[1][1], a2, b2, df;
						const struct def *gdef;
						char *gname;

						while (ga < gb && sysfs_read_is(&v[ga], "&"))
							ga++;
						if (gb != ga + 1) {
							free(key);
							continue;
						}
						gname = sysfs_read_tok_str(&v[ga]);
						gdef = sysfs_read_global_def(c, fi, gname, &df);
						free(gname);
						ok = gdef && sysfs_devices_def_field(&c->files[df], gdef, "attrs", &a2, &b2) &&
						     attr_names(c, df, NO_INDEX, c->files[df].t.v + a2, b2 - a2, &l, 0);
					}
				} else {
					key = sysfs_read_object_key(c, fi, fn, args[0][0], args[0][1], 0);
					ok = attr_names(c, fi, fn, v + args[1][0], args[1][1] - args[1][0], &l, 0);
				}
				text = sysfs_read_join(v, args[0][0], obj_end);
				attr_text = sysfs_read_join(v, args[1][0], args[1][1]);
				tag = sysfs_read_object_tag(c, fi, fn, args[0][0], obj_end);
				if (ok ? attach(c, key, &l) : 0) {
					/* attached */
				} else if (tag && !strcmp(tag, "class_device")) {
					/* only a class device's attributes are ours to explain */
					if (!ok)
						sysfs_devices_note(c, fi, &v[i], "%.*s(%s, %s): the attribute %s is not one this analysis can follow",
						     (int)v[i].len, v[i].text, text, attr_text, attr_text);
					else
						sysfs_devices_note(c, fi, &v[i], "%.*s(%s, %s): %s is not a class device this analysis can tie to a class",
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

				if (!sysfs_read_is_ident(&v[i]) || !sysfs_read_is(&v[i + 1], "->") || !sysfs_read_is(&v[i + 3], "=") ||
				    !(sysfs_read_is(&v[i + 2], "dev_attrs") || sysfs_read_is(&v[i + 2], "class_dev_attrs")) ||
				    sysfs_read_is(&v[i - 1], ".") || sysfs_read_is(&v[i - 1], "->"))
					continue;
				k = sysfs_devices_class_ref(c, fi, i, i + 1);
				for (e = i + 4; e < f->funcs[fn].body_close && !sysfs_read_is(&v[e], ";"); e++)
					;
				if (k == NO_INDEX)
					continue;
				if (attr_names(c, fi, fn, v + i + 4, e - i - 4, &l, 0)) {
					struct sysfs_class *cl = &c->out->classes[k];

					add_attrs(&cl->attrs, &cl->nr_attrs, &cl->alloc_attrs, &l);
				} else {
					char *text = sysfs_read_join(v, i + 4, e);

					sysfs_devices_note(c, fi, &v[i + 4], "class %s: its attributes %s are not ones this analysis can follow",
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
			if (sysfs_devices_def_field(f, def, "class_dev_attrs", &a, &b) || sysfs_devices_def_field(f, def, "dev_attrs", &a, &b)) {
				if (attr_names(c, fi, NO_INDEX, v + a, b - a, &l, 0)) {
					struct sysfs_class *cl = &c->out->classes[k];

					add_attrs(&cl->attrs, &cl->nr_attrs, &cl->alloc_attrs, &l);
				} else {
					char *text = sysfs_read_join(v, a, b);

					sysfs_devices_note(c, fi, &v[a], "class %s: its attributes %s are not ones this analysis can follow",
					     c->out->classes[k].name, text);
					free(text);
				}
			}
			attr_list_release(&l);
		}
	}
}

