/*
 * html.h: the report as one self-contained HTML page.
 *
 * No network: the CSS and the script are inline, fonts are the system's,
 * the charts are inline SVG.  The page opens on the summary (the counts,
 * bar charts of what is left per subsystem and per step, the deletion
 * verdict), then the residual table (sortable by a click on a header,
 * filtered by subsystem and reason with two <select>s), the parse
 * failures, the unused exports, the sysfs table and, with --series, every
 * patch of the series as a coloured diff.
 *
 * Hooks a test (runner/test-html) relies on:
 *   <g class="bar" data-chart="subsystem|step" data-name=N data-count=C>
 *                          one per bar, C = the sites left there
 *   <tr class="site" data-subsystem=S data-reason=R data-step=G>
 *                          one per residual item; filtered rows get `hidden`
 *   <span id="shown">      the number of rows the filters let through
 *   #subsystem=S&reason=R  the URL fragment sets the filters on load (and
 *                          follows them when they change)
 * Every text from the tree is escaped (& < > " ').
 */
#ifndef CDMIGRATE_HTML_H
#define CDMIGRATE_HTML_H

#include <stdio.h>

#include "report/report.h"

/* Write the page.  Returns 0, or -1 when a patch of the series cannot be read (it is named). */
int html_write(FILE *out, const struct report *r);

/* Append s to sb with & < > " ' escaped. */
void html_escape(struct strbuf *sb, const char *s);

/* Write s to out, escaped as html_escape() does. */
void html_put(FILE *out, const char *s);

/*
 * Write notes as the page's list of notes (<ul class="notes">, one
 * monospace item each, escaped); nothing when there are none.
 */
void html_notes(FILE *out, const struct strvec *notes);

#endif
