#include "report/report.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static int counts_as_parse_failure(const char *status)
{
	return !strcmp(status, "parse-failure") || !strcmp(status, "held-back");
}

static int compare_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int report_compare_baseline(struct report *r, const char *path)
{
	json_error_t err;
	json_t *root = json_load_file(path, 0, &err), *sites, *failures;
	struct strvec ids = STRVEC_INIT, fails = STRVEC_INIT;
	struct report_baseline *b;

	if (!root)
		return error("--baseline %s:%d: %s: give the output of an earlier report --format json",
			     path, err.line, err.text);
	sites = json_object_get(root, "sites");
	failures = json_object_get(root, "failures");
	if (!json_is_array(sites)) {
		json_decref(root);
		return error("--baseline %s: no \"sites\" array: give the output of an earlier report --format json",
			     path);
	}
	for (size_t i = 0; i < json_array_size(sites); i++) {
		const char *id = json_string_value(json_object_get(json_array_get(sites, i), "id"));

		if (!id) {
			json_decref(root);
			strvec_clear(&ids);
			return error("--baseline %s: site %zu has no \"id\": the baseline is older than this report format",
				     path, i);
		}
		strvec_push(&ids, id);
	}
	for (size_t i = 0; json_is_array(failures) && i < json_array_size(failures); i++) {
		json_t *f = json_array_get(failures, i);
		const char *file = json_string_value(json_object_get(f, "file"));
		const char *source = json_string_value(json_object_get(f, "source"));
		const char *status = json_string_value(json_object_get(f, "status"));

		if (file && source && status && counts_as_parse_failure(status))
			strvec_pushf(&fails, "%s (%s)", file, source);
	}
	json_decref(root);
	strvec_sort(&ids);
	strvec_sort(&fails);

	b = xcalloc(1, sizeof(*b));
	b->file = xstrdup(path);
	b->new_items = xcalloc(r->nr + 1, sizeof(size_t));
	b->new_failures = xcalloc(r->nr_failures + 1, sizeof(char *));
	for (size_t i = 0; i < r->nr; i++)
		if (!ids.nr || !bsearch(&r->items[i].id, ids.v, ids.nr, sizeof(char *), compare_str))
			b->new_items[b->nr_new_items++] = i;
	for (size_t i = 0; i < ids.nr; i++) {
		int present = 0;

		for (size_t j = 0; j < r->nr && !present; j++)
			present = !strcmp(r->items[j].id, ids.v[i]);
		b->gone += !present;
	}
	for (size_t i = 0; i < r->nr_failures; i++) {
		const struct report_failure *f = &r->failures[i];
		char *key;

		if (!counts_as_parse_failure(f->status))
			continue;
		key = xstrfmt("%s (%s)", f->file, f->source);
		if (!fails.nr || !bsearch(&key, fails.v, fails.nr, sizeof(char *), compare_str))
			b->new_failures[b->nr_new_failures++] = key;
		else
			free(key);
	}
	strvec_clear(&ids);
	strvec_clear(&fails);
	r->baseline = b;
	return 0;
}
