/*
 * writer.h: the report's output formats, one writer each.
 *
 * The report and its sections (report.h, sysfs.h, userspace.h) are data;
 * a writer prints a whole report in one format.  Writer <name> lives in
 * writer-<name>.c, which defines `const struct writer writer_<name>`.
 * WRITERS below is the one list of them, in the order they are offered
 * ("text, json or html").  To add a format: write writer-<name>.c, add the
 * name to WRITERS and the file to src/local.mk; `report --format` takes
 * every name of the list and nothing else names the formats.
 *
 * text   the report as the terminal shows it: the residual items grouped
 *        by step and subsystem, one "file:line:col: kind: symbol: reason:
 *        detail" line each, the other sections, then a summary.
 * json   report_json's layout (report.h), 2-space indentation, keys in a
 *        fixed order: an interface baselines and other tools read.
 * html   one self-contained page.  No network: the CSS and the script are
 *        inline, fonts are the system's, the charts are inline SVG.  The
 *        page opens on the summary (the counts, bar charts of what is left
 *        per subsystem and per step, the deletion verdict), then the
 *        residual table (sortable by a click on a header, filtered by
 *        subsystem and reason with two <select>s), the parse failures, the
 *        unused exports, the sysfs table, the userspace findings and, with
 *        --series, every patch of the series as a coloured diff.
 *        Hooks a test (runner/test-html) relies on:
 *          <g class="bar" data-chart="subsystem|step" data-name=N data-count=C>
 *                            one per bar, C = the sites left there
 *          <tr class="site" data-subsystem=S data-reason=R data-step=G>
 *                            one per residual item; filtered rows get `hidden`
 *          <span id="shown"> the number of rows the filters let through
 *          #subsystem=S&reason=R  the URL fragment sets the filters on load
 *                            (and follows them when they change)
 *        Every text from the tree is escaped (& < > " ').
 * md     Markdown to paste into a mail or an issue (CommonMark, GitHub's
 *        tables): a heading per section, the counts per step, subsystem
 *        and reason as tables (the text writer's numbers), one table row
 *        per residual item, sysfs device kind and userspace finding;
 *        names from the tree in code spans, a '|' in a cell escaped.
 */
#ifndef CDMIGRATE_WRITER_H
#define CDMIGRATE_WRITER_H

#include <jansson.h>
#include <stdio.h>

#include "base/util.h"
#include "report/report.h"
#include "report/sysfs.h"
#include "report/userspace.h"

struct writer {
	const char *name;	/* what --format takes */
	/*
	 * Its lines of `cdmigrate help report`: what the format is, each line
	 * ending in a newline, 60 columns at most (the help indents them).
	 */
	const char *help;
	/*
	 * Print r to out.  Returns 0, or -1 after printing an error (the html
	 * writer: a patch of the series cannot be read; the rest is written).
	 */
	int (*write)(FILE *out, const struct report *r);
};

#define WRITERS(X) X(text) X(json) X(html) X(md)

#define WRITER_DECLARE(name) extern const struct writer writer_##name;
WRITERS(WRITER_DECLARE)
#undef WRITER_DECLARE

/* The writer called name, or NULL. */
const struct writer *writer_find(const char *name);

/* The names of WRITERS for a message: "text, json or html" (caller frees). */
char *writer_names(void);

/* Every writer's name and help, in WRITERS order, for the command's help. */
void writer_print_help(FILE *out);

/*
 * Sections of the text writer, each ending in a newline: the sysfs
 * prediction, the userspace findings.
 */
void writer_text_sysfs(FILE *out, const struct sysfs_report *r);
void writer_text_userspace(FILE *out, const struct userspace_report *r);

/*
 * After report_compare_baseline(): one line with the counts, then every new
 * item (as the text writer prints it) and every new parse failure.
 */
void writer_text_baseline(FILE *out, const struct report *r);

/*
 * What the json writer prints, as new references: the whole report
 * (report.h), the sysfs section {"classes": N, "device_kinds", "predicted",
 * "clashes", "class_list": [...], "notes": [...]}, the userspace section
 * {"paths", "rules_files", "rules", "scripts", "findings": [...],
 * "warnings": [...]}.
 */
json_t *writer_json_report(const struct report *r);
json_t *writer_json_sysfs(const struct sysfs_report *r);
json_t *writer_json_userspace(const struct userspace_report *r);

/* Append s to sb with & < > " ' escaped, as the html writer writes every text. */
void writer_html_escape(struct strbuf *sb, const char *s);

#endif
