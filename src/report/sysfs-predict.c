#include "report/sysfs.h"
#include "report/sysfs-read.h"
#include "analyze/prefilter.h"
#include "kernel/kernel-version.h"
#include "kernel/kernel.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A file is read when it mentions one of these. */
const char *const sysfs_prefilter_tokens[] = {
	"class_create", "struct class", "class_device", "CLASS_DEVICE", "class_interface",
	"device_create", "DEVICE_ATTR", "dev_attrs", NULL,
};

/* ---------------------------------------------------------------- parents */

static void resolve_parent(struct ctx *c, size_t dev)
{
	struct sysfs_device *d = &c->out->devices[dev];
	struct pending_parent *pp = &c->parents[dev];
	const struct lex_token *v = c->files[pp->file].t.v;
	size_t from = 0;
	const struct binding *b;
	char *key, *text;

	if (pp->kind == 1) {
		const struct assign *cd = sysfs_devices_find_assign(c, pp->key, "parent", pp->file);
		const struct assign *pd = sysfs_devices_find_assign(c, pp->key, "dev", pp->file);

		if (cd && pp->device_api) {
			/* struct device's parent: a class device, or any other device */
			pp->file = cd->file;
			pp->func = cd->func;
			pp->dev_start = cd->value_start;
			pp->dev_end = cd->value_end;
		} else if (cd && !sysfs_read_is_null(c->files[cd->file].t.v, cd->value_start, cd->value_end)) {
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
			sysfs_devices_device_note(d, "parent: nothing assigns its .dev or .parent where this analysis can see it (a macro or a caller may, or it stays NULL)");
			return;
		}
		v = c->files[pp->file].t.v;
	}
	if (pp->cd_end > pp->cd_start && !sysfs_read_is_null(v, pp->cd_start, pp->cd_end)) {
		key = sysfs_read_object_key(c, pp->file, pp->func, pp->cd_start, pp->cd_end, 0);
		text = sysfs_read_join(v, pp->cd_start, pp->cd_end);
		while ((b = sysfs_read_find_binding(c, key, &from))) {
			if (!b->is_class && b->index != dev) {
				d->parent_kind = SYSFS_PARENT_CLASS_DEVICE;
				d->parent_device = b->index;
				break;
			}
			if (b->is_class && c->out->classes[b->index].nr_devices) {
				d->parent_kind = SYSFS_PARENT_CLASS_DEVICE;
				d->parent_device = c->out->classes[b->index].devices[0];
				if (c->out->classes[b->index].nr_devices > 1)
					sysfs_devices_device_note(d, "parent: %s is any %s device; the first kind is shown",
						    text, c->out->classes[b->index].name);
				break;
			}
		}
		if (d->parent_kind != SYSFS_PARENT_CLASS_DEVICE) {
			d->parent_kind = SYSFS_PARENT_UNKNOWN;
			sysfs_devices_device_note(d, "parent: the class device %s is not one this analysis found", text);
		}
		free(text);
		free(key);
		return;
	}
	if (pp->dev_end <= pp->dev_start || sysfs_read_is_null(v, pp->dev_start, pp->dev_end)) {
		d->parent_kind = SYSFS_PARENT_NONE;
		return;
	}
	key = sysfs_read_object_key(c, pp->file, pp->func, pp->dev_start, pp->dev_end, 0);
	while ((b = sysfs_read_find_binding(c, key, &from))) {
		if (!b->is_class && b->index != dev) {
			d->parent_kind = SYSFS_PARENT_CLASS_DEVICE;
			d->parent_device = b->index;
			free(key);
			return;
		}
	}
	free(key);
	d->parent_kind = SYSFS_PARENT_DEVICE;
	d->parent = sysfs_read_join(v, pp->dev_start, pp->dev_end);
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

	sort_array(v, *nr, sizeof(*v), compare_attrs);
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

int sysfs_predict_clashes(const char *name)
{
	return kernel_is_device_entry(name, strlen(name));
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

	/* r->classes is NULL when there are none: memcpy's pointers must not be. */
	if (r->nr_classes)
		memcpy(classes, r->classes, r->nr_classes * sizeof(*classes));
	sort_array(classes, r->nr_classes, sizeof(*classes), compare_classes);
	for (size_t i = 0; i < r->nr_classes; i++)
		for (size_t j = 0; j < r->nr_classes; j++)
			if (!memcmp(&classes[i], &r->classes[j], sizeof(*classes)))
				class_new[j] = i;
	for (size_t i = 0; i < r->nr_devices; i++)
		r->devices[i].class_index = class_new[r->devices[i].class_index];
	if (r->nr_classes)
		memcpy(r->classes, classes, r->nr_classes * sizeof(*classes));

	for (size_t i = 0; i < r->nr_devices; i++)
		dev_order[i] = i;
	sort_report = r;
	sort_array(dev_order, r->nr_devices, sizeof(size_t), compare_device_index);
	for (size_t i = 0; i < r->nr_devices; i++) {
		devices[i] = r->devices[dev_order[i]];
		dev_new[dev_order[i]] = i;
	}
	for (size_t i = 0; i < r->nr_devices; i++)
		if (devices[i].parent_kind == SYSFS_PARENT_CLASS_DEVICE)
			devices[i].parent_device = dev_new[devices[i].parent_device];
	if (r->nr_devices)
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
			d->attrs[a].clash = sysfs_predict_clashes(d->attrs[a].name);
			r->clashes += d->attrs[a].clash;
		}
	}
	for (size_t k = 0; k < r->nr_classes; k++) {
		sort_unique_attrs(r->classes[k].attrs, &r->classes[k].nr_attrs);
		for (size_t a = 0; a < r->classes[k].nr_attrs; a++)
			r->classes[k].attrs[a].clash = sysfs_predict_clashes(r->classes[k].attrs[a].name);
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
	lex_tokens_release(&f->t);
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

	prefilter_files(tree, files, sysfs_prefilter_tokens, jobs, &cands, NULL, NULL);
	sysfs_analyze_candidates(tree, kernel, &cands, out);
	strvec_clear(&cands);
}

void sysfs_analyze_candidates(const char *tree, const char *kernel, const struct strvec *candidates,
			      struct sysfs_report *out)
{
	const struct strvec cands = *candidates;
	unsigned version = kernel_version_code(kernel ? kernel : tree);
	struct ctx c;

	memset(&c, 0, sizeof(c));
	c.tree = tree;
	c.out = out;
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
		f->core = kernel_is_class_device_core(f->path);
		lex_tokenize_cond(f->text.buf, f->text.len, &f->t, kernel_version_condition, &version);
		sysfs_read_file(&c, f);
		c.nr_files++;
	}

	sysfs_devices_read_classes(&c);
	sysfs_devices_read_assignments(&c);
	sysfs_devices_read_field_inits(&c);
	sysfs_devices_read_interfaces(&c);
	sysfs_devices_read_created(&c);
	sysfs_devices_read_registered(&c);
	sysfs_devices_read_factory_calls(&c);
	sysfs_attrs_read(&c);
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

