#define _GNU_SOURCE
#include "engine/engine.h"
#include "engine/journal.h"
#include "engine/series.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The step a site kind is converted by (report's grouping). */
static unsigned step_of_kind(const char *kind)
{
	if (!strcmp(kind, "static-class"))
		return 10;
	if (!strcmp(kind, "class-interface"))
		return 50;
	if (!strcmp(kind, "inactive"))
		return 0;
	return 40;
}

static int site_survives(const struct site *s, const struct site_list *after)
{
	for (size_t i = 0; i < after->nr; i++) {
		const struct site *a = &after->items[i];

		if (!strcmp(a->file, s->file) && !strcmp(a->kind, s->kind) &&
		    !strcmp(a->symbol, s->symbol))
			return 1;
	}
	return 0;
}

static void converted_sites(struct engine *e, size_t step, const char *subsystem,
			    const struct site_list *before, const struct site_list *after,
			    struct strvec *lines, unsigned *count)
{
	unsigned order = e->plan.steps[step].step->order;

	for (size_t i = 0; i < before->nr; i++) {
		const struct site *s = &before->items[i];
		struct work_file *f = engine_find_file(e, s->file);
		int touched = 0;

		if (!f || f->excluded || strcmp(f->subsystem, subsystem))
			continue;
		if (step_of_kind(s->kind) != order || site_survives(s, after))
			continue;
		for (size_t c = 0; c < e->nr_changes; c++)
			touched |= e->changes[c].step == step && &e->files[e->changes[c].file] == f;
		if (!touched)
			continue;
		strvec_pushf(lines, "%s:%u:%u: %s: %s", s->file, s->line, s->column, s->kind, s->symbol);
		(*count)++;
	}
}

/* verify's units: the file whose new error held each back, that error, its files. */
static json_t *units_json(struct engine *e)
{
	json_t *units = json_array();

	for (size_t i = 0; i < e->held_units.nr; i++) {
		char *copy = xstrdup(e->held_units.v[i]), *rest = copy;
		char *cause = strsep(&rest, "\t"), *error = rest ? strsep(&rest, "\t") : NULL;
		json_t *u = json_object(), *files = json_array();

		while (rest)
			json_array_append_new(files, json_string(strsep(&rest, "\t")));
		json_object_set_new(u, "cause", json_string(cause));
		json_object_set_new(u, "error", json_string(error ? error : ""));
		json_object_set_new(u, "files", files);
		json_array_append_new(units, u);
		free(copy);
	}
	return units;
}

static json_t *report_json(struct engine *e, const struct migrate_stats *stats,
			   const unsigned *step_sites)
{
	json_t *o = json_object(), *steps = json_array(), *files = json_array();

	json_object_set_new(o, "tree", json_string(e->plan.tree));
	for (size_t i = 0; i < e->plan.nr; i++) {
		json_t *s = json_object();

		json_object_set_new(s, "order", json_integer(e->plan.steps[i].step->order));
		json_object_set_new(s, "name", json_string(e->plan.steps[i].step->name));
		json_object_set_new(s, "action", json_string(i < stats->nr && stats->steps[i].refused
							     ? "refused" : plan_action_name(e->plan.steps[i].action)));
		json_object_set_new(s, "files_changed", json_integer(i < stats->nr ? stats->steps[i].files_changed : 0));
		json_object_set_new(s, "sites_converted", json_integer(step_sites[i]));
		json_array_append_new(steps, s);
	}
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];
		json_t *o2;

		if (!f->status && !verify_is_changed(f))
			continue;
		o2 = json_object();
		json_object_set_new(o2, "file", json_string(f->path));
		json_object_set_new(o2, "step", json_string(f->status_step ? f->status_step : ""));
		json_object_set_new(o2, "status", json_string(f->status ? f->status : "converted"));
		json_object_set_new(o2, "detail", json_string(f->detail ? f->detail : ""));
		json_array_append_new(files, o2);
	}
	json_object_set_new(o, "steps", steps);
	json_object_set_new(o, "files", files);
	json_object_set_new(o, "held_back_units", units_json(e));
	return o;
}

static int write_json_atomically(const char *path, json_t *value)
{
	char *tmp = xstrfmt("%s.tmp", path);
	char *text = json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	char *line = text ? xstrfmt("%s\n", text) : NULL;
	int rc = 0;

	if (!line || working_set_write_file(tmp, line, strlen(line)) < 0)
		rc = -1;
	else if (rename(tmp, path) < 0)
		rc = error_errno("%s: cannot write", path);
	free(line);
	free(text);
	free(tmp);
	return rc;
}

int result_write(struct engine *e, struct migrate_stats *stats,
		 const struct site_list *before_sites, const struct site_list *after_sites)
{
	struct series_patch *patches = NULL;
	size_t nr_patches = 0, alloc_patches = 0;
	unsigned *step_sites = xcalloc(e->plan.nr + 1, sizeof(unsigned));
	json_t *report;
	int rc = 0;

	for (size_t s = 0; s < e->plan.nr; s++) {
		const struct manifest_variant *variant =
			manifest_variant(e->plan.steps[s].step, e->opts->variant);
		struct strvec subsystems = STRVEC_INIT;

		for (size_t c = 0; c < e->nr_changes; c++) {
			struct work_file *f = &e->files[e->changes[c].file];

			if (e->changes[c].step == s && !f->excluded && !engine_in_strvec(&subsystems, f->subsystem))
				strvec_push(&subsystems, f->subsystem);
		}
		strvec_sort(&subsystems);
		for (size_t u = 0; u < subsystems.nr; u++) {
			struct series_patch *p;
			unsigned count = 0;

			ALLOC_GROW(patches, nr_patches + 1, alloc_patches);
			p = &patches[nr_patches++];
			memset(p, 0, sizeof(*p));
			p->step_order = e->plan.steps[s].step->order;
			p->step_name = e->plan.steps[s].step->name;
			p->step_title = variant ? variant->title : e->plan.steps[s].step->title;
			p->body = variant ? variant->description : e->plan.steps[s].step->description;
			p->subsystem = xstrdup(subsystems.v[u]);
			p->sites = (struct strvec)STRVEC_INIT;
			for (size_t c = 0; c < e->nr_changes; c++) {
				struct work_file *f = &e->files[e->changes[c].file];

				if (e->changes[c].step != s || f->excluded || strcmp(f->subsystem, subsystems.v[u]))
					continue;
				p->files = xrealloc(p->files, (p->nr_files + 1) * sizeof(*p->files));
				p->files[p->nr_files].path = f->path;
				p->files[p->nr_files].diff = e->changes[c].diff;
				p->nr_files++;
			}
			converted_sites(e, s, subsystems.v[u], before_sites, after_sites, &p->sites, &count);
			step_sites[s] += count;
		}
		strvec_clear(&subsystems);
	}
	report = report_json(e, stats, step_sites);
	if (e->opts->in_place) {
		struct journal_edit_list edits = JOURNAL_EDIT_LIST_INIT;
		char *dir = path_join(e->opts->tree, ".cdmigrate");
		char *path = path_join(dir, "migrate.json");

		for (size_t i = 0; i < e->nr; i++)
			if (verify_is_changed(&e->files[i]))
				journal_edit_list_add(&edits, e->files[i].path,
						      e->files[i].original.buf, e->files[i].original.len,
						      e->files[i].current.buf, e->files[i].current.len);
		if (edits.nr && journal_apply(e->opts->tree, edits.v, edits.nr, "migrate") < 0)
			rc = -1;
		if (rc == 0 && (mkdir(dir, 0755) == 0 || errno == EEXIST))
			rc = write_json_atomically(path, report);
		journal_edit_list_clear(&edits);
		free(path);
		free(dir);
	} else {
		struct strbuf cover = STRBUF_INIT;
		char *path;

		strbuf_addf(&cover, "This series retires struct class_device from %s, one subsystem\n"
			    "per patch, in the order of the migration plan (cdmigrate plan).\n",
			    e->plan.tree);
		if (stats->held_back || stats->conflicts || stats->failures)
			strbuf_addf(&cover, "\nLeft out: %u file(s) held back by verify, %u with conflicting\n"
				    "edits, %u where spatch failed; see report.json.\n",
				    stats->held_back, stats->conflicts, stats->failures);
		for (size_t s = 0; s < stats->nr; s++)
			if (stats->steps[s].refused)
				strbuf_addf(&cover, "\nStep %u %s was refused (its error says why): nothing of it is in\n"
					    "this series.\n", stats->steps[s].order, stats->steps[s].name);
		rc = series_write(e->opts->out_dir, patches, nr_patches, cover.buf);
		strbuf_release(&cover);
		path = path_join(e->opts->out_dir, "report.json");
		if (rc == 0)
			rc = write_json_atomically(path, report);
		free(path);
	}
	for (size_t i = 0; i < nr_patches; i++) {
		free(patches[i].files);
		free((char *)patches[i].subsystem);
		strvec_clear(&patches[i].sites);
	}
	free(patches);
	free(step_sites);
	json_decref(report);
	return rc;
}

