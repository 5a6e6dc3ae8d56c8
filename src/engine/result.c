#define _GNU_SOURCE
#include "engine/result.h"
#include "engine/bisect.h"
#include "engine/checkpatch.h"
#include "engine/diff.h"
#include "engine/hold-back.h"
#include "engine/journal.h"
#include "engine/series.h"
#include "engine/series-plan.h"
#include "engine/series-cache.h"
#include "engine/working-set.h"
#include "kernel/maintainers.h"
#include "analyze/prefilter.h"
#include "base/cache.h"
#include "base/walk.h"
#include "kernel/reach.h"
#include "kernel/subsystem.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The sites of unit u's files that its step converted (they are gone after it). */
static void converted_sites(struct engine *e, const struct series_unit *u,
			    const struct site_list *before, const struct site_list *after,
			    struct strvec *lines, unsigned *count)
{
	for (size_t i = 0; i < before->nr; i++) {
		const struct site *s = &before->items[i];
		struct work_file *f = engine_find_file(e, s->file);
		int touched = 0;

		if (!f || f->excluded || site_survives(s, after))
			continue;
		/* the step that converts its kind changed its file in this patch */
		for (size_t k = 0; k < u->nr && !touched; k++)
			touched = &e->files[e->changes[u->changes[k]].file] == f &&
				  e->plan.steps[e->changes[u->changes[k]].step].step->order ==
					  step_of_kind(s->kind);
		if (!touched)
			continue;
		strvec_pushf(lines, "%s:%u:%u: %s: %s", s->file, s->line, s->column, s->kind, s->symbol);
		(*count)++;
	}
}

/*
 * Where a header under include/ goes in the series: with the files that
 * use it (subsystem.h).  The step's own changed files that include it
 * decide first; the rest does not depend on the step and is kept.
 */
struct header_homes {
	struct strvec memo;		/* "header\tsubsystem", in the order found */
	struct strvec tree_files;	/* the whole tree, walked on first need */
	int walked;
	struct reach *reach;
};

static const struct strbuf *working_text(const char *rel, void *data)
{
	struct work_file *f = engine_find_file(data, rel);

	return f ? &f->current : NULL;
}

/* The files of the tree outside include/ that #include header directly. */
static void tree_includers(struct engine *e, struct header_homes *hh, const char *header,
			   struct strvec *users)
{
	const char *name = strrchr(header, '/') + 1;
	const char *tokens[] = { name, NULL };
	struct strvec cands = STRVEC_INIT;
	struct strbuf text = STRBUF_INIT;

	if (!hh->walked) {
		hh->walked = 1;
		if (walk_tree(e->opts->tree, NULL, &hh->tree_files, NULL) < 0)
			strvec_clear(&hh->tree_files);
	}
	prefilter_files(e->opts->tree, &hh->tree_files, tokens, e->opts->jobs, &cands, NULL, NULL);
	for (size_t i = 0; i < cands.nr; i++) {
		struct include_graph g = INCLUDE_GRAPH_INIT;
		char *abs;

		if (starts_with(cands.v[i], "include/"))
			continue;
		abs = path_join(e->opts->tree, cands.v[i]);
		strbuf_reset(&text);
		if (strbuf_read_file(&text, abs) == 0)
			include_graph_scan(&g, cands.v[i], text.buf, walk_tree_has_file, (void *)e->opts->tree);
		for (size_t k = 0; k < g.nr; k++)
			if (!strcmp(g.edges[k].header, header))
				strvec_push(users, cands.v[i]);
		include_graph_release(&g);
		free(abs);
	}
	strbuf_release(&text);
	strvec_clear(&cands);
}

/* The subsystem of header when the step's own files do not decide. */
static char *header_home_beyond_step(struct engine *e, struct header_homes *hh,
				     const char *header)
{
	struct strvec users = STRVEC_INIT;
	char *sub;

	/* the scanned files that include it directly */
	for (size_t i = 0; i < e->includes.nr; i++)
		if (!strcmp(e->includes.edges[i].header, header))
			strvec_push(&users, e->includes.edges[i].includer);
	sub = subsystem_of_users(&users);
	strvec_clear(&users);
	if (sub)
		return sub;
	/* the whole tree's files that include it directly */
	tree_includers(e, hh, header, &users);
	sub = subsystem_of_users(&users);
	strvec_clear(&users);
	if (sub)
		return sub;
	/* the scanned files that reach it through other headers */
	if (!hh->reach)
		hh->reach = reach_new(e->opts->tree, working_text, e);
	for (size_t i = 0; i < e->nr; i++) {
		struct strvec reached = STRVEC_INIT;

		if (starts_with(e->files[i].path, "include/"))
			continue;
		reach_headers(hh->reach, e->files[i].path, &reached);
		if (strvec_has(&reached, header))
			strvec_push(&users, e->files[i].path);
		strvec_clear(&reached);
	}
	sub = subsystem_of_users(&users);
	strvec_clear(&users);
	return sub ? sub : subsystem_of_header_name(header);
}

static char *header_home(struct engine *e, struct header_homes *hh, const char *header,
			 const struct include_graph *step_includes)
{
	struct strvec users = STRVEC_INIT;
	size_t prefix = strlen(header);
	char *sub;

	for (size_t i = 0; i < step_includes->nr; i++)
		if (!strcmp(step_includes->edges[i].header, header))
			strvec_push(&users, step_includes->edges[i].includer);
	sub = subsystem_of_users(&users);
	strvec_clear(&users);
	if (sub)
		return sub;
	for (size_t i = 0; i < hh->memo.nr; i++)
		if (!strncmp(hh->memo.v[i], header, prefix) && hh->memo.v[i][prefix] == '\t')
			return xstrdup(hh->memo.v[i] + prefix + 1);
	sub = header_home_beyond_step(e, hh, header);
	strvec_pushf(&hh->memo, "%s\t%s", header, sub);
	return sub;
}

/*
 * home[c] for each change c of step: its file's subsystem, or for a
 * header under include/ the subsystem of the files that use it.
 */
static void step_homes(struct engine *e, struct header_homes *hh, size_t step, char **home)
{
	struct include_graph g = INCLUDE_GRAPH_INIT;

	for (size_t c = 0; c < e->nr_changes && !e->opts->in_place; c++) {
		struct work_file *f = &e->files[e->changes[c].file];

		if (e->changes[c].step == step && !f->excluded && !e->changes[c].held_back &&
		    !starts_with(f->path, "include/"))
			include_graph_scan(&g, f->path, f->current.buf, walk_tree_has_file, (void *)e->opts->tree);
	}
	for (size_t c = 0; c < e->nr_changes; c++) {
		struct work_file *f = &e->files[e->changes[c].file];
		char *sub;

		if (e->changes[c].step != step || f->excluded || e->changes[c].held_back)
			continue;
		/* in place only the totals are kept: no need to look further */
		sub = e->plan.out_of_tree || e->opts->in_place ? NULL : subsystem_of_path(f->path);
		if (!sub && !e->plan.out_of_tree && !e->opts->in_place)
			sub = header_home(e, hh, f->path, &g);
		home[c] = sub ? sub : xstrdup(f->subsystem);
	}
	include_graph_release(&g);
}

/* verify's units: the file whose new error held each back, that error, its files. */
static json_t *units_json(struct engine *e)
{
	json_t *units = json_array();

	for (size_t i = 0; i < e->nr_held_units; i++) {
		const struct held_unit *held = &e->held_units[i];
		json_t *u = json_object(), *files = json_array();

		for (size_t k = 0; k < held->files.nr; k++)
			json_array_append_new(files, json_string(held->files.v[k]));
		json_object_set_new(u, "cause", json_string(held->cause));
		json_object_set_new(u, "error", json_string(held->error));
		json_object_set_new(u, "files", files);
		json_array_append_new(units, u);
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

		if (!f->status && !engine_file_changed(f))
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

/*
 * What was tried and left out: each change verify held back or a
 * conflict excluded, in step order, as the diff of that step (each
 * applies to the text the step before left).  Nothing to write: no file.
 */
static int write_left_out(struct engine *e, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	for (size_t s = 0; s < e->plan.nr; s++)
		for (size_t c = 0; c < e->nr_changes; c++) {
			const struct step_change *change = &e->changes[c];

			if (change->step != s || !(change->held_back || e->files[change->file].excluded))
				continue;
			strbuf_addf(&sb, "# step %u %s: %s\n", e->plan.steps[s].step->order,
				    e->plan.steps[s].step->name, e->files[change->file].path);
			strbuf_addstr(&sb, change->diff);
		}
	if (sb.len)
		rc = working_set_write_file(path, sb.buf, sb.len);
	strbuf_release(&sb);
	return rc;
}

/* What a unit's patch is made of, for measuring it and for writing it. */
struct unit_context {
	const struct site_list *before, *after;
	const struct series_meta *meta;
	struct maintainers *maintainers;	/* NULL: no Cc */
	const struct series_texts *texts;
};

/* The Cc: addresses of the files of u, from MAINTAINERS (maintainers.h). */
static void unit_cc(struct engine *e, const struct series_unit *u, struct maintainers *m,
		    struct strvec *cc)
{
	for (size_t k = 0; m && k < u->nr; k++) {
		const char *path = e->files[e->changes[u->changes[k]].file].path;
		char *sub = subsystem_of_path(path);

		maintainers_for(m, path, sub ? sub : u->subsystem, cc, NULL);
		free(sub);
	}
}

/*
 * Fill p (zeroed here) with unit u: strings borrowed from the plan and u,
 * files allocated, sites and cc (the caller's, cleared here) filled; a
 * diff made here is kept in owned (the caller's).
 * Returns the number of sites.
 */
static unsigned unit_patch(struct engine *e, const struct series_unit *u,
			   const struct unit_context *x, struct series_patch *p, struct strvec *cc,
			   struct strvec *owned)
{
	const struct manifest_variant *variant =
		manifest_variant(e->plan.steps[u->step].step, e->opts->variant);
	unsigned count = 0;

	memset(p, 0, sizeof(*p));
	p->step_order = e->plan.steps[u->step].step->order;
	p->step_name = e->plan.steps[u->step].step->name;
	p->step_title = variant ? variant->title : e->plan.steps[u->step].step->title;
	p->body = variant ? variant->description : e->plan.steps[u->step].step->description;
	p->subsystem = u->subsystem;
	p->part = u->part;
	p->part_nr = u->part_nr;
	p->parts = u->parts;
	p->tie = u->tie;
	p->foreign = &u->foreign;
	p->notes = &u->notes;
	p->sites = (struct strvec)STRVEC_INIT;
	p->files = xcalloc(u->nr + 1, sizeof(*p->files));
	/* a file two steps changed (series_plan_mend()): one diff, first text to last */
	for (size_t k = 0; k < u->nr;) {
		size_t c = u->changes[k], end = k + 1;
		struct series_file *f = &p->files[p->nr_files++];

		while (end < u->nr && e->changes[u->changes[end]].file == e->changes[c].file)
			end++;
		f->path = e->files[e->changes[c].file].path;
		f->diff = e->changes[c].diff;
		if (end > k + 1) {
			struct strbuf d = STRBUF_INIT;
			size_t last = u->changes[end - 1];

			if (diff_make(f->path, x->texts->before[c].buf, x->texts->before[c].len,
				      x->texts->after[last].buf, x->texts->after[last].len, &d) > 0) {
				strvec_push(owned, d.buf);
				f->diff = owned->v[owned->nr - 1];
			}
			strbuf_release(&d);
		}
		k = end;
	}
	converted_sites(e, u, x->before, x->after, &p->sites, &count);
	strvec_clear(cc);
	unit_cc(e, u, x->maintainers, cc);
	p->cc = cc;
	return count;
}

/* series_size_fn: the unit's patch as written, numbered as in a long series. */
static size_t unit_bytes(struct engine *e, const struct series_unit *u, void *data)
{
	const struct unit_context *x = data;
	struct series_patch p;
	struct strvec cc = STRVEC_INIT, owned = STRVEC_INIT;
	size_t n;

	unit_patch(e, u, x, &p, &cc, &owned);
	n = series_patch_bytes(&p, 9999, x->meta);
	free(p.files);
	strvec_clear(&p.sites);
	strvec_clear(&cc);
	strvec_clear(&owned);
	return n;
}

/* Every change of a step in one unit: what in-place counts. */
static void whole_step_unit(struct engine *e, size_t step, struct series_unit *u)
{
	memset(u, 0, sizeof(*u));
	u->step = step;
	u->changes = xcalloc(e->nr_changes + 1, sizeof(*u->changes));
	for (size_t c = 0; c < e->nr_changes; c++)
		if (e->changes[c].step == step && series_change_live(e, c))
			u->changes[u->nr++] = c;
}

/* The script as the output names it: relative to the tree when it is in it. */
static const char *shown_script(struct engine *e, const char *script)
{
	char *real = realpath(script, NULL);
	size_t n = strlen(e->tree);
	const char *shown = script;

	if (real && !strncmp(real, e->tree, n) && real[n] == '/')
		shown = script + strlen(script) - strlen(real + n + 1);
	free(real);
	return shown;
}

/*
 * Every written patch checked with checkpatch.pl (checkpatch.h): what the
 * series adds, printed and as report.json's "checkpatch".  A script that
 * does not run is a warning: the series stands.
 */
static int check_style(struct engine *e, const struct series_patch *patches, size_t nr,
		       json_t *report)
{
	struct strvec files = STRVEC_INIT;
	struct checkpatch_result r;
	const char *script = e->opts->checkpatch, *shown = shown_script(e, script);
	json_t *o, *added;

	for (size_t i = 0; i < nr; i++) {
		char *name = series_patch_name(&patches[i], i + 1);
		char *path = path_join(e->opts->out_dir, name);

		strvec_push(&files, path);
		free(path);
		free(name);
	}
	if (checkpatch_series(script, &files, e->opts->jobs, &r) < 0) {
		strvec_clear(&files);
		return -1;
	}
	o = json_object();
	json_object_set_new(o, "script", json_string(shown));
	if (r.failed) {
		warning("%s does not run with this perl (%s): give one that does with --checkpatch PATH",
			shown, r.error);
		json_object_set_new(o, "error", json_string(r.error));
	} else {
		printf("checkpatch: %zu patches checked with %s: %zu added, %zu removed (errors and"
		       " warnings, relative to the lines each patch replaces)\n", nr, shown, r.added,
		       r.removed);
		added = json_array();
		for (size_t i = 0; i < r.added_lines.nr; i++) {
			printf("checkpatch: added: %s\n", r.added_lines.v[i]);
			json_array_append_new(added, json_string(r.added_lines.v[i]));
		}
		json_object_set_new(o, "added", json_integer((json_int_t)r.added));
		json_object_set_new(o, "removed", json_integer((json_int_t)r.removed));
		json_object_set_new(o, "findings", added);
	}
	json_object_set_new(report, "checkpatch", o);
	checkpatch_result_release(&r);
	strvec_clear(&files);
	return 0;
}

/*
 * The bisect check's result, printed (every broken prefix: its patch and
 * first file) and as report.json's "bisect".
 */
static json_t *bisect_json(const struct bisect_result *r, const struct series_patch *patches,
			   unsigned mended)
{
	json_t *o = json_object(), *breaks = json_array();

	printf("bisect: %zu prefixes checked, %zu broken, %u mended (%zu files judged)\n",
	       r->prefixes, r->nr_breaks, mended, r->judged);
	for (size_t i = 0; i < r->nr_breaks; i++) {
		const struct bisect_break *b = &r->breaks[i];
		char *summary = series_subject(&patches[b->patch]);
		json_t *j = json_object();

		if (b->files > 1)
			printf("bisect: after patch %04zu (%s): %s and %zu more files break: %s\n",
			       b->patch + 1, summary, b->file, b->files - 1, b->error);
		else
			printf("bisect: after patch %04zu (%s): %s breaks: %s\n", b->patch + 1, summary,
			       b->file, b->error);
		json_object_set_new(j, "patch", json_integer((json_int_t)b->patch + 1));
		json_object_set_new(j, "subject", json_string(summary));
		json_object_set_new(j, "file", json_string(b->file));
		json_object_set_new(j, "error", json_string(b->error));
		json_object_set_new(j, "files", json_integer((json_int_t)b->files));
		json_array_append_new(breaks, j);
		free(summary);
	}
	json_object_set_new(o, "prefixes", json_integer((json_int_t)r->prefixes));
	json_object_set_new(o, "mended", json_integer(mended));
	json_object_set_new(o, "broken", breaks);
	return o;
}

/*
 * --check-bisect: a prefix that does not build takes the later changes it
 * needs, and the check goes on from it; what cannot be mended is kept in
 * *bisect.  Returns 0, or -1 when the check could not start.
 */
static int mend_prefixes(struct engine *e, struct migrate_stats *stats, const struct series_texts *texts,
			 struct series_units *units, char **home, struct bisect_result *bisect)
{
	struct bisect *b = bisect_new(e, texts);
	size_t from = 0;

	if (!b)
		return -1;
	for (;;) {
		struct bisect_result one;
		const struct bisect_break *brk;

		memset(&one, 0, sizeof(one));
		bisect_run(b, units, from, 1, &one);
		stats->bisect_parsed += (unsigned)one.parsed;
		stats->bisect_cached += (unsigned)one.cached;
		bisect->prefixes = one.prefixes;
		bisect->judged = one.judged;
		if (!one.nr_breaks) {
			bisect_result_release(&one);
			break;
		}
		brk = &one.breaks[0];
		if (series_plan_mend(e, units, brk->patch, &brk->broken, brk->error, home)) {
			series_plan_renumber(e, units);
			stats->bisect_mended++;
			from = brk->patch;
		} else {
			ALLOC_GROW(bisect->breaks, bisect->nr_breaks + 1, bisect->alloc_breaks);
			bisect->breaks[bisect->nr_breaks++] = one.breaks[0];
			one.nr_breaks = 0;
			from = brk->patch + 1;
		}
		bisect_result_release(&one);
	}
	bisect_free(b);
	return 0;
}

/* In place: the tree edited through the journal, TREE/.cdmigrate/migrate.json. */
static int write_in_place(struct engine *e, json_t *report)
{
	int rc = 0;
	struct journal_edit_list edits = JOURNAL_EDIT_LIST_INIT;
	char *dir = path_join(e->opts->tree, ".cdmigrate");
	char *path = path_join(dir, "migrate.json");

	for (size_t i = 0; i < e->nr; i++)
		if (engine_file_changed(&e->files[i]))
			journal_edit_list_add(&edits, e->files[i].path,
					      e->files[i].original.buf, e->files[i].original.len,
					      e->files[i].current.buf, e->files[i].current.len);
	if (edits.nr && journal_apply(e->opts->tree, edits.v, edits.nr, "migrate") < 0)
		rc = -1;
	if (rc == 0 && (mkdir(dir, 0755) == 0 || errno == EEXIST))
		rc = write_json_atomically(path, report);
	free(path);
	path = path_join(dir, "left-out.diff");
	unlink(path);
	if (rc == 0)
		rc = write_left_out(e, path);
	journal_edit_list_clear(&edits);
	free(path);
	free(dir);
	return rc;
}

/* The series: its patches and cover letter, checkpatch, report.json, left-out.diff. */
static int write_series(struct engine *e, const struct migrate_stats *stats, struct series_patch *patches,
			size_t nr, const struct series_meta *meta, json_t *report)
{
	int rc = 0;
	struct strbuf cover = STRBUF_INIT;
	char *path;

	strbuf_addf(&cover, "This series retires struct class_device from %s, one subsystem\n"
		    "per patch, in the order of the migration plan (cdmigrate plan).\n",
		    meta->tree_name);
	if (stats->held_back || stats->conflicts || stats->failures)
		strbuf_addf(&cover, "\nLeft out: %u file(s) held back by verify, %u with conflicting\n"
			    "edits, %u where spatch failed; see report.json (and left-out.diff,\n"
			    "what was tried).\n",
			    stats->held_back, stats->conflicts, stats->failures);
	for (size_t s = 0; s < stats->nr; s++)
		if (stats->steps[s].refused)
			strbuf_addf(&cover, "\nStep %u %s was refused (its error says why): nothing of it is in\n"
				    "this series.\n", stats->steps[s].order, stats->steps[s].name);
	rc = series_write(e->opts->out_dir, patches, nr, cover.buf, meta);
	strbuf_release(&cover);
	if (rc == 0 && e->opts->checkpatch && *e->opts->checkpatch)
		rc = check_style(e, patches, nr, report);
	path = path_join(e->opts->out_dir, "report.json");
	if (rc == 0)
		rc = write_json_atomically(path, report);
	free(path);
	path = path_join(e->opts->out_dir, "left-out.diff");
	if (rc == 0)
		rc = write_left_out(e, path);
	free(path);
	return rc;
}

int result_write(struct engine *e, struct migrate_stats *stats,
		 const struct site_list *before_sites, const struct site_list *after_sites)
{
	struct series_patch *patches = NULL;
	struct strvec *ccs = NULL;
	struct series_units units = SERIES_UNITS_INIT;
	struct series_texts texts;
	struct series_meta meta;
	struct unit_context x = { before_sites, after_sites, &meta, NULL, NULL };
	struct strvec owned = STRVEC_INIT;
	struct bisect_result bisect;
	unsigned *step_sites = xcalloc(e->plan.nr + 1, sizeof(unsigned));
	char **home = xcalloc(e->nr_changes + 1, sizeof(*home));
	struct header_homes hh = { STRVEC_INIT, STRVEC_INIT, 0, NULL };
	json_t *report;
	char plan_key[33];
	int rc = 0, replayed = 0;

	memset(&texts, 0, sizeof(texts));
	memset(&bisect, 0, sizeof(bisect));
	memset(&meta, 0, sizeof(meta));
	if (e->opts->in_place) {
		for (size_t s = 0; s < e->plan.nr; s++) {
			struct series_unit u;
			struct strvec lines = STRVEC_INIT;

			whole_step_unit(e, s, &u);
			converted_sites(e, &u, before_sites, after_sites, &lines, &step_sites[s]);
			strvec_clear(&lines);
			free(u.changes);
		}
	} else {
		series_meta_read(e->opts->tree, e->opts->kernel, &meta);
		meta.size_limit = e->opts->size_limit;
		if (e->opts->signoff)
			meta.signoff = series_signoff_identity(e->opts->tree);
		if (!e->plan.out_of_tree)
			x.maintainers = maintainers_read(e->opts->tree);
		if (series_texts_make(e, &texts) < 0)
			rc = -1;
		x.texts = &texts;
		if (!rc && cache_dir()) {
			struct series_cache_inputs in = { before_sites, after_sites, &meta };

			series_cache_key(e, &in, plan_key);
			replayed = series_cache_replay(e, plan_key, &units, &bisect, &stats->bisect_mended);
			stats->series_replayed = replayed;
		}
		for (size_t s = 0; s < e->plan.nr && !rc && !replayed; s++) {
			step_homes(e, &hh, s, home);
			series_plan_step(e, s, home, &texts, e->opts->size_limit, unit_bytes, &x, &units);
		}
		if (!rc && !replayed && e->opts->check_bisect && units.nr)
			rc = mend_prefixes(e, stats, &texts, &units, home, &bisect);
		if (!rc && !replayed && cache_dir())
			series_cache_store(plan_key, &units, &bisect, stats->bisect_mended);
		patches = xcalloc(units.nr + 1, sizeof(*patches));
		ccs = xcalloc(units.nr + 1, sizeof(*ccs));
		for (size_t i = 0; i < units.nr; i++) {
			struct series_unit *u = &units.v[i];

			ccs[i] = (struct strvec)STRVEC_INIT;
			if (u->notes.nr && e->opts->size_limit && !u->tie &&
			    unit_bytes(e, u, &x) > e->opts->size_limit)
				u->tie = xstrdup("it holds what it needs to build, as said above");
			step_sites[u->step] += unit_patch(e, u, &x, &patches[i], &ccs[i], &owned);
		}
	}
	report = report_json(e, stats, step_sites);
	if (!rc && e->opts->check_bisect)
		json_object_set_new(report, "bisect", bisect_json(&bisect, patches, stats->bisect_mended));
	if (e->opts->in_place)
		rc = write_in_place(e, report);
	else if (rc == 0)
		rc = write_series(e, stats, patches, units.nr, &meta, report);
	for (size_t i = 0; patches && i < units.nr; i++) {
		free(patches[i].files);
		strvec_clear(&patches[i].sites);
		strvec_clear(&ccs[i]);
	}
	free(patches);
	free(ccs);
	strvec_clear(&owned);
	series_units_release(&units);
	bisect_result_release(&bisect);
	series_texts_release(&texts);
	series_meta_release(&meta);
	maintainers_free(x.maintainers);
	for (size_t c = 0; c < e->nr_changes; c++)
		free(home[c]);
	free(home);
	strvec_clear(&hh.memo);
	strvec_clear(&hh.tree_files);
	reach_free(hh.reach);
	free(step_sites);
	json_decref(report);
	return rc;
}

