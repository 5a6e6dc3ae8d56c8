#include "report/writer.h"
#include "analyze/output.h"

#include <string.h>

static json_t *counts_json(const struct report_count *v, size_t nr, int steps)
{
	json_t *a = json_array();

	for (size_t i = 0; i < nr; i++) {
		json_t *o = json_object();

		if (steps)
			json_object_set_new(o, "step", v[i].order == REPORT_GROUP_INACTIVE ? json_null()
											: json_integer(v[i].order));
		json_object_set_new(o, "name", json_string(v[i].name));
		json_object_set_new(o, "sites", json_integer((json_int_t)v[i].sites));
		json_object_set_new(o, "files", json_integer((json_int_t)v[i].files));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *location_json(const char *file, unsigned line, unsigned column, size_t start, size_t end)
{
	json_t *o = json_object();

	json_object_set_new(o, "file", json_string(file));
	json_object_set_new(o, "line", json_integer(line));
	json_object_set_new(o, "column", json_integer(column));
	json_object_set_new(o, "start", json_integer((json_int_t)start));
	json_object_set_new(o, "end", json_integer((json_int_t)end));
	return o;
}

json_t *writer_json_userspace(const struct userspace_report *r)
{
	json_t *o = json_object(), *paths = json_array(), *findings = json_array(), *warnings = json_array();

	for (size_t i = 0; i < r->paths.nr; i++)
		json_array_append_new(paths, json_string(r->paths.v[i]));
	for (size_t i = 0; i < r->nr; i++) {
		const struct userspace_finding *f = &r->findings[i];
		json_t *j = json_object();

		json_object_set_new(j, "file", json_string(f->file));
		json_object_set_new(j, "line", json_integer(f->line));
		json_object_set_new(j, "source", json_string(f->script ? "script" : "rule"));
		json_object_set_new(j, "text", json_string(f->text));
		json_object_set_new(j, "change", json_string(userspace_change_name(f->change)));
		json_object_set_new(j, "key", json_string(f->key));
		json_object_set_new(j, "class", json_string(f->class_name));
		json_object_set_new(j, "device", json_string(f->device));
		json_object_set_new(j, "step", json_integer(f->step));
		json_object_set_new(j, "step_name", json_string(f->step_name));
		json_object_set_new(j, "what", json_string(f->what));
		json_object_set_new(j, "rewrite", json_string(f->rewrite));
		json_array_append_new(findings, j);
	}
	for (size_t i = 0; i < r->warnings.nr; i++)
		json_array_append_new(warnings, json_string(r->warnings.v[i]));
	json_object_set_new(o, "paths", paths);
	json_object_set_new(o, "rules_files", json_integer((json_int_t)r->rules_files));
	json_object_set_new(o, "rules", json_integer((json_int_t)r->nr_rules));
	json_object_set_new(o, "scripts", json_integer((json_int_t)r->nr_scripts));
	json_object_set_new(o, "findings", findings);
	json_object_set_new(o, "warnings", warnings);
	return o;
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

json_t *writer_json_sysfs(const struct sysfs_report *r)
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

static json_t *summary_json(const struct report *r)
{
	json_t *summary = json_object(), *deletion = json_object();
	char *text = report_deletion_text(r);

	json_object_set_new(summary, "sites", json_integer((json_int_t)r->nr));
	json_object_set_new(summary, "files", json_integer((json_int_t)r->files));
	json_object_set_new(summary, "blocking", json_integer((json_int_t)r->blocking));
	json_object_set_new(deletion, "possible", json_boolean(report_deletion_possible(r)));
	json_object_set_new(deletion, "text", json_string(text));
	json_object_set_new(summary, "deletion", deletion);
	if (r->migration) {
		json_t *conv = json_object();

		json_object_set_new(conv, "sites", json_integer((json_int_t)r->migration->sites_converted));
		json_object_set_new(conv, "files", json_integer((json_int_t)r->migration->files_changed));
		json_object_set_new(conv, "source", json_string(r->migration->source));
		json_object_set_new(summary, "converted", conv);
	} else {
		json_object_set_new(summary, "converted", json_null());
	}
	json_object_set_new(summary, "failures", json_integer((json_int_t)r->nr_failures));
	json_object_set_new(summary, "unused_exports",
			    r->exports_done ? json_integer((json_int_t)r->exports.nr) : json_null());
	json_object_set_new(summary, "steps", counts_json(r->steps, r->nr_steps, 1));
	json_object_set_new(summary, "subsystems", counts_json(r->subsystems, r->nr_subsystems, 0));
	json_object_set_new(summary, "reasons", counts_json(r->reasons, r->nr_reasons, 0));
	free(text);
	return summary;
}

static json_t *item_json(const struct report_item *it)
{
	json_t *s = json_object();

	json_object_set_new(s, "id", json_string(it->id));
	json_object_set_new(s, "file", json_string(it->file));
	json_object_set_new(s, "line", json_integer(it->line));
	json_object_set_new(s, "column", json_integer(it->column));
	json_object_set_new(s, "kind", json_string(it->kind));
	json_object_set_new(s, "symbol", json_string(it->symbol));
	json_object_set_new(s, "function", it->function ? json_string(it->function) : json_null());
	json_object_set_new(s, "subsystem", json_string(it->subsystem));
	json_object_set_new(s, "step", it->group == REPORT_GROUP_INACTIVE ? json_null() : json_integer(it->group));
	json_object_set_new(s, "step_name", json_string(report_group_name(it->group)));
	json_object_set_new(s, "blocks", json_boolean(it->blocks));
	json_object_set_new(s, "reason", json_string(it->reason));
	json_object_set_new(s, "detail", json_string(it->detail));
	return s;
}

static json_t *failure_json(const struct report_failure *f)
{
	json_t *j = json_object();

	json_object_set_new(j, "file", json_string(f->file));
	json_object_set_new(j, "source", json_string(f->source));
	json_object_set_new(j, "status", json_string(f->status));
	json_object_set_new(j, "errors", json_integer(f->errors));
	json_object_set_new(j, "detail", json_string(f->detail));
	return j;
}

/* The unused exports, or null out of tree. */
static json_t *exports_json(const struct report *r)
{
	json_t *ex;

	if (!r->exports_done)
		return json_null();
	ex = json_array();
	for (size_t i = 0; i < r->exports.nr; i++) {
		const struct export_entry *e = &r->exports.v[i];
		json_t *j = json_object();

		json_object_set_new(j, "symbol", json_string(e->symbol));
		json_object_set_new(j, "macro", json_string(e->macro));
		json_object_set_new(j, "definition",
				    location_json(e->def_file, e->def_line, e->def_column, e->def_start, e->def_end));
		json_object_set_new(j, "export", location_json(e->export_file, e->export_line, e->export_column,
							       e->export_start, e->export_end));
		json_array_append_new(ex, j);
	}
	return ex;
}

/* The last migration, or null. */
static json_t *migration_json(const struct report_migration *migration)
{
	json_t *m, *steps;

	if (!migration)
		return json_null();
	m = json_object();
	steps = json_array();
	json_object_set_new(m, "source", json_string(migration->source));
	json_object_set_new(m, "tree", json_string(migration->tree));
	for (size_t i = 0; i < migration->nr_steps; i++) {
		const struct report_migration_step *st = &migration->steps[i];
		json_t *j = json_object();

		json_object_set_new(j, "order", json_integer(st->order));
		json_object_set_new(j, "name", json_string(st->name));
		json_object_set_new(j, "action", json_string(st->action));
		json_object_set_new(j, "files_changed", json_integer((json_int_t)st->files_changed));
		json_object_set_new(j, "sites_converted", json_integer((json_int_t)st->sites_converted));
		json_array_append_new(steps, j);
	}
	json_object_set_new(m, "steps", steps);
	return m;
}

static json_t *mentions_json(const struct report *r)
{
	json_t *m = json_object(), *words = json_array();
	size_t strings = 0;

	for (size_t i = 0; i < r->nr_mentions; i++) {
		const struct report_mention *w = &r->mentions[i];
		json_t *j = json_object();

		strings += w->in_string;
		json_object_set_new(j, "file", json_string(w->file));
		json_object_set_new(j, "line", json_integer(w->line));
		json_object_set_new(j, "column", json_integer(w->column));
		json_object_set_new(j, "word", json_string(w->word));
		json_object_set_new(j, "in", json_string(w->in_string ? "string" : "comment"));
		json_array_append_new(words, j);
	}
	json_object_set_new(m, "comments", json_integer((json_int_t)(r->nr_mentions - strings)));
	json_object_set_new(m, "strings", json_integer((json_int_t)strings));
	json_object_set_new(m, "files", json_integer((json_int_t)r->mention_files));
	json_object_set_new(m, "words", words);
	return m;
}

static json_t *series_json(const struct report *r)
{
	json_t *series = json_array();

	for (size_t i = 0; i < r->nr_patches; i++) {
		json_t *j = json_object();
		const char *base = strrchr(r->patches[i].path, '/');

		json_object_set_new(j, "patch", json_string(base ? base + 1 : r->patches[i].path));
		json_object_set_new(j, "subject", json_string(r->patches[i].subject));
		json_object_set_new(j, "subsystem", json_string(r->patches[i].subsystem));
		json_array_append_new(series, j);
	}
	return series;
}

static json_t *baseline_json(const struct report *r)
{
	json_t *b = json_object(), *ns = json_array(), *nf = json_array();

	json_object_set_new(b, "file", json_string(r->baseline->file));
	for (size_t i = 0; i < r->baseline->nr_new_items; i++)
		json_array_append_new(ns, json_string(r->items[r->baseline->new_items[i]].id));
	for (size_t i = 0; i < r->baseline->nr_new_failures; i++)
		json_array_append_new(nf, json_string(r->baseline->new_failures[i]));
	json_object_set_new(b, "new_sites", ns);
	json_object_set_new(b, "new_parse_failures", nf);
	json_object_set_new(b, "gone", json_integer((json_int_t)r->baseline->gone));
	return b;
}

json_t *writer_json_report(const struct report *r)
{
	json_t *o = json_object(), *sites = json_array(), *fails = json_array();

	json_object_set_new(o, "tree", json_string(r->tree_name));
	json_object_set_new(o, "path", json_string(r->tree_path));
	json_object_set_new(o, "summary", summary_json(r));
	for (size_t i = 0; i < r->nr; i++)
		json_array_append_new(sites, item_json(&r->items[i]));
	json_object_set_new(o, "sites", sites);
	for (size_t i = 0; i < r->nr_failures; i++)
		json_array_append_new(fails, failure_json(&r->failures[i]));
	json_object_set_new(o, "failures", fails);
	json_object_set_new(o, "unused_exports", exports_json(r));
	json_object_set_new(o, "sysfs", writer_json_sysfs(&r->sysfs));
	json_object_set_new(o, "migration", migration_json(r->migration));
	json_object_set_new(o, "mentions", mentions_json(r));
	if (r->nr_patches)
		json_object_set_new(o, "series", series_json(r));
	if (r->userspace.checked)
		json_object_set_new(o, "userspace", writer_json_userspace(&r->userspace));
	if (r->baseline)
		json_object_set_new(o, "baseline", baseline_json(r));
	return o;
}

static int write_json(FILE *out, const struct report *r)
{
	json_t *o = writer_json_report(r);
	int rc = output_json_print(out, o);

	json_decref(o);
	return rc;
}

const struct writer writer_json = {
	"json",
	"see cdmigrate(1); every site has an \"id\" that survives\n"
	"line moves\n",
	write_json,
};
