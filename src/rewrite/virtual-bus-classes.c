#define _GNU_SOURCE
#include "rewrite/virtual-bus-classes.h"

#include <stdlib.h>
#include <string.h>

/* "&cls" or "cls" at i: the index past it (0: none). */
static size_t class_arg(const struct vfile *c, size_t i, const char *cls)
{
	if (vfile_is(c, i, "&") && vfile_is(c, i + 1, cls))
		return i + 2;
	return vfile_is(c, i, cls) ? i + 1 : 0;
}

/* A call PTR_ERR(C) ends at token e (its ';'). */
static int ptr_err_at(const struct vfile *c, size_t e, const char *C)
{
	return e >= 4 && vfile_is(c, e, ";") && vfile_is(c, e - 1, ")") && vfile_is(c, e - 2, C) &&
	       vfile_is(c, e - 3, "(") && vfile_is(c, e - 4, "PTR_ERR");
}

/*
 * The block at token b, after "if (IS_ERR(C))", is "{ E = PTR_ERR(C);
 * goto L; }" or "{ S return PTR_ERR(C); }".
 */
static int error_block(const struct vfile *c, size_t b, const char *C)
{
	size_t end = c->pair[b], e1 = vfile_stmt_end(c, b + 1), s2 = e1 + 1, e2;

	if (end >= c->nr || e1 >= end)
		return 0;
	e2 = vfile_stmt_end(c, s2);
	if (e2 + 1 != end)
		return 0;
	if (vfile_is(c, s2, "goto") && vfile_is_ident(c, s2 + 1) && vfile_is(c, s2 + 2, ";") && ptr_err_at(c, e1, C) &&
	    vfile_is(c, e1 - 5, "=") && vfile_expr_start(c, e1 - 6) == b + 1)
		return 1;
	return vfile_is(c, s2, "return") && ptr_err_at(c, e2, C) && e2 == s2 + 5;
}

static void push_once(struct strvec *v, const char *s)
{
	if (!strvec_has(v, s))
		strvec_push(v, s);
}

static struct virtual_bus_iface *find_iface(struct virtual_bus_group *g, const char *name)
{
	for (size_t i = 0; i < g->nr_ifaces; i++)
		if (!strcmp(g->ifaces[i].name, name))
			return &g->ifaces[i];
	return NULL;
}

static struct virtual_bus_helper *find_helper(struct virtual_bus_group *g, const char *name)
{
	for (size_t i = 0; i < g->nr_helpers; i++)
		if (!strcmp(g->helpers[i].name, name))
			return &g->helpers[i];
	return NULL;
}

const char *virtual_bus_classes_exported(const struct virtual_bus_group *g, const char *name)
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
		if (c->brace[k] == c->brace[open] + 1 && vfile_is(c, k, ".") && vfile_is(c, k + 1, what) &&
		    vfile_is(c, k + 2, "=") && (vfile_is(c, k - 1, "{") || vfile_is(c, k - 1, ","))) {
			if (value)
				*value = k + 3;
			return 1;
		}
	return 0;
}

/* The interfaces, the register functions and the exports of the group. */
static void find_declarations(struct virtual_bus_group *g)
{
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 1 < c->nr; i++) {
			if (c->brace[i])
				continue;
			if (vfile_is(c, i, "struct") && vfile_is(c, i + 1, "class_interface") && vfile_is_ident(c, i + 2) &&
			    vfile_is(c, i + 3, "=") && vfile_is(c, i + 4, "{")) {
				char *name = vfile_text(c, i + 2);
				struct virtual_bus_iface *f;
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
					if (vfile_is(c, v, "&"))
						v++;
					if (vfile_is_ident(c, v) && (vfile_is(c, v + 1, ",") || v + 1 == close)) {
						char *cls = vfile_text(c, v);

						push_once(&f->classes, cls);
						free(cls);
					}
				}
				f->callbacks = sets_field(c, i + 4, close, "add_dev", NULL) ||
					       sets_field(c, i + 4, close, "remove_dev", NULL);
			} else if (vfile_is_ident(c, i) && vfile_is(c, i + 1, "(") && vfile_is(c, i + 2, "struct") &&
				   vfile_is(c, i + 3, "class_interface") && vfile_is(c, i + 4, "*") &&
				   vfile_is_ident(c, i + 5) && vfile_is(c, i + 6, ")") && vfile_is(c, i + 7, "{")) {
				/* p->class = [&]cls; return class_interface_register(p); */
				size_t k = i + 8, cls;
				char *param = vfile_text(c, i + 5);
				const char *p = param;

				if (!vfile_is(c, k, p) || !vfile_is(c, k + 1, "->") || !vfile_is(c, k + 2, "class") ||
				    !vfile_is(c, k + 3, "=")) {
					free(param);
					continue;
				}
				cls = vfile_is(c, k + 4, "&") ? k + 5 : k + 4;
				k = cls + 1;
				if (vfile_is_ident(c, cls) && vfile_is(c, k, ";") && vfile_is(c, k + 1, "return") &&
				    vfile_is(c, k + 2, "class_interface_register") && vfile_is(c, k + 3, "(") &&
				    vfile_is(c, k + 4, p) && vfile_is(c, k + 5, ")") && vfile_is(c, k + 6, ";") &&
				    vfile_is(c, k + 7, "}") && c->pair[k + 7] == i + 7) {
					struct virtual_bus_helper *h;

					ALLOC_GROW(g->helpers, g->nr_helpers + 1, g->alloc_helpers);
					h = &g->helpers[g->nr_helpers++];
					h->name = vfile_text(c, i);
					h->cls = vfile_text(c, cls);
					h->file = fi;
				}
				free(param);
			} else if ((vfile_is(c, i, "EXPORT_SYMBOL") || vfile_is(c, i, "EXPORT_SYMBOL_GPL")) &&
				   vfile_is(c, i + 1, "(") && vfile_is_ident(c, i + 2) && vfile_is(c, i + 3, ")")) {
				strvec_pushf(&g->exported, "%.*s\t%.*s", (int)c->v[i + 2].len,
					     c->v[i + 2].text, (int)c->v[i].len, c->v[i].text);
			}
		}
	}
}

/* Each use of each interface: its class, or a use the rules do not know. */
static void find_interface_uses(struct virtual_bus_group *g)
{
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i < c->nr; i++) {
			struct virtual_bus_iface *f;
			char *name;
			struct virtual_bus_helper *h;

			if (!vfile_is_ident(c, i))
				continue;
			name = vfile_text(c, i);
			f = find_iface(g, name);
			free(name);
			if (!f)
				continue;
			push_once(&f->files, c->rf->path);
			if (i > 0 && (vfile_is(c, i - 1, ".") || vfile_is(c, i - 1, "->") ||
				      vfile_is(c, i - 1, "class_interface")))
				continue;
			if (vfile_is(c, i + 1, ".") && (vfile_is(c, i + 2, "add_dev") || vfile_is(c, i + 2, "remove_dev")) &&
			    vfile_is(c, i + 3, "=")) {
				f->callbacks = 1;
				f->unknown_use = 1;
				continue;
			}
			if (vfile_is(c, i + 1, ".") && vfile_is(c, i + 2, "class") && vfile_is(c, i + 3, "=") &&
			    c->brace[i]) {
				size_t v = vfile_is(c, i + 4, "&") ? i + 5 : i + 4;

				if (vfile_is_ident(c, v) && vfile_is(c, v + 1, ";")) {
					char *cls = vfile_text(c, v);

					push_once(&f->classes, cls);
					free(cls);
				}
				continue;
			}
			if (i >= 3 && vfile_is(c, i - 1, "&") && vfile_is(c, i - 2, "(") && vfile_is(c, i + 1, ")") &&
			    vfile_is_ident(c, i - 3)) {
				char *fn = vfile_text(c, i - 3);

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

/* device_register(&E) or device_add(&E) of a device of the class */
static void find_device_registrations(struct virtual_bus_group *g, struct virtual_bus_class *k)
{
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 2 < c->nr; i++) {
			size_t close, lhs, a;
			char *dev;

			if (!(vfile_is(c, i, "device_register") || vfile_is(c, i, "device_add")) ||
			    !vfile_is(c, i + 1, "(") || !vfile_is(c, i + 2, "&"))
				continue;
			close = c->pair[i + 1];
			dev = vfile_joined(c, i + 3, close);
			if (strvec_has(&k->devs, dev)) {
				k->devreg++;
				if (vfile_assigned_call(c, i, &lhs) && vfile_is(c, close + 1, ";") &&
				    (a = vfile_if_on(c, close + 2, lhs, i - 1)) && a < c->nr)
					k->devreg_known++;
			}
			free(dev);
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
static void find_class_facts(struct virtual_bus_group *g, struct virtual_bus_class *k)
{
	const char *C = k->name;

	k->devs = (struct strvec)STRVEC_INIT;
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 1 < c->nr; i++) {
			size_t lhs, a, e;

			if (!c->brace[i] && vfile_is(c, i, "struct") && vfile_is(c, i + 1, "class") &&
			    vfile_is(c, i + 2, C) && vfile_is(c, i + 3, "=") && vfile_is(c, i + 4, "{") &&
			    vfile_is(c, c->pair[i + 4] + 1, ";")) {
				size_t v;

				if (sets_field(c, i + 4, c->pair[i + 4], "name", &v)) {
					k->defs++;
					k->def.file = fi;
					k->def.tok = c->pair[i + 4] + 1;
					if (c->v[v].kind == TOKEN_STRING && (vfile_is(c, v + 1, ",") ||
									     v + 1 == c->pair[i + 4])) {
						free(k->bus_name);
						k->bus_name = vfile_text(c, v);
					} else {
						k->bad_name = 1;
					}
				}
			} else if (!c->brace[i] && vfile_is(c, i, "struct") && vfile_is(c, i + 1, "class") &&
				   vfile_is(c, i + 2, "*") && vfile_is(c, i + 3, C) && vfile_is(c, i + 4, ";")) {
				if (!(i > 0 && vfile_is(c, i - 1, "extern")) &&
				    !(i > 1 && vfile_is(c, i - 2, "extern"))) {
					k->defs++;
					k->pointer = 1;
					k->def.file = fi;
					k->def.tok = i + 4;
				}
			} else if (vfile_is(c, i, "class_create") && vfile_is(c, i + 1, "(") && i >= 2 &&
				   vfile_is(c, i - 1, "=") && vfile_is(c, i - 2, C) &&
				   !(i >= 3 && (vfile_is(c, i - 3, ".") || vfile_is(c, i - 3, "->")))) {
				size_t close = c->pair[i + 1], comma = 0, known = 0;

				k->reg++;
				for (size_t t = i + 2; t < close; t++) {
					if (vfile_is(c, t, "(") || vfile_is(c, t, "["))
						t = c->pair[t];
					else if (vfile_is(c, t, ","))
						comma = comma ? close : t;
				}
				if (comma && comma < close && comma + 2 == close &&
				    c->v[comma + 1].kind == TOKEN_STRING &&
				    memchr(c->v[comma + 1].text + 1, '"', c->v[comma + 1].len - 1) ==
					    c->v[comma + 1].text + c->v[comma + 1].len - 1) {
					k->names++;
					free(k->bus_name);
					k->bus_name = vfile_text(c, comma + 1);
				} else {
					k->bad_name = 1;
				}
				/* "C = class_create(M, N);" then "if (IS_ERR(C))" and a known branch */
				a = close + 1;
				if (vfile_is(c, a, ";") && vfile_stmt_start(c, i - 2) && vfile_is(c, a + 1, "if") &&
				    vfile_is(c, a + 2, "(") && vfile_is(c, a + 3, "IS_ERR") && vfile_is(c, a + 4, "(") &&
				    vfile_is(c, a + 5, C) && vfile_is(c, a + 6, ")") && vfile_is(c, a + 7, ")")) {
					size_t b = a + 8;

					if (vfile_is(c, b, "return") && vfile_is(c, b + 1, "PTR_ERR") &&
					    vfile_is(c, b + 2, "(") && vfile_is(c, b + 3, C) && vfile_is(c, b + 4, ")") &&
					    vfile_is(c, b + 5, ";"))
						known = 1;
					else if (vfile_is(c, b, "goto") && vfile_is_ident(c, b + 1) && vfile_is(c, b + 2, ";"))
						known = 1;
					else if (vfile_is(c, b, "{"))
						known = error_block(c, b, C);
				}
				k->reg_known += known;
				/* the function has "int err;" or "int err = E;" */
				if (c->body[i] < c->nr)
					for (size_t t = c->body[i]; t < c->pair[c->body[i]]; t++)
						if (vfile_is(c, t, "int") && vfile_is(c, t + 1, "err") &&
						    (vfile_is(c, t + 2, ";") || vfile_is(c, t + 2, "=")))
							k->has_err = 1;
			} else if (vfile_is(c, i, "class_register") && vfile_is(c, i + 1, "(") &&
				   vfile_is(c, i + 2, "&") && vfile_is(c, i + 3, C) && vfile_is(c, i + 4, ")")) {
				k->reg++;
				/* "ret = class_register(&C);" then "if (ret)" and a known branch */
				if (vfile_assigned_call(c, i, &lhs) && vfile_is(c, i + 5, ";") &&
				    (a = vfile_if_on(c, i + 6, lhs, i - 1)) &&
				    (vfile_is(c, a, "return") || (vfile_is(c, a, "goto") && vfile_is_ident(c, a + 1) &&
							    vfile_is(c, a + 2, ";")) || vfile_is(c, a, "{")))
					k->reg_known++;
			} else if (vfile_is(c, i, ".") && vfile_is(c, i + 1, "class") && vfile_is(c, i + 2, "=") &&
				   c->brace[i] && i > 0 && (e = class_arg(c, i + 3, C)) &&
				   vfile_is(c, e, ";")) {
				char *dev = vfile_joined(c, vfile_expr_start(c, i - 1), i);

				push_once(&k->devs, dev);
				free(dev);
			} else if (vfile_is(c, i, "device_create") && vfile_is(c, i + 1, "(") &&
				   (e = class_arg(c, i + 2, C)) && vfile_is(c, e, ",")) {
				size_t close = c->pair[i + 1];

				k->devcreate++;
				/* "E = device_create(C, ...);", no E, then "if (IS_ERR(E))" */
				if (vfile_assigned_call(c, i, &lhs) && vfile_is(c, close + 1, ";") &&
				    c->body[i] < c->nr) {
					size_t end = c->pair[c->body[i]], t;
					char *dev = vfile_joined(c, lhs, i - 1);

					/*
					 * Skip E assigned again: another branch of an #if
					 * (the tokens hold them all, spatch follows one).
					 */
					for (t = close + 2; t < end; t++) {
						if (!vfile_same_tokens(c, t, lhs, i - 1))
							continue;
						if (vfile_stmt_start(c, t) && vfile_is(c, t + (i - 1 - lhs), "=")) {
							t = vfile_stmt_end(c, t);
							continue;
						}
						break;
					}
					if (t < end && t >= 4 && vfile_is(c, t - 1, "(") && vfile_is(c, t - 2, "IS_ERR") &&
					    vfile_is(c, t - 3, "(") && vfile_is(c, t - 4, "if") &&
					    vfile_is(c, t + (i - 1 - lhs), ")") && vfile_is(c, t + (i - lhs), ")")) {
						k->devcreate_known++;
						push_once(&k->devs, dev);
					}
					free(dev);
				}
			} else if (vfile_is(c, i, "device_destroy") && vfile_is(c, i + 1, "(") &&
				   (e = class_arg(c, i + 2, C)) && vfile_is(c, e, ",")) {
				k->devt = 1;
			}
		}
	}
	find_device_registrations(g, k);
}


/* Every device removed by device_unregister() or device_del(), joined. */
static void find_removals(struct virtual_bus_group *g)
{
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 2 < c->nr; i++)
			if ((vfile_is(c, i, "device_unregister") || vfile_is(c, i, "device_del")) &&
			    vfile_is(c, i + 1, "(") && c->pair[i + 1] < c->nr && c->brace[i]) {
				size_t a = vfile_is(c, i + 2, "&") ? i + 3 : i + 2;
				char *x = vfile_joined(c, a, c->pair[i + 1]);

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

char *virtual_bus_classes_prefix(const char *cls)
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

int virtual_bus_classes_names_word(const struct strbuf *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = text->buf; (p = memmem(p, text->len - (size_t)(p - text->buf), word, n)); p += n)
		if ((p == text->buf || !lex_ident_char(p[-1])) && !lex_ident_char(p[n]))
			return 1;
	return 0;
}

static void decide(struct virtual_bus_group *g, struct virtual_bus_class *k)
{
	char *prefix = virtual_bus_classes_prefix(k->name), *taken = xstrfmt("%s_bus_", prefix);

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

size_t virtual_bus_classes_find(struct virtual_bus_group *g, struct virtual_bus_class **out)
{
	struct strvec classes = STRVEC_INIT;
	struct virtual_bus_class *k;
	size_t nr;

	*out = NULL;
	find_declarations(g);
	if (!g->nr_ifaces)
		return 0;
	find_interface_uses(g);
	find_removals(g);
	for (size_t i = 0; i < g->nr_ifaces; i++) {
		struct virtual_bus_iface *f = &g->ifaces[i];

		/* one on add_dev/remove_dev is counted only to leave its class */
		if (f->classes.nr == 1 && (!f->unknown_use || f->callbacks)) {
			f->cls = f->classes.v[0];
			push_once(&classes, f->cls);
		}
	}
	strvec_sort(&classes);
	nr = classes.nr;
	k = xcalloc(nr + 1, sizeof(*k));
	for (size_t i = 0; i < nr; i++) {
		k[i].name = xstrdup(classes.v[i]);
		for (size_t f = 0; f < g->nr_ifaces; f++)
			if (g->ifaces[f].cls && !strcmp(g->ifaces[f].cls, k[i].name) &&
			    g->ifaces[f].callbacks)
				k[i].callbacks = 1;
		find_class_facts(g, &k[i]);
		decide(g, &k[i]);
	}
	for (size_t i = 0; i < g->nr_ifaces; i++) {
		struct virtual_bus_iface *f = &g->ifaces[i];

		if (f->cls && f->unknown_use)
			f->cls = NULL;
	}
	strvec_clear(&classes);
	*out = k;
	return nr;
}

void virtual_bus_classes_free(struct virtual_bus_class *k, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(k[i].name);
		strvec_clear(&k[i].devs);
		free(k[i].bus_name);
	}
	free(k);
}

void virtual_bus_classes_group_release(struct virtual_bus_group *g)
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
