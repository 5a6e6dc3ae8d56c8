/*
 * output.h: text and JSON writers for sites and scan results.
 *
 * Text is compiler-like: one "file:line:col: kind: symbol: verdict" line a
 * site (manual sites add " (reason)"), then a summary line.  JSON uses
 * jansson with 2-space indentation and keys in a fixed order; the names are
 * an interface other tools read (see cdmigrate.1).
 */
#ifndef CDMIGRATE_OUTPUT_H
#define CDMIGRATE_OUTPUT_H

#include <jansson.h>
#include <stdio.h>

#include "analyze/scan.h"
#include "analyze/site.h"

/* The formats of scan and plan (the report has its own: report/writer.h). */
enum output_format {
	OUTPUT_TEXT,
	OUTPUT_JSON,
};

/* Parse "text" or "json"; -1 if unknown. */
int output_format_parse(const char *name);

/* One site as a new JSON object (caller owns the reference). */
json_t *output_site_json(const struct site *site);

/* {"kind": count, ...} over site_kinds, zero counts omitted (new ref). */
json_t *output_summary_json(const struct site_list *sites);

/* Print a JSON value with the project's formatting and a final newline. */
int output_json_print(FILE *out, json_t *value);

/* The text line of one site, without newline, appended to sb. */
void output_site_text(struct strbuf *sb, const struct site *site);

void output_scan_text(FILE *out, const struct scan_result *r);
void output_scan_json(FILE *out, const struct scan_result *r);

#endif
