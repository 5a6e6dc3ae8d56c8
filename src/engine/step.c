#define _GNU_SOURCE
#include "base/cache.h"
#include "engine/step.h"
#include "engine/diff.h"
#include "engine/spatch.h"
#include "engine/step-cache.h"
#include "engine/task.h"
#include "engine/working-set.h"
#include "kernel/kernel.h"
#include "kernel/manifest.h"
#include "lex/realign.h"
#include "rewrite/rewrite.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * The classifier's overlay: the working files that differ from the tree.
 * The others parse the same from the disk, and libclang slows down with
 * every unsaved file it is handed: with most of a tree in the working set
 * (step 30 triggers on #include), 200 parses took a minute instead of 4 s.
 */
static size_t changed_overlay(struct engine *e, const struct rewrite_context *ctx,
			      struct classify_unsaved *overlay)
{
	size_t n = 0;

	for (size_t i = 0; i < ctx->nr; i++) {
		const struct work_file *f = engine_find_file(e, ctx->files[i].path);
		const struct strbuf *c = ctx->files[i].content;

		if (f && f->original.len == c->len && !memcmp(f->original.buf, c->buf, c->len))
			continue;
		overlay[n].file = ctx->files[i].path;
		overlay[n].content = c->buf;
		overlay[n].len = c->len;
		n++;
	}
	return n;
}

/*
 * C rewriter passes (the step's `prepare:` ones before its patches, its
 * `rewriter:` ones after them) on the working contents; step_start is the
 * text of each working file when the step began (rewrite_file.step_start).
 */
static int run_rewriter(struct engine *e, const char *const *passes,
			const struct strvec *step_files, const struct strbuf *step_start)
{
	struct rewrite_context ctx;
	struct classify_options co;
	struct classify_unsaved *overlay;
	struct strvec log = STRVEC_INIT;
	int rc = 0;

	if (!manifest_count(passes) || !step_files->nr)
		return 0;
	engine_classify_options(e, &co);
	/*
	 * A pass's queries are about the file parsed: blank header bodies
	 * take a quarter of each parse off, and these parses are verify's
	 * blank ones before the change when the state is the tree's.
	 */
	co.blank_header_bodies = 1;
	memset(&ctx, 0, sizeof(ctx));
	ctx.classify = classify_new(&co);
	if (!ctx.classify)
		return -1;
	ctx.tree = e->opts->tree;
	ctx.kernel = co.kernel;
	ctx.out_of_tree = co.out_of_tree;
	ctx.log = &log;
	ctx.files = xcalloc(e->nr ? e->nr : 1, sizeof(*ctx.files));
	overlay = xcalloc(e->nr ? e->nr : 1, sizeof(*overlay));
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];

		if (f->excluded)
			continue;
		ctx.files[ctx.nr].path = f->path;
		ctx.files[ctx.nr].subsystem = f->subsystem;
		ctx.files[ctx.nr].content = &f->current;
		ctx.files[ctx.nr].in_step = strvec_has(step_files, f->path);
		ctx.files[ctx.nr].step_start = &step_start[i];
		ctx.nr++;
	}
	classify_set_overlay(ctx.classify, overlay, changed_overlay(e, &ctx, overlay));
	for (size_t r = 0; passes[r] && rc == 0; r++) {
		const struct rewrite_pass *pass = rewrite_find(passes[r]);

		if (!pass)
			continue;	/* plan says so: "not written yet" */
		rc = pass->fn(&ctx);
		/* A pass may have replaced contents: the overlay must follow. */
		classify_set_overlay(ctx.classify, overlay, changed_overlay(e, &ctx, overlay));
	}
	for (size_t i = 0; i < log.nr; i++) {
		if (!e->opts->quiet)
			fprintf(stderr, "%s\n", log.v[i]);
		/* marked: a replay prints it only without -q */
		if (e->diag)
			strbuf_addf(e->diag, "\001%s\n", log.v[i]);
	}
	strvec_clear(&log);
	classify_free(ctx.classify);
	free(overlay);
	free(ctx.files);
	return rc;
}

/* Does text name one of the tree's static struct class objects? */
static int names_class_object(struct engine *e, const struct strbuf *text)
{
	if (!e->class_objects.nr ||
	    !working_set_has_trigger(text, (const char *const *)e->class_objects.v))
		return 0;
	for (size_t c = 0; c < e->class_objects.nr; c++)
		if (working_set_names_class(text, e->class_objects.v[c]))
			return 1;
	return 0;
}

static int run_step_uncached(struct engine *e, size_t step, struct migrate_step_stats *st);

/*
 * Run a step, or replay it from the cache when the same state was seen
 * before (a step whose spatch timed out or was killed is never kept).
 */
int step_run(struct engine *e, size_t step, struct migrate_step_stats *st)
{
	char key[33];
	struct file_state *was;
	struct strbuf *old, diag = STRBUF_INIT;
	size_t first_change = e->nr_changes;
	int conflicts = e->conflicts, rc;

	if (!cache_dir())
		return run_step_uncached(e, step, st);
	step_cache_key(e, step, key);
	if (step_cache_replay_step(e, step, key, st)) {
		st->replayed = 1;
		return 0;
	}
	was = step_cache_save_states(e);
	old = xcalloc(e->nr ? e->nr : 1, sizeof(*old));
	for (size_t i = 0; i < e->nr; i++) {
		old[i] = (struct strbuf)STRBUF_INIT;
		strbuf_add(&old[i], e->files[i].current.buf, e->files[i].current.len);
	}
	e->incomplete = 0;
	e->diag = &diag;
	diag_capture(&diag);
	rc = run_step_uncached(e, step, st);
	diag_capture(NULL);
	e->diag = NULL;
	if (rc == 0 && !e->incomplete)
		step_cache_store_step(e, step, key, was, old, first_change, conflicts, st, &diag);
	for (size_t i = 0; i < e->nr; i++)
		strbuf_release(&old[i]);
	free(old);
	step_cache_free_states(e, was);
	strbuf_release(&diag);
	return rc;
}

static int run_step_uncached(struct engine *e, size_t step, struct migrate_step_stats *st)
{
	const struct plan_step *ps = &e->plan.steps[step];
	const struct manifest_step *m = ps->step;
	const struct manifest_variant *variant = manifest_variant(m, e->opts->variant);
	const char *const *patches = variant ? variant->patches : m->patches;
	struct strvec step_files = STRVEC_INIT;
	struct strbuf *before;
	unsigned runs = e->spatch_runs;
	int rc;

	e->groups = e->largest_group = 0;

	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];

		if (f->excluded || !!kernel_is_class_device_core(f->path) != !!m->in_tree_only)
			continue;
		if (e->opts->only_subsystem && strcmp(f->subsystem, e->opts->only_subsystem))
			continue;
		if (working_set_has_trigger(&f->current, m->triggers) ||
		    (manifest_count(m->follow) && names_class_object(e, &f->current)))
			strvec_push(&step_files, f->path);
	}
	before = xcalloc(e->nr ? e->nr : 1, sizeof(*before));
	for (size_t i = 0; i < e->nr; i++) {
		before[i] = (struct strbuf)STRBUF_INIT;
		strbuf_add(&before[i], e->files[i].current.buf, e->files[i].current.len);
	}
	e->options = m->options;
	/* the default patches only: a variant is its own set of rules */
	rc = variant ? 0 : run_rewriter(e, m->prepare, &step_files, before);
	for (size_t p = 0; rc == 0 && step_files.nr && patches[p]; p++) {
		char *patch = path_join(manifest_patch_dir(), patches[p]);

		if (access(patch, R_OK) < 0) {
			error("%s: semantic patch missing: reinstall cdmigrate", patch);
			free(patch);
			goto fail;
		}
		if (task_run_patch(e, step, patch, &step_files) < 0) {
			free(patch);
			goto fail;
		}
		free(patch);
	}
	if (rc == 0)
		rc = run_rewriter(e, m->rewriter, &step_files, before);
	switch (rc) {
	case 0:
		break;
	case REWRITE_REFUSED:
		/* the whole step is dropped, its patches' edits too */
		for (size_t i = 0; i < e->nr; i++) {
			strbuf_reset(&e->files[i].current);
			strbuf_add(&e->files[i].current, before[i].buf, before[i].len);
		}
		st->refused = 1;
		break;
	default:
		goto fail;
	}
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];
		struct strbuf diff = STRBUF_INIT;

		if (f->excluded || (before[i].len == f->current.len &&
				    !memcmp(before[i].buf, f->current.buf, f->current.len))) {
			strbuf_release(&before[i]);
			continue;
		}
		realign_step_output(before[i].buf, before[i].len, &f->current);
		if (diff_make(f->path, before[i].buf, before[i].len, f->current.buf, f->current.len, &diff) < 0) {
			strbuf_release(&diff);
			goto fail;
		}
		ALLOC_GROW(e->changes, e->nr_changes + 1, e->alloc_changes);
		e->changes[e->nr_changes].step = step;
		e->changes[e->nr_changes].file = i;
		e->changes[e->nr_changes].diff = strbuf_detach(&diff, NULL);
		e->changes[e->nr_changes].held_back = 0;
		e->nr_changes++;
		st->files_changed++;
		strbuf_release(&before[i]);
	}
	free(before);
	st->spatch_runs = e->spatch_runs - runs;
	st->groups = e->groups;
	st->largest_group = e->largest_group;
	strvec_clear(&step_files);
	return 0;
fail:
	/* the texts from before the step, on every path out */
	for (size_t i = 0; i < e->nr; i++)
		strbuf_release(&before[i]);
	free(before);
	strvec_clear(&step_files);
	return -1;
}

