#define _GNU_SOURCE
#include "rewrite/virtual-bus.h"
#include "kernel/manifest.h"
#include "rewrite/vfile.h"
#include "rewrite/virtual-bus-classes.h"
#include "rewrite/virtual-bus-template.h"

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

static void push_once(struct strvec *v, const char *s)
{
	if (!strvec_has(v, s))
		strvec_push(v, s);
}

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

struct plan {
	const struct virtual_bus_template *t;
	int mutex;			/* the kernel has struct mutex (kernel.h) */
	struct edit_set edits;
	struct strvec done;		/* classes converted by an earlier group */
};

/* Where a class's declarations go: its externs, else its register functions' prototypes. */
struct decl_sites {
	struct strvec extern_files, proto_files;
	struct strvec helpers;		/* the class's register functions, sorted */
	struct virtual_bus_where *externs, *protos;
	size_t nr_externs, alloc_externs, nr_protos, alloc_protos;
	const char *fh_file;
	char *fh;			/* the first register function by (file, name) */
};

static void note_prototype(struct decl_sites *d, const struct vfile *c, size_t fi, size_t i)
{
	size_t close = vfile_is(c, i + 5, ")") ? i + 5 : i + 6;
	char *fn = vfile_text(c, i);

	if (vfile_is(c, close + 1, ";") && strvec_has(&d->helpers, fn)) {
		ALLOC_GROW(d->protos, d->nr_protos + 1, d->alloc_protos);
		d->protos[d->nr_protos].file = fi;
		d->protos[d->nr_protos++].tok = i;
		push_once(&d->proto_files, c->rf->path);
		/* the first of the (file, function) pairs */
		if (!d->fh || strcmp(c->rf->path, d->fh_file) < 0 ||
		    (!strcmp(c->rf->path, d->fh_file) && strcmp(fn, d->fh) < 0)) {
			d->fh_file = c->rf->path;
			free(d->fh);
			d->fh = fn;
			fn = NULL;
		}
	}
	free(fn);
}

static void find_decl_sites(const struct virtual_bus_group *g, const struct virtual_bus_class *k,
			    struct decl_sites *d)
{
	memset(d, 0, sizeof(*d));
	for (size_t h = 0; h < g->nr_helpers; h++)
		if (!strcmp(g->helpers[h].cls, k->name))
			push_once(&d->helpers, g->helpers[h].name);
	strvec_sort(&d->helpers);
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];

		for (size_t i = 0; i + 3 < c->nr; i++) {
			if (c->brace[i])
				continue;
			if (vfile_is(c, i, "extern") && vfile_is(c, i + 1, "struct") && vfile_is(c, i + 2, "class") &&
			    ((vfile_is(c, i + 3, k->name) && vfile_is(c, i + 4, ";")) ||
			     (vfile_is(c, i + 3, "*") && vfile_is(c, i + 4, k->name) && vfile_is(c, i + 5, ";")))) {
				ALLOC_GROW(d->externs, d->nr_externs + 1, d->alloc_externs);
				d->externs[d->nr_externs].file = fi;
				d->externs[d->nr_externs++].tok = vfile_is(c, i + 4, ";") ? i + 4 : i + 5;
				push_once(&d->extern_files, c->rf->path);
			}
			if (vfile_is_ident(c, i) && vfile_is(c, i + 1, "(") && vfile_is(c, i + 2, "struct") &&
			    vfile_is(c, i + 3, "class_interface") && vfile_is(c, i + 4, "*") &&
			    (vfile_is(c, i + 5, ")") || (vfile_is_ident(c, i + 5) && vfile_is(c, i + 6, ")"))))
				note_prototype(d, c, fi, i);
		}
	}
}

static void decl_sites_release(struct decl_sites *d)
{
	strvec_clear(&d->extern_files);
	strvec_clear(&d->proto_files);
	strvec_clear(&d->helpers);
	free(d->externs);
	free(d->protos);
	free(d->fh);
}

/* The bus: after the export of the class, or after its definition. */
static void insert_bus(struct plan *pl, struct virtual_bus_group *g, const struct virtual_bus_class *k,
		       const struct virtual_bus_names *n)
{
	struct strbuf text = STRBUF_INIT;
	struct vfile *owner = &g->f[k->def.file];

	strbuf_addch(&text, '\n');
	virtual_bus_template_render(pl->t, "bus", n, &text);
	if (virtual_bus_classes_exported(g, k->name)) {
		for (size_t fi = 0; fi < g->nr; fi++) {
			const struct vfile *c = &g->f[fi];

			for (size_t i = 0; i + 4 < c->nr; i++)
				if (!c->brace[i] && (vfile_is(c, i, "EXPORT_SYMBOL") || vfile_is(c, i, "EXPORT_SYMBOL_GPL")) &&
				    vfile_is(c, i + 1, "(") && vfile_is(c, i + 2, k->name) && vfile_is(c, i + 3, ")") &&
				    vfile_is(c, i + 4, ";"))
					insert_at(&pl->edits, c->rf, line_after(c->rf->content, c->v[i + 4].offset),
						  hidden(&text));
		}
	} else {
		insert_at(&pl->edits, owner->rf,
			  line_after(owner->rf->content, owner->v[k->def.tok].offset), hidden(&text));
	}
	strbuf_release(&text);
}

/* Its declarations: after the extern of the class, else before the prototypes. */
static void insert_declarations(struct plan *pl, struct virtual_bus_group *g, const struct decl_sites *d,
				const struct virtual_bus_names *n)
{
	struct strbuf text = STRBUF_INIT;

	if (d->nr_externs) {
		strbuf_addch(&text, '\n');
		virtual_bus_template_render(pl->t, "extern-comment", n, &text);
		virtual_bus_template_render(pl->t, "header", n, &text);
		for (size_t x = 0; x < d->nr_externs; x++) {
			const struct vfile *c = &g->f[d->externs[x].file];

			insert_at(&pl->edits, c->rf, line_after(c->rf->content, c->v[d->externs[x].tok].offset),
				  hidden(&text));
		}
	} else if (d->fh) {
		virtual_bus_template_render(pl->t, "function-comment", n, &text);
		virtual_bus_template_render(pl->t, "header", n, &text);
		strbuf_addch(&text, '\n');
		for (size_t x = 0; x < d->nr_protos; x++) {
			const struct vfile *c = &g->f[d->protos[x].file];
			size_t s = vfile_decl_start(c, d->protos[x].tok);

			if (!vfile_is(c, d->protos[x].tok, d->fh))
				continue;
			insert_at(&pl->edits, c->rf, lex_line_start(c->rf->content->buf, c->v[s].offset),
				  hidden(&text));
		}
	}
	strbuf_release(&text);
}

static void insert_includes(struct plan *pl, struct virtual_bus_group *g, const struct decl_sites *d,
			    const struct vfile *owner)
{
	size_t at;

	/* a header that gains the driver struct needs struct device_driver */
	for (size_t fi = 0; fi < g->nr; fi++) {
		const struct vfile *c = &g->f[fi];
		const struct strvec *hdrs = d->nr_externs ? &d->extern_files : &d->proto_files;

		if (!strvec_has(hdrs, c->rf->path) || !ends_with(c->rf->path, ".h") ||
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
}

/* The names virtual-bus.cocci works with, appended to the owner. */
static void insert_markers(struct plan *pl, struct virtual_bus_group *g, const struct virtual_bus_class *k,
			   const struct strvec *helpers, const char *prefix)
{
	struct strbuf marks = STRBUF_INIT;

	strbuf_addf(&marks, MARKER "(%s, %s_bus_type, %s_bus_add_device, %s_bus_del_device, "
		    "%s_bus_del_devt);\n", k->name, prefix, prefix, prefix, prefix);
	if (!k->has_err)
		strbuf_addf(&marks, MARKER "_ERR(%s);\n", k->name);
	for (size_t h = 0; h < helpers->nr; h++)
		strbuf_addf(&marks, MARKER "_HELPER(%s, %s_bus_driver, %s_bus_register_driver);\n",
			    helpers->v[h], prefix, prefix);
	for (size_t i = 0; i < g->nr_ifaces; i++) {
		const struct virtual_bus_iface *f = &g->ifaces[i];
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
			if (strvec_has(&f->files, g->f[fi].rf->path) &&
			    virtual_bus_classes_names_word(g->f[fi].rf->content, name)) {
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
	insert_at(&pl->edits, g->f[k->def.file].rf, (size_t)-1, strbuf_detach(&marks, NULL));
}

static void convert(struct plan *pl, struct virtual_bus_group *g, const struct virtual_bus_class *k)
{
	char *prefix = virtual_bus_classes_prefix(k->name);
	struct virtual_bus_names n;
	struct decl_sites d;
	const char *export;
	char *bus_name;

	find_decl_sites(g, k, &d);
	export = virtual_bus_classes_exported(g, k->name);
	for (size_t h = 0; h < d.helpers.nr && !export; h++)
		export = virtual_bus_classes_exported(g, d.helpers.v[h]);
	memset(&n, 0, sizeof(n));
	n.prefix = prefix;
	n.cls = k->name;
	bus_name = xstrfmt("%.*s_bus\"", (int)strlen(k->bus_name) - 1, k->bus_name);
	n.name = bus_name;
	n.is_static = !d.extern_files.nr && !d.proto_files.nr;
	n.export = n.is_static ? NULL : export;
	n.devt = k->devt;
	n.mutex = pl->mutex;

	insert_bus(pl, g, k, &n);
	insert_declarations(pl, g, &d, &n);
	insert_includes(pl, g, &d, &g->f[k->def.file]);
	insert_markers(pl, g, k, &d.helpers, prefix);
	push_once(&pl->done, k->name);

	decl_sites_release(&d);
	free(bus_name);
	free(prefix);
}

static void run_group(struct plan *pl, struct virtual_bus_group *g)
{
	struct virtual_bus_class *k;
	size_t nr = virtual_bus_classes_find(g, &k);

	for (size_t i = 0; i < nr; i++)
		if (!k[i].left && !strvec_has(&pl->done, k[i].name))
			convert(pl, g, &k[i]);
	virtual_bus_classes_free(k, nr);
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
		struct virtual_bus_group g = VIRTUAL_BUS_GROUP_INIT;

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
		virtual_bus_classes_group_release(&g);
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
