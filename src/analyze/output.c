#include "analyze/output.h"

#include <string.h>

int output_format_parse(const char *name)
{
	if (!strcmp(name, "text"))
		return OUTPUT_TEXT;
	if (!strcmp(name, "json"))
		return OUTPUT_JSON;
	return -1;
}

json_t *output_site_json(const struct site *s)
{
	json_t *o = json_object();

	json_object_set_new(o, "file", json_string(s->file));
	json_object_set_new(o, "line", json_integer(s->line));
	json_object_set_new(o, "column", json_integer(s->column));
	json_object_set_new(o, "kind", json_string(s->kind));
	json_object_set_new(o, "symbol", json_string(s->symbol));
	json_object_set_new(o, "subsystem", json_string(s->subsystem));
	json_object_set_new(o, "verdict", json_string(site_verdict_name(s->verdict)));
	json_object_set_new(o, "reason", json_string(s->reason));
	return o;
}

json_t *output_summary_json(const struct site_list *sites)
{
	json_t *o = json_object();

	for (size_t k = 0; site_kinds[k]; k++) {
		size_t n = site_list_count_kind(sites, site_kinds[k]);

		if (n)
			json_object_set_new(o, site_kinds[k], json_integer((json_int_t)n));
	}
	return o;
}

int output_json_print(FILE *out, json_t *value)
{
	char *text = json_dumps(value, JSON_INDENT(2) | JSON_PRESERVE_ORDER);

	if (!text)
		return error("cannot format JSON output");
	fputs(text, out);
	fputc('\n', out);
	free(text);
	return 0;
}

void output_site_text(struct strbuf *sb, const struct site *s)
{
	strbuf_addf(sb, "%s:%u:%u: %s: %s: %s", s->file, s->line, s->column, s->kind,
		    s->symbol, site_verdict_name(s->verdict));
	if (s->verdict == SITE_MANUAL)
		strbuf_addf(sb, " (%s)", s->reason);
}

static size_t count_files(const struct site_list *sites)
{
	size_t n = 0;

	for (size_t i = 0; i < sites->nr; i++)
		n += !i || strcmp(sites->items[i].file, sites->items[i - 1].file);
	return n;
}

void output_scan_text(FILE *out, const struct scan_result *r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t manual = 0;

	for (size_t i = 0; i < r->sites.nr; i++) {
		strbuf_reset(&sb);
		output_site_text(&sb, &r->sites.items[i]);
		fprintf(out, "%s\n", sb.buf);
		manual += r->sites.items[i].verdict == SITE_MANUAL;
	}
	fprintf(out, "%zu sites in %zu files (%zu auto, %zu manual); %zu of %zu files were candidates",
		r->sites.nr, count_files(&r->sites), r->sites.nr - manual, manual,
		r->candidates, r->files_scanned);
	for (size_t k = 0, printed = 0; site_kinds[k]; k++) {
		size_t n = site_list_count_kind(&r->sites, site_kinds[k]);

		if (n)
			fprintf(out, "%s %s %zu", printed++ ? "," : ":", site_kinds[k], n);
	}
	fputc('\n', out);
	strbuf_release(&sb);
}

void output_scan_json(FILE *out, const struct scan_result *r)
{
	json_t *o = json_object(), *sites = json_array();

	json_object_set_new(o, "tree", json_string(r->tree_name));
	json_object_set_new(o, "files_scanned", json_integer((json_int_t)r->files_scanned));
	json_object_set_new(o, "candidates", json_integer((json_int_t)r->candidates));
	for (size_t i = 0; i < r->sites.nr; i++)
		json_array_append_new(sites, output_site_json(&r->sites.items[i]));
	json_object_set_new(o, "sites", sites);
	json_object_set_new(o, "summary", output_summary_json(&r->sites));
	output_json_print(out, o);
	json_decref(o);
}
