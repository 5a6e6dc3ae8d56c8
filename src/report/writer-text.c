#include "report/writer.h"

#include <stdlib.h>
#include <string.h>

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void item_text(struct strbuf *sb, const struct report_item *it)
{
	strbuf_addf(sb, "%s:%u:%u: %s: %s: %s", it->file, it->line, it->column, it->kind, it->symbol,
		    it->reason);
	if (it->detail[0])
		strbuf_addf(sb, ": %s", it->detail);
}

void writer_text_baseline(FILE *out, const struct report *r)
{
	const struct report_baseline *b = r->baseline;
	struct strbuf sb = STRBUF_INIT;

	if (!b)
		return;
	fprintf(out, "cdmigrate report: against %s: %zu new residual site%s, %zu new parse failure%s, %zu gone\n",
		b->file, b->nr_new_items, b->nr_new_items == 1 ? "" : "s", b->nr_new_failures,
		b->nr_new_failures == 1 ? "" : "s", b->gone);
	for (size_t i = 0; i < b->nr_new_items; i++) {
		strbuf_reset(&sb);
		item_text(&sb, &r->items[b->new_items[i]]);
		fprintf(out, "new: %s\n", sb.buf);
	}
	for (size_t i = 0; i < b->nr_new_failures; i++)
		fprintf(out, "new parse failure: %s\n", b->new_failures[i]);
	strbuf_release(&sb);
}

/* "10 class-create", "inactive #if", or a subsystem's or reason's name. */
static char *report_count_label(const struct report_count *c, int steps)
{
	if (!steps)
		return xstrdup(c->name);
	if (c->order == REPORT_GROUP_INACTIVE)
		return xstrdup("inactive #if");
	return xstrfmt("%u %s", c->order, c->name);
}

static void print_counts(FILE *out, const char *title, const struct report_count *v, size_t nr, int steps)
{
	size_t width = 0;

	fprintf(out, "  %s:\n", title);
	for (size_t i = 0; i < nr; i++) {
		char *label = report_count_label(&v[i], steps);

		if (strlen(label) > width)
			width = strlen(label);
		free(label);
	}
	for (size_t i = 0; i < nr; i++) {
		char *label = report_count_label(&v[i], steps);

		fprintf(out, "    %-*s %5zu site%s in %zu file%s\n", (int)width, label, v[i].sites,
			v[i].sites == 1 ? " " : "s", v[i].files, v[i].files == 1 ? "" : "s");
		free(label);
	}
}

static int write_text(FILE *out, const struct report *r)
{
	struct strbuf sb = STRBUF_INIT;
	char *deletion = report_deletion_text(r);
	unsigned group = 0;
	const char *subsystem = NULL;

	fprintf(out, "cdmigrate report: %s\n", r->tree_path);
	if (r->nr)
		fprintf(out, "\nResidual sites, by step and subsystem:\n");
	for (size_t i = 0; i < r->nr; i++) {
		const struct report_item *it = &r->items[i];

		if (!i || it->group != group) {
			const struct report_count *c = NULL;

			for (size_t k = 0; k < r->nr_steps; k++)
				if (r->steps[k].order == it->group)
					c = &r->steps[k];
			group = it->group;
			subsystem = NULL;
			if (group == REPORT_GROUP_INACTIVE)
				fprintf(out, "== inactive #if branches: %zu site%s in %zu file%s\n", c->sites,
					c->sites == 1 ? "" : "s", c->files, c->files == 1 ? "" : "s");
			else
				fprintf(out, "== step %u %s: %zu site%s in %zu file%s\n", group,
					report_group_name(group), c->sites, c->sites == 1 ? "" : "s", c->files,
					c->files == 1 ? "" : "s");
		}
		if (!subsystem || strcmp(subsystem, it->subsystem)) {
			size_t n = 0;
			struct strvec files = STRVEC_INIT;

			for (size_t j = i; j < r->nr && r->items[j].group == group &&
			     !strcmp(r->items[j].subsystem, it->subsystem); j++) {
				n++;
				if (!files.nr || strcmp(files.v[files.nr - 1], r->items[j].file))
					strvec_push(&files, r->items[j].file);
			}
			subsystem = it->subsystem;
			fprintf(out, "-- %s: %zu site%s in %zu file%s\n", subsystem, n, n == 1 ? "" : "s", files.nr,
				files.nr == 1 ? "" : "s");
			strvec_clear(&files);
		}
		strbuf_reset(&sb);
		item_text(&sb, it);
		fprintf(out, "%s\n", sb.buf);
	}

	if (r->nr_failures) {
		fprintf(out, "\nFiles that did not parse or convert:\n");
		for (size_t i = 0; i < r->nr_failures; i++) {
			const struct report_failure *f = &r->failures[i];

			if (!strcmp(f->source, "scan"))
				fprintf(out, "%s: parse-failure: libclang, %u error%s: %s\n", f->file, f->errors,
					f->errors == 1 ? "" : "s", f->detail);
			else
				fprintf(out, "%s: %s: last migration, step %s\n", f->file, f->status, f->detail);
		}
	}

	if (r->migration && r->migration->nr_units) {
		fprintf(out, "\nHeld back by the last migration, unit by unit (the file whose new error\n"
			"held it back, that error, the files kept at their old text):\n");
		for (size_t i = 0; i < r->migration->nr_units; i++) {
			const struct report_migration_unit *u = &r->migration->units[i];

			fprintf(out, "%s: %s\n", u->cause, u->error);
			for (size_t k = 0; k < u->files.nr; k++)
				fprintf(out, "  held back: %s\n", u->files.v[k]);
		}
	}

	fprintf(out, "\nUnused exported class functions:\n");
	if (!r->exports_done)
		fprintf(out, "  not computed out of tree (step 20 is for the kernel's own driver core)\n");
	else if (!r->exports.nr)
		fprintf(out, "  none: every exported class_* function of drivers/base/ has a user\n");
	for (size_t i = 0; i < r->exports.nr; i++) {
		const struct export_entry *e = &r->exports.v[i];

		fprintf(out, "%s:%u:%u: unused-export: %s: %s at %s:%u, no user outside the driver core\n",
			e->def_file, e->def_line, e->def_column, e->symbol, e->macro, e->export_file,
			e->export_line);
	}

	fputc('\n', out);
	writer_text_sysfs(out, &r->sysfs);
	if (r->userspace.checked) {
		fputc('\n', out);
		writer_text_userspace(out, &r->userspace);
	}

	fprintf(out, "\nSummary:\n");
	fprintf(out, "  %zu site%s left in %zu file%s", r->nr, r->nr == 1 ? "" : "s", r->files,
		r->files == 1 ? "" : "s");
	if (r->nr_failures)
		fprintf(out, "; %zu file%s did not parse or convert", r->nr_failures,
			r->nr_failures == 1 ? "" : "s");
	fputc('\n', out);
	if (r->migration) {
		fprintf(out, "  converted by the last migration: %zu site%s, %zu file%s changed (%s)\n",
			r->migration->sites_converted, r->migration->sites_converted == 1 ? "" : "s",
			r->migration->files_changed, r->migration->files_changed == 1 ? "" : "s",
			r->migration->source);
		for (size_t i = 0; i < r->migration->nr_steps; i++) {
			const struct report_migration_step *st = &r->migration->steps[i];

			if (st->files_changed || st->sites_converted)
				fprintf(out, "    %u %s: %zu site%s, %zu file%s changed\n", st->order, st->name,
					st->sites_converted, st->sites_converted == 1 ? "" : "s", st->files_changed,
					st->files_changed == 1 ? "" : "s");
		}
	} else
		fprintf(out, "  converted: no migration record (run cdmigrate migrate, or give --series OUT)\n");
	if (r->nr_steps)
		print_counts(out, "per step", r->steps, r->nr_steps, 1);
	if (r->nr_subsystems)
		print_counts(out, "per subsystem", r->subsystems, r->nr_subsystems, 0);
	if (r->nr_reasons)
		print_counts(out, "per reason", r->reasons, r->nr_reasons, 0);
	if (r->exports_done)
		fprintf(out, "  unused exports: %zu of %zu exported class functions\n", r->exports.nr,
			r->exports.exported);
	fprintf(out, "  sysfs: %zu class%s, %zu device kind%s, %zu clashing attribute%s\n", r->sysfs.nr_classes,
		r->sysfs.nr_classes == 1 ? "" : "es", r->sysfs.nr_devices, r->sysfs.nr_devices == 1 ? "" : "s",
		r->sysfs.clashes, r->sysfs.clashes == 1 ? "" : "s");
	if (r->userspace.checked)
		fprintf(out, "  userspace: %zu finding%s in udev rules and scripts\n", r->userspace.nr,
			r->userspace.nr == 1 ? "" : "s");
	if (r->nr_mentions)
		fprintf(out, "  comments and strings naming the API: %zu word%s in %zu file%s (not uses: they do "
			"not block step 70; rewording them is left to the maintainer)\n", r->nr_mentions,
			r->nr_mentions == 1 ? "" : "s", r->mention_files, r->mention_files == 1 ? "" : "s");
	fprintf(out, "  deletion (step 70): %s\n", deletion);
	free(deletion);
	strbuf_release(&sb);
	return 0;
}

void writer_text_userspace(FILE *out, const struct userspace_report *r)
{
	fprintf(out, "userspace: %zu rules file%s (%zu rule%s), %zu script%s, %zu finding%s, %zu warning%s\n",
		r->rules_files, plural(r->rules_files, "", "s"), r->nr_rules, plural(r->nr_rules, "", "s"),
		r->nr_scripts, plural(r->nr_scripts, "", "s"), r->nr, plural(r->nr, "", "s"), r->warnings.nr,
		plural(r->warnings.nr, "", "s"));
	for (size_t i = 0; i < r->nr; i++) {
		const struct userspace_finding *f = &r->findings[i];

		fprintf(out, "%s:%u: %s: %s/%s: step %u %s\n", f->file, f->line, userspace_change_name(f->change),
			f->class_name, f->device, f->step, f->step_name);
		fprintf(out, "    %s    %s\n", f->script ? "line:" : "rule:", f->text);
		fprintf(out, "    key:     %s\n", f->key);
		fprintf(out, "    changes: %s\n", f->what);
		fprintf(out, "    rewrite: %s\n", f->rewrite);
	}
	for (size_t i = 0; i < r->warnings.nr; i++)
		fprintf(out, "%s\n", r->warnings.v[i]);
}


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

void writer_text_sysfs(FILE *out, const struct sysfs_report *r)
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

const struct writer writer_text = {
	"text",
	"one 'file:line:col: kind: symbol: reason: detail' line a\n"
	"site, the summary last (the default)\n",
	write_text,
};
