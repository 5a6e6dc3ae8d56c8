#include "report/writer.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * Markdown for a mail or an issue (CommonMark with GitHub's tables): a
 * heading per section, a table per list, every name from the tree in a
 * code span.  A table cell cannot hold a newline or a bare '|' (GitHub
 * splits the row at it even inside a code span), so both are escaped.
 */

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static int is_word(char c)
{
	return isalnum((unsigned char)c);
}

/*
 * Text: the characters Markdown would take as markup get a backslash; an
 * '_' inside a word (class_device) is not emphasis and stays readable.
 */
static void md_text(FILE *out, const char *s)
{
	for (const char *p = s; *p; p++) {
		if (*p == '\n')
			fputc(' ', out);
		else if (strchr("\\`*[]<|", *p) ||
			 (*p == '_' && !(p > s && is_word(p[-1]) && is_word(p[1]))))
			fprintf(out, "\\%c", *p);
		else
			fputc(*p, out);
	}
}

/* A code span, fenced with one backtick more than the longest run in s. */
static void md_code(FILE *out, const char *s)
{
	size_t run = 0, longest = 0;

	if (!*s)
		return;
	for (const char *p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	for (size_t i = 0; i <= longest; i++)
		fputc('`', out);
	if (longest || *s == '`')
		fputc(' ', out);
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", out);
		else
			fputc(*s == '\n' ? ' ' : *s, out);
	}
	if (longest || s[-1] == '`')
		fputc(' ', out);
	for (size_t i = 0; i <= longest; i++)
		fputc('`', out);
}

/* `file:line:col` */
static void md_location(FILE *out, const char *file, unsigned line, unsigned column)
{
	char *loc = column ? xstrfmt("%s:%u:%u", file, line, column) : xstrfmt("%s:%u", file, line);

	md_code(out, loc);
	free(loc);
}

/* "| A | B |\n|---|---:|\n": the header of a table, numeric columns (those starting with '#') right-aligned. */
static void md_table(FILE *out, const char *const *columns)
{
	size_t n = 0;

	for (; columns[n]; n++)
		fprintf(out, "| %s ", columns[n][0] == '#' ? columns[n] + 1 : columns[n]);
	fprintf(out, "|\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "|%s", columns[i][0] == '#' ? "---:" : "---");
	fprintf(out, "|\n");
}

static void md_counts(FILE *out, const char *title, const char *what, const struct report_count *v, size_t nr,
		      int steps)
{
	const char *columns[] = { what, "#Sites", "#Files", NULL };

	if (!nr)
		return;
	fprintf(out, "\n### %s\n\n", title);
	md_table(out, columns);
	for (size_t i = 0; i < nr; i++) {
		fprintf(out, "| ");
		if (steps && v[i].order == REPORT_GROUP_INACTIVE)
			fprintf(out, "inactive #if");
		else if (steps)
			fprintf(out, "%u %s", v[i].order, v[i].name);
		else
			md_code(out, v[i].name);
		fprintf(out, " | %zu | %zu |\n", v[i].sites, v[i].files);
	}
}

static void md_summary(FILE *out, const struct report *r)
{
	char *deletion = report_deletion_text(r);

	fprintf(out, "## Summary\n\n");
	fprintf(out, "- **%zu** site%s left in %zu file%s, %zu blocking step 70\n", r->nr, plural(r->nr, "", "s"),
		r->files, plural(r->files, "", "s"), r->blocking);
	fprintf(out, "- **%zu** file%s did not parse or convert\n", r->nr_failures, plural(r->nr_failures, "", "s"));
	if (r->migration)
		fprintf(out, "- converted by the last migration: %zu site%s, %zu file%s changed\n",
			r->migration->sites_converted, plural(r->migration->sites_converted, "", "s"),
			r->migration->files_changed, plural(r->migration->files_changed, "", "s"));
	else
		fprintf(out, "- converted: no migration record\n");
	if (r->exports_done)
		fprintf(out, "- unused exports: %zu of %zu exported class functions\n", r->exports.nr,
			r->exports.exported);
	fprintf(out, "- sysfs: %zu class%s, %zu device kind%s, %zu clashing attribute%s\n", r->sysfs.nr_classes,
		plural(r->sysfs.nr_classes, "", "es"), r->sysfs.nr_devices, plural(r->sysfs.nr_devices, "", "s"),
		r->sysfs.clashes, plural(r->sysfs.clashes, "", "s"));
	if (r->userspace.checked)
		fprintf(out, "- userspace: %zu finding%s in udev rules and scripts\n", r->userspace.nr,
			plural(r->userspace.nr, "", "s"));
	if (r->nr_mentions)
		fprintf(out, "- comments and strings naming the API: %zu word%s in %zu file%s\n", r->nr_mentions,
			plural(r->nr_mentions, "", "s"), r->mention_files, plural(r->mention_files, "", "s"));
	fprintf(out, "- deletion (step 70): ");
	md_text(out, deletion);
	fputc('\n', out);
	md_counts(out, "Per step", "Step", r->steps, r->nr_steps, 1);
	md_counts(out, "Per subsystem", "Subsystem", r->subsystems, r->nr_subsystems, 0);
	md_counts(out, "Per reason", "Reason", r->reasons, r->nr_reasons, 0);
	free(deletion);
}

static void md_residual(FILE *out, const struct report *r)
{
	static const char *const columns[] = { "Location", "Kind", "Symbol", "Step", "Reason", "Detail", NULL };

	fprintf(out, "\n## Residual sites\n\n");
	if (!r->nr) {
		fprintf(out, "None.\n");
		return;
	}
	md_table(out, columns);
	for (size_t i = 0; i < r->nr; i++) {
		const struct report_item *it = &r->items[i];

		fprintf(out, "| ");
		md_location(out, it->file, it->line, it->column);
		fprintf(out, " | %s | ", it->kind);
		md_code(out, it->symbol);
		if (it->group == REPORT_GROUP_INACTIVE)
			fprintf(out, " | inactive | %s%s | ", it->reason, it->blocks ? " (blocks)" : "");
		else
			fprintf(out, " | %u %s | %s%s | ", it->group, report_group_name(it->group), it->reason,
				it->blocks ? " (blocks)" : "");
		md_text(out, it->detail);
		fprintf(out, " |\n");
	}
}

static void md_failures(FILE *out, const struct report *r)
{
	static const char *const columns[] = { "File", "Source", "Status", "Detail", NULL };

	if (!r->nr_failures)
		return;
	fprintf(out, "\n## Files that did not parse or convert\n\n");
	md_table(out, columns);
	for (size_t i = 0; i < r->nr_failures; i++) {
		const struct report_failure *f = &r->failures[i];

		fprintf(out, "| ");
		md_code(out, f->file);
		fprintf(out, " | %s | ", f->source);
		md_text(out, f->status);
		fprintf(out, " | ");
		md_text(out, f->detail);
		fprintf(out, " |\n");
	}
	if (r->migration && r->migration->nr_units) {
		fprintf(out, "\nHeld back by the last migration, unit by unit:\n\n");
		for (size_t i = 0; i < r->migration->nr_units; i++) {
			const struct report_migration_unit *u = &r->migration->units[i];

			fprintf(out, "- ");
			md_code(out, u->cause);
			fprintf(out, ": ");
			md_text(out, u->error);
			for (size_t k = 0; k < u->files.nr; k++) {
				fprintf(out, "%s", k ? ", " : "; held back: ");
				md_code(out, u->files.v[k]);
			}
			fputc('\n', out);
		}
	}
}

static void md_exports(FILE *out, const struct report *r)
{
	static const char *const columns[] = { "Symbol", "Export", "Definition", "Exported at", NULL };

	fprintf(out, "\n## Unused exported class functions\n\n");
	if (!r->exports_done) {
		fprintf(out, "Not computed out of tree.\n");
		return;
	}
	if (!r->exports.nr) {
		fprintf(out, "None: every exported `class_*` function of `drivers/base/` has a user.\n");
		return;
	}
	md_table(out, columns);
	for (size_t i = 0; i < r->exports.nr; i++) {
		const struct export_entry *e = &r->exports.v[i];

		fprintf(out, "| ");
		md_code(out, e->symbol);
		fprintf(out, " | %s | ", e->macro);
		md_location(out, e->def_file, e->def_line, e->def_column);
		fprintf(out, " | ");
		md_location(out, e->export_file, e->export_line, 0);
		fprintf(out, " |\n");
	}
}

static void md_sysfs(FILE *out, const struct sysfs_report *s)
{
	static const char *const columns[] = { "Device", "Made at", "Before", "After", "Clashing attributes",
					       NULL };

	fprintf(out, "\n## sysfs\n\n%zu class%s, %zu device kind%s (%zu predicted in full), %zu clashing attribute%s.\n",
		s->nr_classes, plural(s->nr_classes, "", "es"), s->nr_devices, plural(s->nr_devices, "", "s"),
		s->predicted, s->clashes, plural(s->clashes, "", "s"));
	if (!s->nr_devices)
		return;
	fputc('\n', out);
	md_table(out, columns);
	for (size_t i = 0; i < s->nr_devices; i++) {
		const struct sysfs_device *d = &s->devices[i];
		char *name = xstrfmt("%s/%s", s->classes[d->class_index].name, d->name);
		int clashes = 0;

		fprintf(out, "| ");
		md_code(out, name);
		fprintf(out, " | ");
		md_location(out, d->file, d->line, d->column);
		fprintf(out, " | ");
		md_code(out, d->before);
		fprintf(out, " | ");
		md_code(out, d->after);
		fprintf(out, " |");
		for (size_t a = 0; a < d->nr_attrs; a++) {
			if (!d->attrs[a].clash)
				continue;
			fprintf(out, "%s", clashes++ ? ", " : " ");
			md_code(out, d->attrs[a].name);
		}
		fprintf(out, " |\n");
		free(name);
	}
}

static void md_userspace(FILE *out, const struct userspace_report *u)
{
	static const char *const columns[] = { "Where", "Change", "Device", "Key", "Rewrite", NULL };

	fprintf(out, "\n## udev rules and scripts\n\n%zu finding%s in %zu rule%s of %zu file%s and %zu script%s.\n",
		u->nr, plural(u->nr, "", "s"), u->nr_rules, plural(u->nr_rules, "", "s"), u->rules_files,
		plural(u->rules_files, "", "s"), u->nr_scripts, plural(u->nr_scripts, "", "s"));
	if (!u->nr)
		return;
	fputc('\n', out);
	md_table(out, columns);
	for (size_t i = 0; i < u->nr; i++) {
		const struct userspace_finding *f = &u->findings[i];
		char *dev = xstrfmt("%s/%s", f->class_name, f->device);

		fprintf(out, "| ");
		md_location(out, f->file, f->line, 0);
		fprintf(out, " | %s (step %u %s) | ", userspace_change_name(f->change), f->step, f->step_name);
		md_code(out, dev);
		fprintf(out, " | ");
		md_code(out, f->key);
		fprintf(out, " | ");
		md_code(out, f->rewrite);
		fprintf(out, " |\n");
		free(dev);
	}
}

static void md_series(FILE *out, const struct report *r)
{
	fprintf(out, "\n## The series\n\n");
	for (size_t i = 0; i < r->nr_patches; i++) {
		const char *base = strrchr(r->patches[i].path, '/');

		fprintf(out, "%zu. ", i + 1);
		md_code(out, base ? base + 1 : r->patches[i].path);
		fprintf(out, ": ");
		md_text(out, r->patches[i].subject);
		fputc('\n', out);
	}
}

static int write_md(FILE *out, const struct report *r)
{
	fprintf(out, "# cdmigrate report: ");
	md_code(out, r->tree_path);
	fprintf(out, "\n\n");
	md_summary(out, r);
	md_residual(out, r);
	md_failures(out, r);
	md_exports(out, r);
	md_sysfs(out, &r->sysfs);
	if (r->userspace.checked)
		md_userspace(out, &r->userspace);
	if (r->nr_patches)
		md_series(out, r);
	return 0;
}

const struct writer writer_md = {
	"md",
	"Markdown for a mail or an issue: a heading per section,\n"
	"the counts and the items as tables\n",
	write_md,
};
