#include "report/sysfs.h"

#include <stdlib.h>
#include <string.h>

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
