#define _GNU_SOURCE
#include "engine/hold-back.h"
#include "engine/diff.h"
#include "analyze/header-users.h"
#include "kernel/kernel.h"

#include <stdlib.h>
#include <string.h>

void hold_back_init(struct hold_back *hb, struct engine *e, struct migrate_stats *stats)
{
	memset(hb, 0, sizeof(*hb));
	hb->e = e;
	hb->stats = stats;
	hb->change_ids = xcalloc(e->nr + 1, sizeof(*hb->change_ids));
	hb->change_globals = xcalloc(e->nr + 1, sizeof(*hb->change_globals));
	hb->have_change_names = xcalloc(e->nr + 1, 1);
}

void hold_back_release(struct hold_back *hb)
{
	for (size_t i = 0; i < hb->e->nr; i++) {
		strvec_clear(&hb->change_ids[i]);
		strvec_clear(&hb->change_globals[i]);
	}
	free(hb->change_ids);
	free(hb->change_globals);
	free(hb->have_change_names);
	for (size_t i = 0; i < hb->held_headers.nr; i++)
		strvec_clear(&hb->held_names[i]);
	free(hb->held_names);
	strvec_clear(&hb->held_headers);
	strvec_clear(&hb->held_shown);
	strvec_clear(&hb->stepped_back);
}

void hold_back_units_clear(struct engine *e)
{
	for (size_t i = 0; i < e->nr_held_units; i++) {
		free(e->held_units[i].cause);
		free(e->held_units[i].error);
		strvec_clear(&e->held_units[i].files);
	}
	free(e->held_units);
	e->held_units = NULL;
	e->nr_held_units = e->alloc_held_units = 0;
}

/* A header whose text went back from `was` to `now`: later messages may name it. */
static void note_header_back(struct hold_back *hb, const char *path, const char *shown,
			     const struct strbuf *was, const struct strbuf *now)
{
	size_t i = hb->held_headers.nr;

	ALLOC_GROW(hb->held_names, i + 1, hb->held_names_alloc);
	hb->held_names[i] = (struct strvec)STRVEC_INIT;
	header_users_names(now->buf, now->len, was->buf, was->len, &hb->held_names[i], NULL);
	header_users_macro_names(was->buf, was->len, &hb->held_names[i]);
	strvec_push(&hb->held_headers, path);
	strvec_push(&hb->held_shown, shown);
}

void hold_back_file(struct hold_back *hb, struct held_unit *u, struct work_file *f, const char *detail)
{
	if (f->excluded)
		return;
	error("%s: held back: %s", f->path, detail);
	engine_set_file_status(f, "held-back", "verify", detail);
	f->excluded = 1;
	hb->stats->held_back++;
	strvec_push(&u->files, f->path);
	if (!ends_with(f->path, ".c"))
		note_header_back(hb, f->path, f->path, &f->current, &f->original);
}

static void change_names(struct hold_back *hb, struct work_file *f)
{
	size_t i = (size_t)(f - hb->e->files);

	if (hb->have_change_names[i])
		return;
	hb->have_change_names[i] = 1;
	header_users_changed_identifiers(f->original.buf, f->original.len, f->current.buf,
					 f->current.len, &hb->change_ids[i]);
	/* a header's declarations reach its users through their parse; the
	 * class_device implementation's are the API every user's change names */
	if (ends_with(f->path, ".c") && !kernel_is_class_device_core(f->path))
		header_users_changed_globals(f->original.buf, f->original.len, f->current.buf,
					     f->current.len, &hb->change_globals[i]);
}

/*
 * The text of file number `file` with its changes of the steps before
 * `below` (plan indexes; changes held back aside) applied to its
 * original: what it was when step `below` started.  0, or -1 after error().
 */
static int text_below_step(struct engine *e, size_t file, size_t below, struct strbuf *out)
{
	struct work_file *f = &e->files[file];
	struct strbuf next = STRBUF_INIT, err = STRBUF_INIT;
	int rc = 0;

	strbuf_reset(out);
	strbuf_add(out, f->original.buf, f->original.len);
	for (size_t c = 0; c < e->nr_changes && !rc; c++) {
		struct file_diff *d = NULL;
		size_t nr = 0;

		if (e->changes[c].file != file || e->changes[c].step >= below || e->changes[c].held_back)
			continue;
		if (diff_parse(e->changes[c].diff, strlen(e->changes[c].diff), &d, &nr) < 0 || nr != 1 ||
		    (strbuf_reset(&next), diff_apply(f->path, out->buf, out->len, &d[0], &next, &err)) < 0) {
			rc = error("%s: cannot take back the change of step %u: %s", f->path,
				   e->plan.steps[e->changes[c].step].step->order,
				   err.len ? err.buf : "its diff does not parse");
		} else {
			strbuf_reset(out);
			strbuf_add(out, next.buf, next.len);
		}
		file_diff_list_free(d, nr);
	}
	strbuf_release(&next);
	strbuf_release(&err);
	return rc;
}

/* How many steps changed file number `file` (held back aside); *last gets the last. */
static size_t steps_of(struct engine *e, size_t file, size_t *last)
{
	size_t n = 0;

	for (size_t c = 0; c < e->nr_changes; c++)
		if (e->changes[c].file == file && !e->changes[c].held_back) {
			if (!n || e->changes[c].step != *last)
				n++;
			*last = e->changes[c].step;
		}
	return n;
}

/*
 * Give back file's changes from step `from` on: its text becomes what it
 * was before that step, the series leaves them out, and it is parsed again.
 * The names those changes removed outright are appended to gone (sorted).
 */
static int give_back_steps(struct hold_back *hb, size_t file, size_t from, struct strvec *gone)
{
	struct engine *e = hb->e;
	struct work_file *f = &e->files[file];
	struct strbuf before = STRBUF_INIT;

	if (text_below_step(e, file, from, &before) < 0) {
		strbuf_release(&before);
		return -1;
	}
	header_users_vanished_names(before.buf, before.len, f->current.buf, f->current.len, gone);
	if (!ends_with(f->path, ".c")) {
		char *shown = xstrfmt("step %u's change of %s", e->plan.steps[from].step->order, f->path);

		note_header_back(hb, f->path, shown, &f->current, &before);
		free(shown);
	}
	for (size_t c = 0; c < e->nr_changes; c++)
		if (e->changes[c].file == file && e->changes[c].step >= from)
			e->changes[c].held_back = 1;
	strbuf_reset(&f->current);
	strbuf_add(&f->current, before.buf, before.len);
	strbuf_release(&before);
	hb->have_change_names[file] = 0;
	strvec_clear(&hb->change_ids[file]);
	strvec_clear(&hb->change_globals[file]);
	return 0;
}

int hold_back_last_step(struct hold_back *hb, struct held_unit *u, struct work_file *h, const char *detail)
{
	struct engine *e = hb->e;
	size_t file = (size_t)(h - e->files), last = 0;
	struct strvec gone = STRVEC_INIT;
	unsigned order;
	int grew;

	if (ends_with(h->path, ".c") || steps_of(e, file, &last) < 2 ||
	    give_back_steps(hb, file, last, &gone) < 0) {
		strvec_clear(&gone);
		return 0;
	}
	order = e->plan.steps[last].step->order;
	error("%s: step %u's change held back: %s", h->path, order, detail);
	strvec_push(&u->files, h->path);
	strvec_push(&hb->stepped_back, h->path);
	do {
		grew = 0;
		for (size_t i = 0; i < e->nr; i++) {
			struct work_file *g = &e->files[i];
			struct strbuf was = STRBUF_INIT, now = STRBUF_INIT;
			struct strvec removed = STRVEC_INIT;
			const char *name = NULL;
			size_t g_last = 0, n;
			int touched = 0;

			if (g->excluded || i == file)
				continue;
			/* a name its change removed is on its diff's lines: only
			 * such a file is worth rebuilding (GNU patch per step) */
			for (size_t c = 0; c < e->nr_changes && !touched; c++)
				touched = e->changes[c].file == i && e->changes[c].step == last &&
					  !e->changes[c].held_back &&
					  header_users_mentions(e->changes[c].diff, strlen(e->changes[c].diff),
								&gone);
			if (!touched)
				continue;
			if (text_below_step(e, i, last, &was) == 0 && text_below_step(e, i, last + 1, &now) == 0)
				header_users_vanished_names(was.buf, was.len, now.buf, now.len, &removed);
			if (header_users_intersect(&gone, &removed, &name)) {
				char *why = xstrfmt("step %u's change of %s, which removed %s too, is held back",
						    order, h->path, name);

				n = steps_of(e, i, &g_last);
				if (n < 2 || give_back_steps(hb, i, last, &gone) < 0)
					hold_back_file(hb, u, g, why);
				else {
					error("%s: step %u's change held back: %s", g->path, order, why);
					strvec_push(&u->files, g->path);
					strvec_push(&hb->stepped_back, g->path);
				}
				free(why);
				grew = 1;
			}
			strvec_clear(&removed);
			strbuf_release(&was);
			strbuf_release(&now);
		}
	} while (grew);
	strvec_clear(&gone);
	return 1;
}

/*
 * Everything whose change depends on the held files, held back with them
 * to a fixed point: a changed file whose change names a file-scope name
 * a held .c file's change declares anew (a class object retyped in one
 * file and declared extern in another), or the other way round.  What a
 * header declares reaches its users through the parse.  A file that only breaks
 * when a header goes back needs no link here: the next round parses it
 * against the header's old text and holds it back on its own error.
 */
static void hold_dependents(struct hold_back *hb, struct held_unit *u)
{
	struct engine *e = hb->e;

	for (size_t q = 0; q < u->files.nr; q++) {
		struct work_file *held = engine_find_file(e, u->files.v[q]);
		size_t h = (size_t)(held - e->files);

		change_names(hb, held);
		for (size_t i = 0; i < e->nr; i++) {
			struct work_file *g = &e->files[i];
			const char *name = NULL;
			char *detail;

			if (g->excluded || !engine_file_changed(g))
				continue;
			change_names(hb, g);
			if (!header_users_intersect(&hb->change_globals[h], &hb->change_ids[i], &name) &&
			    !header_users_intersect(&hb->change_globals[i], &hb->change_ids[h], &name))
				continue;
			detail = xstrfmt("its change and the change of %s, which is held back, both change %s",
					 held->path, name);
			hold_back_file(hb, u, g, detail);
			free(detail);
		}
	}
}

void hold_back_unit(struct hold_back *hb, struct held_unit *u)
{
	struct engine *e = hb->e;

	hold_dependents(hb, u);
	ALLOC_GROW(e->held_units, e->nr_held_units + 1, e->alloc_held_units);
	e->held_units[e->nr_held_units++] = *u;
}
