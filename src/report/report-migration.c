#include "report/report-migration.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

void report_migration_free(struct report_migration *m)
{
	if (!m)
		return;
	free(m->source);
	free(m->tree);
	for (size_t i = 0; i < m->nr_steps; i++) {
		free(m->steps[i].name);
		free(m->steps[i].action);
	}
	free(m->steps);
	for (size_t i = 0; i < m->nr_files; i++) {
		free(m->files[i].file);
		free(m->files[i].step);
		free(m->files[i].status);
		free(m->files[i].detail);
	}
	free(m->files);
	for (size_t i = 0; i < m->nr_units; i++) {
		free(m->units[i].cause);
		free(m->units[i].error);
		strvec_clear(&m->units[i].files);
	}
	free(m->units);
	free(m);
}

static char *json_str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return xstrdup(s ? s : "");
}

int report_migration_read(const char *path, struct report_migration **out)
{
	json_error_t err;
	json_t *root = json_load_file(path, 0, &err), *steps, *files, *units;
	struct report_migration *m;
	size_t i;

	if (!root)
		return error("%s:%d: not a migration record (%s): rerun cdmigrate migrate", path, err.line,
			     err.text);
	steps = json_object_get(root, "steps");
	files = json_object_get(root, "files");
	if (!json_is_object(root) || !json_is_array(steps) || !json_is_array(files)) {
		json_decref(root);
		return error("%s: not a migration record (no steps and files): rerun cdmigrate migrate", path);
	}
	m = xcalloc(1, sizeof(*m));
	m->source = xstrdup(path);
	m->tree = json_str(root, "tree");
	m->steps = xcalloc(json_array_size(steps) + 1, sizeof(*m->steps));
	m->files = xcalloc(json_array_size(files) + 1, sizeof(*m->files));
	for (i = 0; i < json_array_size(steps); i++) {
		json_t *s = json_array_get(steps, i);
		struct report_migration_step *st = &m->steps[m->nr_steps++];

		st->order = (unsigned)json_integer_value(json_object_get(s, "order"));
		st->name = json_str(s, "name");
		st->action = json_str(s, "action");
		st->files_changed = (size_t)json_integer_value(json_object_get(s, "files_changed"));
		st->sites_converted = (size_t)json_integer_value(json_object_get(s, "sites_converted"));
		m->files_changed += st->files_changed;
		m->sites_converted += st->sites_converted;
	}
	for (i = 0; i < json_array_size(files); i++) {
		json_t *f = json_array_get(files, i);
		struct report_migration_file *mf = &m->files[m->nr_files++];

		mf->file = json_str(f, "file");
		mf->step = json_str(f, "step");
		mf->status = json_str(f, "status");
		mf->detail = json_str(f, "detail");
	}
	units = json_object_get(root, "held_back_units");
	m->units = xcalloc(json_array_size(units) + 1, sizeof(*m->units));
	for (i = 0; i < json_array_size(units); i++) {
		json_t *u = json_array_get(units, i), *files = json_object_get(u, "files");
		struct report_migration_unit *mu = &m->units[m->nr_units++];

		mu->cause = json_str(u, "cause");
		mu->error = json_str(u, "error");
		for (size_t k = 0; k < json_array_size(files); k++) {
			const char *f = json_string_value(json_array_get(files, k));

			if (f)
				strvec_push(&mu->files, f);
		}
	}
	json_decref(root);
	*out = m;
	return 0;
}

const struct report_migration_file *report_migration_file(const struct report_migration *m, const char *file)
{
	for (size_t i = 0; m && i < m->nr_files; i++)
		if (!strcmp(m->files[i].file, file))
			return &m->files[i];
	return NULL;
}

const struct report_migration_step *report_migration_step(const struct report_migration *m, unsigned order)
{
	for (size_t i = 0; m && i < m->nr_steps; i++)
		if (m->steps[i].order == order)
			return &m->steps[i];
	return NULL;
}

static int compare_patch(const void *a, const void *b)
{
	return strcmp(((const struct report_patch *)a)->path, ((const struct report_patch *)b)->path);
}

int report_migration_read_series(const char *dir, struct report_patch **patches, size_t *nr)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	struct strbuf text = STRBUF_INIT;

	if (!d)
		return error_errno("--series %s: cannot read the directory", dir);
	while ((de = readdir(d))) {
		struct report_patch *p;
		char *path, *subject = NULL, *s;

		if (!ends_with(de->d_name, ".patch") || starts_with(de->d_name, "0000-"))
			continue;
		path = path_join(dir, de->d_name);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, path) < 0) {
			warning("%s: cannot read it: %s", path, strerror(errno));
			free(path);
			continue;
		}
		s = strstr(text.buf, "\nSubject: ");
		if (s) {
			char *end = strchr(s + 1, '\n');

			subject = xstrndup(s + 10, end ? (size_t)(end - s - 10) : strlen(s + 10));
			if (subject[0] == '[' && strchr(subject, ']')) {
				char *rest = xstrdup(strchr(subject, ']') + 1 + (strchr(subject, ']')[1] == ' '));

				free(subject);
				subject = rest;
			}
		}
		*patches = xrealloc(*patches, (*nr + 1) * sizeof(**patches));
		p = &(*patches)[(*nr)++];
		p->path = path;
		p->subject = subject ? subject : xstrdup(de->d_name);
		s = strchr(p->subject, ':');
		p->subsystem = s ? xstrndup(p->subject, (size_t)(s - p->subject)) : xstrdup("");
	}
	closedir(d);
	strbuf_release(&text);
	sort_array(*patches, *nr, sizeof(**patches), compare_patch);
	return 0;
}
