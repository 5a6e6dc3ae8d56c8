#define _GNU_SOURCE
#include "engine/engine.h"
#include "base/cache.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static void add_site_records(const struct site_list *list, char which, struct strbuf *payload)
{
	struct strbuf one = STRBUF_INIT;
	char num[32];

	for (size_t i = 0; i < list->nr; i++) {
		const struct site *s = &list->items[i];

		strbuf_reset(&one);
		cache_record_add(&one, 'L', &which, 1);
		cache_record_addstr(&one, 'f', s->file);
		snprintf(num, sizeof(num), "%u", s->line);
		cache_record_addstr(&one, 'l', num);
		snprintf(num, sizeof(num), "%u", s->column);
		cache_record_addstr(&one, 'c', num);
		cache_record_addstr(&one, 'k', s->kind);
		cache_record_addstr(&one, 's', s->symbol);
		cache_record_addstr(&one, 'u', s->subsystem);
		cache_record_addstr(&one, 'v', s->verdict == SITE_MANUAL ? "1" : "0");
		cache_record_addstr(&one, 'r', s->reason);
		if (s->function)
			cache_record_addstr(&one, 'n', s->function);
		cache_record_add(payload, 'I', one.buf, one.len);
	}
	strbuf_release(&one);
}

/* One 'I' record back into its list; 0 when damaged. */
static int parse_site(const char *rec, struct site_list *before, struct site_list *after)
{
	struct cache_reader rd;
	const char *buf;
	size_t len;
	char tag, *field[10] = { NULL };
	static const char tags[] = "Lflcksuvrn";
	int rc, ok;

	cache_reader_init(&rd, rec, strlen(rec));
	while ((rc = cache_record_next(&rd, &tag, &buf, &len)) == 1) {
		const char *at = strchr(tags, tag);

		if (!at || !tag || field[at - tags])
			break;
		field[at - tags] = xstrndup(buf, len);
	}
	ok = rc == 0 && field[0] && (field[0][0] == 'B' || field[0][0] == 'A');
	for (int i = 1; i < 9 && ok; i++)
		ok = field[i] != NULL;
	if (ok)
		site_list_add(field[0][0] == 'B' ? before : after, field[1],
			      (unsigned)strtoul(field[2], NULL, 10), (unsigned)strtoul(field[3], NULL, 10),
			      field[4], field[5], field[6], field[7][0] == '1' ? SITE_MANUAL : SITE_AUTO,
			      field[8], field[9]);
	for (int i = 0; i < 10; i++)
		free(field[i]);
	return ok;
}

static int verify_uncached(struct engine *e, struct site_list *before_sites,
			   struct site_list *after_sites, struct migrate_stats *stats);

/*
 * Verify, or replay it from the cache for the same state: which files it
 * held back, what it printed and the sites before and after.
 */
int verify_changes(struct engine *e, struct site_list *before_sites,
		   struct site_list *after_sites, struct migrate_stats *stats)
{
	struct cache_hasher *h;
	struct strbuf payload = STRBUF_INIT, diag = STRBUF_INIT;
	struct file_state *was;
	struct replay r;
	char key[33], num[32];
	unsigned held = stats->held_back;
	int status, rc;
	double wall = engine_now(CLOCK_MONOTONIC);

	if (!cache_dir())
		return verify_uncached(e, before_sites, after_sites, stats);
	h = cache_hasher_new();
	cache_hasher_add_string(h, "cdmigrate-verify 1");
	step_cache_hash_state(e, h);
	cache_hasher_finish(h, key);
	if (cache_get(key, &payload, &diag, &status) && status == 0 && step_cache_replay_parse(e, &payload, &r)) {
		struct site_list b = SITE_LIST_INIT, a = SITE_LIST_INIT;
		int ok = r.numbers.nr == 1;

		for (size_t i = 0; i < r.sites.nr && ok; i++)
			ok = parse_site(r.sites.v[i], &b, &a);
		if (ok) {
			step_cache_replay_files(&r);
			stats->held_back += (unsigned)atoi(r.numbers.v[0]);
			site_list_take(before_sites, &b);
			site_list_take(after_sites, &a);
			step_cache_replay_diag(e, &diag);
			stats->verify_wall = engine_now(CLOCK_MONOTONIC) - wall;
		}
		if (!ok) {
			site_list_release(&b);
			site_list_release(&a);
		}
		step_cache_replay_release(&r);
		strbuf_release(&payload);
		strbuf_release(&diag);
		if (ok)
			return 0;
	}
	strbuf_reset(&payload);
	strbuf_reset(&diag);
	was = step_cache_save_states(e);
	diag_capture(&diag);
	rc = verify_uncached(e, before_sites, after_sites, stats);
	diag_capture(NULL);
	if (rc == 0) {
		struct strbuf kept = STRBUF_INIT;

		step_cache_add_file_records(e, was, NULL, &payload);
		snprintf(num, sizeof(num), "%u", stats->held_back - held);
		cache_record_addstr(&payload, 'N', num);
		add_site_records(before_sites, 'B', &payload);
		add_site_records(after_sites, 'A', &payload);
		step_cache_diag_for_cache(e, &diag, &kept);
		cache_put(key, payload.buf, payload.len, kept.buf, kept.len, 0);
		strbuf_release(&kept);
	}
	step_cache_free_states(e, was);
	strbuf_release(&payload);
	strbuf_release(&diag);
	return rc;
}

int verify_is_changed(const struct work_file *f)
{
	return !f->excluded && (f->original.len != f->current.len ||
				memcmp(f->original.buf, f->current.buf, f->original.len));
}

/*
 * Re-parse each changed file before and after (against the converted
 * headers) and hold back a file whose change adds parse errors.  Also
 * returns the sites before and after, for the converted-site lists.
 */
/*
 * Files changed by the same step in the same subsystem were converted as
 * one unit (a class and its users, a header and its callers): when one is
 * held back, the others are too, or the tree would hold half a conversion.
 * Follows each held-back file's steps to a fixed point; returns how many
 * more files it held back.
 */
static unsigned hold_back_companions(struct engine *e, struct migrate_stats *stats)
{
	unsigned added = 0;
	int again = 1;

	while (again) {
		again = 0;
		for (size_t c = 0; c < e->nr_changes; c++) {
			struct work_file *held = &e->files[e->changes[c].file];
			unsigned step = e->plan.steps[e->changes[c].step].step->order;

			if (!held->excluded || !held->status || strcmp(held->status, "held-back"))
				continue;
			for (size_t d = 0; d < e->nr_changes; d++) {
				struct work_file *g = &e->files[e->changes[d].file];
				char *detail;

				if (e->changes[d].step != e->changes[c].step || g->excluded ||
				    strcmp(g->subsystem, held->subsystem))
					continue;
				detail = xstrfmt("changed by step %u together with %s, which is held back",
						 step, held->path);
				error("%s: held back: %s", g->path, detail);
				working_set_set_status(g, "held-back", "verify", detail);
				g->excluded = 1;
				stats->held_back++;
				added++;
				again = 1;
				free(detail);
			}
		}
	}
	return added;
}

static int verify_round(struct engine *e, struct site_list *before_sites,
			struct site_list *after_sites, struct migrate_stats *stats);

/*
 * Hold back what adds parse errors and its companions, then verify again
 * what is left when a header went back to its old text (others may miss
 * what it declared), until a round holds no header back.  A .c file going
 * back changes no other file's parse: no new round for it.
 */
static int verify_uncached(struct engine *e, struct site_list *before_sites,
			   struct site_list *after_sites, struct migrate_stats *stats)
{
	double wall = engine_now(CLOCK_MONOTONIC);
	char *was_excluded = xcalloc(e->nr ? e->nr : 1, 1);
	int rc, header_back;

	do {
		unsigned held = stats->held_back;

		for (size_t i = 0; i < e->nr; i++)
			was_excluded[i] = (char)e->files[i].excluded;
		rc = verify_round(e, before_sites, after_sites, stats);
		if (rc || stats->held_back == held)
			break;
		hold_back_companions(e, stats);
		header_back = 0;
		for (size_t i = 0; i < e->nr && !header_back; i++) {
			size_t n = strlen(e->files[i].path);

			header_back = e->files[i].excluded && !was_excluded[i] &&
				      !(n > 2 && !strcmp(e->files[i].path + n - 2, ".c"));
		}
		if (header_back) {
			site_list_release(before_sites);
			site_list_release(after_sites);
		}
	} while (header_back);
	free(was_excluded);
	stats->verify_wall = engine_now(CLOCK_MONOTONIC) - wall;
	return rc;
}

static int verify_round(struct engine *e, struct site_list *before_sites,
			struct site_list *after_sites, struct migrate_stats *stats)
{
	struct classify_options co;
	struct classify *c;
	struct strvec changed = STRVEC_INIT;
	struct classify_stats before = { 0, 0, NULL, 0 }, after = { 0, 0, NULL, 0 };
	struct classify_unsaved *overlay;
	size_t nr_overlay = 0;

	for (size_t i = 0; i < e->nr; i++)
		if (verify_is_changed(&e->files[i]))
			strvec_push(&changed, e->files[i].path);
	if (!changed.nr)
		return 0;
	memset(&co, 0, sizeof(co));
	co.tree = e->opts->tree;
	co.kernel = e->opts->kernel ? e->opts->kernel : e->opts->tree;
	co.out_of_tree = e->opts->kernel != NULL;
	co.jobs = e->opts->jobs;
	co.headers_optional = 1;
	c = classify_new(&co);
	if (!c) {
		strvec_clear(&changed);
		return -1;
	}
	classify_files(c, &changed, before_sites, &before);
	overlay = xcalloc(e->nr, sizeof(*overlay));
	for (size_t i = 0; i < e->nr; i++) {
		if (!verify_is_changed(&e->files[i]))
			continue;
		overlay[nr_overlay].file = e->files[i].path;
		overlay[nr_overlay].content = e->files[i].current.buf;
		overlay[nr_overlay].len = e->files[i].current.len;
		nr_overlay++;
	}
	classify_set_overlay(c, overlay, nr_overlay);
	classify_files(c, &changed, after_sites, &after);
	classify_set_overlay(c, NULL, 0);
	for (size_t i = 0; i < changed.nr; i++) {
		struct work_file *f = engine_find_file(e, changed.v[i]);

		if (after.files[i].errors > before.files[i].errors) {
			const char *diag = after.files[i].first_error ? after.files[i].first_error : "";
			size_t n = strlen(e->tree);
			char *detail;

			/* Name the file relative to the tree: output must not depend on where it is. */
			if (!strncmp(diag, e->tree, n) && diag[n] == '/')
				diag += n + 1;
			detail = xstrfmt("the change adds %u parse error(s): %s",
					 after.files[i].errors - before.files[i].errors, diag);

			error("%s: held back: %s", f->path, detail);
			working_set_set_status(f, "held-back", "verify", detail);
			f->excluded = 1;
			stats->held_back++;
			free(detail);
		}
	}
	classify_stats_release(&before);
	classify_stats_release(&after);
	free(overlay);
	classify_free(c);
	strvec_clear(&changed);
	return 0;
}

