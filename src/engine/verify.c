#define _GNU_SOURCE
#include "engine/verify.h"
#include "engine/diff.h"
#include "engine/hold-back.h"
#include "engine/step-cache.h"
#include "lex/lex.h"
#include "analyze/classify.h"
#include "analyze/header-users.h"
#include "analyze/prefilter.h"
#include "base/cache.h"
#include "base/walk.h"
#include "kernel/kernel.h"
#include "kernel/reach.h"
#include "kernel/subsystem.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One 'I' record of verify's cache back into before or after; 0 when damaged. */
static int parse_site(const char *rec, struct site_list *before, struct site_list *after)
{
	struct site_list one = SITE_LIST_INIT;
	char which = 0;

	if (!site_record_read(rec, strlen(rec), &which, &one) || (which != 'B' && which != 'A')) {
		site_list_release(&one);
		return 0;
	}
	site_list_take(which == 'B' ? before : after, &one);
	return 1;
}

/* A held unit as a cache record: "CAUSE\tERROR\tFILE\tFILE..." (no field holds a tab). */
static void held_unit_add_record(const struct held_unit *u, struct strbuf *payload)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s\t%s", u->cause, u->error);
	for (size_t i = 0; i < u->files.nr; i++)
		strbuf_addf(&sb, "\t%s", u->files.v[i]);
	cache_record_addstr(payload, 'N', sb.buf);
	strbuf_release(&sb);
}

static void held_unit_from_record(struct engine *e, const char *rec)
{
	char *copy = xstrdup(rec), *rest = copy;
	char *cause = strsep(&rest, "\t"), *error = rest ? strsep(&rest, "\t") : NULL;
	struct held_unit u = { xstrdup(cause), xstrdup(error ? error : ""), STRVEC_INIT };

	while (rest)
		strvec_push(&u.files, strsep(&rest, "\t"));
	ALLOC_GROW(e->held_units, e->nr_held_units + 1, e->alloc_held_units);
	e->held_units[e->nr_held_units++] = u;
	free(copy);
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
	struct strbuf *old;
	struct replay r;
	char key[33], num[32];
	unsigned held = stats->held_back;
	size_t units = e->nr_held_units;
	int status, rc;
	double wall = engine_now(CLOCK_MONOTONIC);

	if (!cache_dir())
		return verify_uncached(e, before_sites, after_sites, stats);
	h = cache_hasher_new();
	cache_hasher_add_string(h, "cdmigrate-verify 3");
	step_cache_hash_state(e, h);
	cache_hasher_finish(h, key);
	if (cache_get(key, &payload, &diag, &status) && status == 0 && step_cache_replay_parse(e, &payload, &r)) {
		struct site_list b = SITE_LIST_INIT, a = SITE_LIST_INIT;
		int ok = r.numbers.nr >= 1;

		for (size_t i = 0; i < r.sites.nr && ok; i++)
			ok = parse_site(r.sites.v[i], &b, &a);
		if (ok) {
			step_cache_replay_files(&r);
			for (size_t i = 0; i < r.held_changes.nr; i++)
				e->changes[strtoul(r.held_changes.v[i], NULL, 10)].held_back = 1;
			stats->held_back += (unsigned)atoi(r.numbers.v[0]);
			for (size_t i = 1; i < r.numbers.nr; i++)
				held_unit_from_record(e, r.numbers.v[i]);
			site_list_take(before_sites, &b);
			site_list_take(after_sites, &a);
			step_cache_replay_diag(e, &diag);
			stats->verify_wall = engine_now(CLOCK_MONOTONIC) - wall;
			stats->verify_replayed = 1;
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
	/* a header given back a step keeps its other steps: its text is kept */
	old = xcalloc(e->nr + 1, sizeof(*old));
	for (size_t i = 0; i < e->nr; i++) {
		old[i] = (struct strbuf)STRBUF_INIT;
		strbuf_add(&old[i], e->files[i].current.buf, e->files[i].current.len);
	}
	diag_capture(&diag);
	rc = verify_uncached(e, before_sites, after_sites, stats);
	diag_capture(NULL);
	if (rc == 0) {
		struct strbuf kept = STRBUF_INIT;

		step_cache_add_file_records(e, was, old, &payload);
		for (size_t c = 0; c < e->nr_changes; c++)
			if (e->changes[c].held_back) {
				snprintf(num, sizeof(num), "%zu", c);
				cache_record_addstr(&payload, 'H', num);
			}
		snprintf(num, sizeof(num), "%u", stats->held_back - held);
		cache_record_addstr(&payload, 'N', num);
		for (size_t i = units; i < e->nr_held_units; i++)
			held_unit_add_record(&e->held_units[i], &payload);
		site_list_add_records(before_sites, 'B', &payload);
		site_list_add_records(after_sites, 'A', &payload);
		step_cache_diag_for_cache(e, &diag, &kept);
		cache_put(key, payload.buf, payload.len, kept.buf, kept.len, 0);
		strbuf_release(&kept);
	}
	step_cache_free_states(e, was);
	for (size_t i = 0; i < e->nr; i++)
		strbuf_release(&old[i]);
	free(old);
	strbuf_release(&payload);
	strbuf_release(&diag);
	return rc;
}

/*
 * One file's parses: before the change (once per verify, again whole when
 * the first was blank and its errors are wanted) and after it.
 */
struct parsed {
	char *path;
	int has_before, has_after;
	int before_blank;	/* the parse before read blank header bodies: sites only */
	struct strvec before_errors, after_errors;
	struct site_list before_sites, after_sites;
};

struct verify {
	struct engine *e;
	struct migrate_stats *stats;
	struct parsed *p;
	size_t nr, alloc;
	struct reach *reach;
	struct strvec tree_files;	/* walked when a header first changes */
	int walked;
	struct classify *c;
	struct include_graph hosts;	/* each changed header's host (classify_host_graph()) */
	struct hold_back hb;		/* what goes back together */
};

static struct parsed *parsed_of(struct verify *v, const char *path)
{
	for (size_t i = 0; i < v->nr; i++)
		if (!strcmp(v->p[i].path, path))
			return &v->p[i];
	ALLOC_GROW(v->p, v->nr + 1, v->alloc);
	memset(&v->p[v->nr], 0, sizeof(v->p[v->nr]));
	v->p[v->nr].path = xstrdup(path);
	return &v->p[v->nr++];
}

static const struct strbuf *original_text(const char *rel, void *data)
{
	struct work_file *f = engine_find_file(data, rel);

	return f ? &f->original : NULL;
}

static int is_c_file(const char *path)
{
	return ends_with(path, ".c");
}

/*
 * Parse each of files (no overlay: before; else after) on the pool and
 * keep it.  A changed header is judged in its host's parse, before and
 * after alike: the host and the host's other guests are parsed with it.
 * With `blank`, against header bodies blank (its errors are not kept for
 * comparing: before_blank).
 */
static int parse_into(struct verify *v, const struct strvec *requested, int after, int blank)
{
	struct classify_stats st = CLASSIFY_STATS_INIT;
	struct site_list sites = SITE_LIST_INIT;
	struct strvec set = STRVEC_INIT;
	const struct strvec *files = &set;

	if (!requested->nr)
		return 0;
	for (size_t i = 0; i < requested->nr; i++)
		strvec_push(&set, requested->v[i]);
	strvec_sort(&set);
	classify_host_closure(&v->hosts, &set);
	classify_set_blank_header_bodies(v->c, blank);
	classify_files_hosted(v->c, files, &v->hosts, &sites, &st);
	classify_set_blank_header_bodies(v->c, 0);
	v->stats->verify_parsed_cached += (unsigned)st.cached;
	if (after)
		v->stats->verify_parsed_after += (unsigned)files->nr;
	else
		v->stats->verify_parsed_before += (unsigned)files->nr;
	if (!after && blank)
		v->stats->verify_parsed_blank += (unsigned)files->nr;
	for (size_t i = 0; i < files->nr; i++) {
		struct parsed *p = parsed_of(v, files->v[i]);
		struct strvec *errs = after ? &p->after_errors : &p->before_errors;
		struct site_list *mine = after ? &p->after_sites : &p->before_sites;

		strvec_clear(errs);
		*errs = st.files[i].error_texts;
		st.files[i].error_texts = (struct strvec)STRVEC_INIT;
		site_list_release(mine);
		for (size_t k = 0; k < sites.nr; k++) {
			const struct site *s = &sites.items[k];

			if (!strcmp(s->file, files->v[i]))
				site_list_add(mine, s->file, s->line, s->column, s->kind, s->symbol,
					      s->subsystem, s->verdict, s->reason, s->function);
		}
		if (after) {
			p->has_after = 1;
		} else {
			p->has_before = 1;
			p->before_blank = blank;
		}
	}
	site_list_release(&sites);
	classify_stats_release(&st);
	strvec_clear(&set);
	return 0;
}

/*
 * Drop from users the unchanged files whose parse before the change
 * already lacked an include (an ARM machine's asm/arch/, a header of a
 * config the set-up does not build): such a parse recovers differently
 * from one text to the next, so its errors say nothing of the change.  A
 * changed file is judged all the same: its own change is what it shows.
 */
static void drop_blind_users(struct verify *v, struct strvec *users)
{
	size_t kept = 0;

	for (size_t i = 0; i < users->nr; i++) {
		const struct parsed *p = parsed_of(v, users->v[i]);
		int blind = 0;

		for (size_t e = 0; e < p->before_errors.nr && !blind; e++)
			blind = strstr(p->before_errors.v[e], "' file not found") != NULL;
		if (blind)
			free(users->v[i]);
		else
			users->v[kept++] = users->v[i];
	}
	users->nr = kept;
	if (users->v)
		users->v[kept] = NULL;
}

/* The tree's name for a diagnostic: output must not depend on where the tree is. */
static const char *shown_error(struct engine *e, const char *diag)
{
	size_t n = strlen(e->tree);

	if (!strncmp(diag, e->tree, n) && diag[n] == '/')
		return diag + n + 1;
	return diag;
}



static int reaches(struct verify *v, const char *file, const char *header);

static void error_line_identifiers(struct verify *v, const struct strvec *errors, struct strvec *ids);

/*
 * A header held back (whole or a step) in an earlier round that file
 * reaches, as the messages name it, or NULL: the one whose names that
 * went back are on the lines of errors, else the first.
 */
static const char *header_gone_back(struct verify *v, const char *file, size_t before_round,
				    const struct strvec *errors)
{
	struct strvec ids = STRVEC_INIT;
	const char *first = NULL, *named = NULL;

	error_line_identifiers(v, errors, &ids);
	for (size_t i = 0; i < before_round && i < v->hb.held_headers.nr && !named; i++) {
		if (!reaches(v, file, v->hb.held_headers.v[i]))
			continue;
		if (!first)
			first = v->hb.held_shown.v[i];
		if (header_users_intersect(&v->hb.held_names[i], &ids, NULL))
			named = v->hb.held_shown.v[i];
	}
	strvec_clear(&ids);
	return named ? named : first;
}

/* The names a changed header's change can break a file through; members: header_users_names() */
static void header_names(struct work_file *h, struct strvec *names, struct strvec *members)
{
	header_users_names(h->original.buf, h->original.len, h->current.buf, h->current.len, names,
			   members);
}

static int reaches(struct verify *v, const char *file, const char *header)
{
	struct strvec hs = STRVEC_INIT;
	int found = 0;

	reach_headers(v->reach, file, &hs);
	for (size_t i = 0; i < hs.nr && !found; i++)
		found = !strcmp(hs.v[i], header);
	strvec_clear(&hs);
	return found;
}








/* A candidate user that is no user: a header, or a file the migration changed. */
static int changed_or_not_c(const char *path, void *data)
{
	struct work_file *f = engine_find_file(data, path);

	return !is_c_file(path) || (f && engine_file_changed(f));
}

/*
 * The unchanged .c files that reach one of headers and name what its
 * change touched (or a macro of another header that does): users[k] for
 * headers->v[k].
 */
static void find_users(struct verify *v, const struct strvec *headers, struct strvec *users)
{
	struct engine *e = v->e;
	struct strvec *names = xcalloc(headers->nr, sizeof(*names));
	struct strvec *members = xcalloc(headers->nr, sizeof(*members));
	struct strvec *cands = xcalloc(headers->nr, sizeof(*cands));
	const char *const **sets = xcalloc(headers->nr, sizeof(*sets));
	char **hits;

	if (!v->walked) {
		v->walked = 1;
		walk_tree(e->opts->tree, NULL, &v->tree_files, NULL);
	}
	for (size_t k = 0; k < headers->nr; k++) {
		struct work_file *h = engine_find_file(e, headers->v[k]);

		header_names(h, &names[k], &members[k]);
		sets[k] = (const char *const *)names[k].v;
	}
	for (int pass = 0; pass < 2; pass++) {
		int grew = 0;

		for (size_t k = 0; k < headers->nr; k++) {
			strvec_clear(&cands[k]);
			sets[k] = names[k].nr ? (const char *const *)names[k].v : NULL;
		}
		{
			/* the prefilter wants every set: an empty one is a token no word equals */
			static const char *const none[] = { "\001never\001", NULL };

			for (size_t k = 0; k < headers->nr; k++)
				if (!sets[k])
					sets[k] = none;
		}
		/* users are judged on identifier tokens: a whole word is enough */
		prefilter_files_sets_words(e->opts->tree, &v->tree_files, sets, headers->nr,
					   e->opts->jobs, cands, NULL, NULL);
		if (pass)
			break;
		/* A header's macro over a touched name: its users are the header's too. */
		for (size_t k = 0; k < headers->nr; k++)
			for (size_t i = 0; i < cands[k].nr; i++) {
				struct work_file *f = engine_find_file(e, cands[k].v[i]);
				struct strbuf text = STRBUF_INIT;
				char *abs;

				if (is_c_file(cands[k].v[i]) || (f && engine_file_changed(f)))
					continue;
				abs = path_join(e->opts->tree, cands[k].v[i]);
				if (strbuf_read_file(&text, abs) == 0 &&
				    header_users_mentions(text.buf, text.len, &names[k]))
					grew |= header_users_macro_names(text.buf, text.len, &names[k]) > 0;
				strbuf_release(&text);
				free(abs);
			}
		if (!grew)
			break;
	}
	hits = header_users_candidate_hits(e->opts->tree, cands, names, members, headers->nr,
					   changed_or_not_c, e);
	for (size_t k = 0; k < headers->nr; k++)
		for (size_t i = 0; i < cands[k].nr; i++)
			if (hits[k][i] && reaches(v, cands[k].v[i], headers->v[k]))
				strvec_push(&users[k], cands[k].v[i]);
	header_users_hits_free(hits, headers->nr);
	for (size_t k = 0; k < headers->nr; k++) {
		strvec_clear(&names[k]);
		strvec_clear(&members[k]);
		strvec_clear(&cands[k]);
	}
	free(names);
	free(members);
	free(cands);
	free(sets);
}

/*
 * The identifiers on the lines the errors point at ("FILE:LINE:COL: ..."),
 * in the text the parse after the change saw, sorted, each once.
 */
static void error_line_identifiers(struct verify *v, const struct strvec *errors, struct strvec *ids)
{
	struct strvec found = STRVEC_INIT;

	for (size_t i = 0; i < errors->nr; i++) {
		const char *text = shown_error(v->e, errors->v[i]);
		const char *colon = strchr(text, ':');
		struct work_file *f;
		struct strbuf disk = STRBUF_INIT;
		const struct strbuf *body = NULL;
		char *file;
		unsigned long line;

		if (!colon || colon[1] < '0' || colon[1] > '9')
			continue;
		file = xstrndup(text, (size_t)(colon - text));
		line = strtoul(colon + 1, NULL, 10);
		f = engine_find_file(v->e, file);
		if (f)
			body = engine_file_changed(f) ? &f->current : &f->original;
		else {
			char *abs = path_join(v->e->opts->tree, file);

			if (strbuf_read_file(&disk, abs) == 0)
				body = &disk;
			free(abs);
		}
		if (body) {
			const char *p = body->buf, *end = body->buf + body->len;

			for (unsigned long n = 1; n < line && p < end; n++) {
				const char *nl = memchr(p, '\n', (size_t)(end - p));

				p = nl ? nl + 1 : end;
			}
			while (p < end && *p != '\n') {
				const char *q = p;

				if (!lex_ident_start((unsigned char)*p)) {
					p++;
					continue;
				}
				while (q < end && lex_ident_char((unsigned char)*q))
					q++;
				strvec_pushf(&found, "%.*s", (int)(q - p), p);
				p = q;
			}
		}
		strbuf_release(&disk);
		free(file);
	}
	strvec_sort(&found);
	for (size_t i = 0; i < found.nr; i++)
		if (!i || strcmp(found.v[i], found.v[i - 1]))
			strvec_push(ids, found.v[i]);
	strvec_clear(&found);
}

/* The changed files' new texts for the parses after the change, except one (or NULL). */
static struct classify_unsaved *after_overlay(struct verify *v, const char *except, size_t *nr)
{
	struct engine *e = v->e;
	struct classify_unsaved *overlay = xcalloc(e->nr ? e->nr : 1, sizeof(*overlay));

	*nr = 0;
	for (size_t i = 0; i < e->nr; i++) {
		if (!engine_file_changed(&e->files[i]) || (except && !strcmp(except, e->files[i].path)))
			continue;
		overlay[*nr].file = e->files[i].path;
		overlay[*nr].content = e->files[i].current.buf;
		overlay[*nr].len = e->files[i].current.len;
		(*nr)++;
	}
	return overlay;
}

/*
 * Parse files with every change but header's: fixed[i] is 1 when
 * files->v[i] then has no error its parse before the change lacks.
 */
static void parse_without(struct verify *v, const char *header, const struct strvec *files, char *fixed)
{
	struct classify_stats st = CLASSIFY_STATS_INIT;
	struct site_list sites = SITE_LIST_INIT;
	size_t nr;
	struct classify_unsaved *overlay = after_overlay(v, header, &nr);

	classify_set_overlay(v->c, overlay, nr);
	classify_files(v->c, files, &sites, &st);
	v->stats->verify_parsed_without += (unsigned)files->nr;
	v->stats->verify_parsed_cached += (unsigned)st.cached;
	classify_set_overlay(v->c, NULL, 0);
	free(overlay);
	for (size_t i = 0; i < files->nr; i++) {
		struct strvec fresh = STRVEC_INIT;

		header_users_new_errors(&parsed_of(v, files->v[i])->before_errors, &st.files[i].error_texts,
					&fresh);
		fixed[i] = !fresh.nr;
		strvec_clear(&fresh);
	}
	site_list_release(&sites);
	classify_stats_release(&st);
}

static int reaches_any(struct verify *v, const char *file, const struct strvec *headers)
{
	struct strvec hs = STRVEC_INIT;
	int found = 0;

	if (!headers->nr)
		return 0;
	reach_headers(v->reach, file, &hs);
	for (size_t i = 0; i < hs.nr && !found; i++)
		found = strvec_has(headers, hs.v[i]);
	strvec_clear(&hs);
	return found;
}

/* Whether a changed header is judged in path's parse, or path is such a header. */
static int in_host_graph(const struct verify *v, const char *path)
{
	for (size_t e = 0; e < v->hosts.nr; e++)
		if (!strcmp(v->hosts.edges[e].includer, path) || !strcmp(v->hosts.edges[e].header, path))
			return 1;
	return 0;
}

/*
 * Parse what this round needs: each changed file after the change and
 * before it (once per verify), each unchanged user of a changed header
 * after it (again when it reaches a header that went back) and before it
 * when its parse after has errors; then drop the users the set-up cannot
 * build.
 */
static void parse_round(struct verify *v, const struct strvec *changed, const struct strvec *headers,
			struct strvec *users, const struct strvec *went_back)
{
	struct strvec all = STRVEC_INIT, need_before = STRVEC_INIT, need_after = STRVEC_INIT;
	struct strvec need_blank = STRVEC_INIT;
	struct classify_unsaved *overlay;
	size_t nr_overlay = 0;

	for (size_t i = 0; i < changed->nr; i++)
		strvec_push(&all, changed->v[i]);
	for (size_t k = 0; k < headers->nr; k++)
		for (size_t i = 0; i < users[k].nr; i++)
			if (!strvec_has(&all, users[k].v[i]))
				strvec_push(&all, users[k].v[i]);
	for (size_t i = 0; i < all.nr; i++) {
		struct parsed *p = parsed_of(v, all.v[i]);

		if (!p->has_after || reaches_any(v, all.v[i], went_back))
			strvec_push(&need_after, all.v[i]);
	}
	overlay = after_overlay(v, NULL, &nr_overlay);
	classify_set_overlay(v->c, overlay, nr_overlay);
	parse_into(v, &need_after, 1, 0);
	classify_set_overlay(v->c, NULL, 0);
	free(overlay);
	/*
	 * Before the change, a changed file is parsed for its sites (the
	 * series lists what each patch converts): against blank header
	 * bodies when its parse after has no error, so that no errors are
	 * compared, and no changed header is judged in it (a guest's sites
	 * are in its bodies).  Errors before are compared, from a whole
	 * parse, for a file whose parse after has errors, and for an
	 * unchanged user only then: a parse after without errors gained none.
	 */
	for (size_t i = 0; i < changed->nr; i++) {
		struct parsed *p = parsed_of(v, changed->v[i]);

		if (!p->has_before && !p->after_errors.nr && !in_host_graph(v, changed->v[i]))
			strvec_push(&need_blank, changed->v[i]);
	}
	parse_into(v, &need_blank, 0, 1);
	for (size_t i = 0; i < all.nr; i++) {
		struct parsed *p = parsed_of(v, all.v[i]);

		if (p->after_errors.nr ? !p->has_before || p->before_blank : i < changed->nr && !p->has_before)
			strvec_push(&need_before, all.v[i]);
	}
	parse_into(v, &need_before, 0, 0);
	/* the parse before tells which users the set-up cannot build: they are not judged */
	for (size_t k = 0; k < headers->nr; k++) {
		drop_blind_users(v, &users[k]);
		v->stats->verify_users += (unsigned)users[k].nr;
	}
	strvec_clear(&all);
	strvec_clear(&need_before);
	strvec_clear(&need_blank);
	strvec_clear(&need_after);
}

/* A changed file that gains an error: held back with its unit. */
static void hold_broken_files(struct verify *v, const struct strvec *changed, size_t held_headers_before)
{
	struct engine *e = v->e;

	for (size_t i = 0; i < changed->nr; i++) {
		struct work_file *f = engine_find_file(e, changed->v[i]);
		struct parsed *p = parsed_of(v, changed->v[i]);
		struct strvec fresh = STRVEC_INIT;

		/* gone back (or a step back) this round: its parse after is stale */
		if (f->excluded || strvec_has(&v->hb.stepped_back, f->path))
			continue;
		header_users_new_errors(&p->before_errors, &p->after_errors, &fresh);
		if (fresh.nr) {
			struct held_unit u = { xstrdup(f->path), xstrdup(shown_error(e, fresh.v[0])), STRVEC_INIT };
			const char *gone = header_gone_back(v, f->path, held_headers_before, &fresh);
			char *detail = gone ? xstrfmt("with %s held back, the change adds %zu parse error(s): %s",
						      gone, fresh.nr, u.error)
					    : xstrfmt("the change adds %zu parse error(s): %s", fresh.nr, u.error);

			if (!hold_back_last_step(&v->hb, &u, f, detail))
				hold_back_file(&v->hb, &u, f, detail);
			free(detail);
			hold_back_unit(&v->hb, &u);
		}
		strvec_clear(&fresh);
	}
}

/*
 * Append to blamed the "header\tuser" pairs where the user's new errors'
 * lines name what the header changed (or a macro of the header over it).
 */
static void blame_by_lines(struct verify *v, const struct strvec *headers, const struct strvec *users,
			   struct strvec *blamed)
{
	struct engine *e = v->e;
	struct strvec *names = xcalloc(headers->nr + 1, sizeof(*names));

	for (size_t k = 0; k < headers->nr; k++) {
		struct work_file *h = engine_find_file(e, headers->v[k]);

		/* the header's own macros over what it changed: an error
		 * line names class_to_shost(), not the member it reaches */
		header_names(h, &names[k], NULL);
		header_users_macro_names(h->current.buf, h->current.len, &names[k]);
	}
	for (size_t k = 0; k < headers->nr; k++)
		for (size_t i = 0; i < users[k].nr; i++) {
			struct parsed *p = parsed_of(v, users[k].v[i]);
			struct strvec fresh = STRVEC_INIT, ids = STRVEC_INIT;

			header_users_new_errors(&p->before_errors, &p->after_errors, &fresh);
			if (fresh.nr) {
				error_line_identifiers(v, &fresh, &ids);
				if (header_users_intersect(&names[k], &ids, NULL))
					strvec_pushf(blamed, "%s\t%s", headers->v[k], users[k].v[i]);
			}
			strvec_clear(&ids);
			strvec_clear(&fresh);
		}
	for (size_t k = 0; k < headers->nr; k++)
		strvec_clear(&names[k]);
	free(names);
}

/*
 * A user that blames two headers or more (or, naming none, uses several)
 * is parsed again without each of them: a header whose old text alone
 * mends it is the one to blame (hosts.c's `host->class_dev.dev` breaks
 * through hosts.h, not through pci.h, though both changed a member named
 * dev).  When none alone mends it, every suspect stays blamed.
 */
static void blame_by_parse(struct verify *v, const struct strvec *headers, const struct strvec *users,
			   struct strvec *blamed)
{
	struct strvec broken = STRVEC_INIT, suspects = STRVEC_INIT, alone = STRVEC_INIT;

	for (size_t k = 0; k < headers->nr; k++)
		for (size_t i = 0; i < users[k].nr; i++) {
			struct parsed *p = parsed_of(v, users[k].v[i]);
			struct strvec fresh = STRVEC_INIT;

			header_users_new_errors(&p->before_errors, &p->after_errors, &fresh);
			if (fresh.nr && !strvec_has(&broken, users[k].v[i]))
				strvec_push(&broken, users[k].v[i]);
			strvec_clear(&fresh);
		}
	for (size_t b = 0; b < broken.nr; b++) {
		struct strvec mine = STRVEC_INIT;

		for (size_t k = 0; k < headers->nr; k++) {
			char *pair = xstrfmt("%s\t%s", headers->v[k], broken.v[b]);

			if (strvec_has(blamed, pair))
				strvec_push(&mine, pair);
			free(pair);
		}
		for (size_t k = 0; k < headers->nr && !mine.nr; k++)
			for (size_t i = 0; i < users[k].nr; i++)
				if (!strcmp(users[k].v[i], broken.v[b]))
					strvec_pushf(&suspects, "%s\t%s", headers->v[k], broken.v[b]);
		if (mine.nr > 1)
			for (size_t i = 0; i < mine.nr; i++)
				strvec_push(&suspects, mine.v[i]);
		strvec_clear(&mine);
	}
	for (size_t k = 0; k < headers->nr; k++) {
		struct strvec batch = STRVEC_INIT;
		size_t n = strlen(headers->v[k]);
		char *fixed;
		int several;

		for (size_t i = 0; i < suspects.nr; i++) {
			const char *user = suspects.v[i] + n + 1;

			if (strncmp(suspects.v[i], headers->v[k], n) || suspects.v[i][n] != '\t')
				continue;
			several = 0;
			for (size_t j = 0; j < suspects.nr && !several; j++)
				several = j != i && !strcmp(strchr(suspects.v[j], '\t') + 1, user);
			if (several)
				strvec_push(&batch, user);
		}
		if (!batch.nr)
			continue;
		fixed = xcalloc(batch.nr, 1);
		parse_without(v, headers->v[k], &batch, fixed);
		for (size_t i = 0; i < batch.nr; i++)
			if (fixed[i])
				strvec_pushf(&alone, "%s\t%s", headers->v[k], batch.v[i]);
		free(fixed);
		strvec_clear(&batch);
	}
	/* the users a header alone mends blame that header only */
	for (size_t i = 0; i < alone.nr; i++) {
		const char *user = strchr(alone.v[i], '\t') + 1;
		struct strvec kept = STRVEC_INIT;

		for (size_t j = 0; j < blamed->nr; j++)
			if (strcmp(strchr(blamed->v[j], '\t') + 1, user))
				strvec_push(&kept, blamed->v[j]);
		strvec_clear(blamed);
		*blamed = kept;
	}
	for (size_t i = 0; i < alone.nr; i++)
		strvec_push(blamed, alone.v[i]);
	strvec_clear(&broken);
	strvec_clear(&suspects);
	strvec_clear(&alone);
}

/*
 * A header whose unchanged user gains an error: held back with its unit.
 * The user blames the headers whose changed names are on its new errors'
 * lines (two headers may both reach it, only one broke it); when no line
 * names one, every changed header it uses.
 */
static void hold_broken_headers(struct verify *v, const struct strvec *headers, const struct strvec *users)
{
	struct engine *e = v->e;
	struct strvec blamed = STRVEC_INIT;	/* "header\tuser" pairs */

	blame_by_lines(v, headers, users, &blamed);
	blame_by_parse(v, headers, users, &blamed);
	for (size_t k = 0; k < headers->nr; k++) {
		struct work_file *h = engine_find_file(e, headers->v[k]);

		for (size_t i = 0; i < users[k].nr && !h->excluded &&
				   !strvec_has(&v->hb.stepped_back, h->path); i++) {
			struct parsed *p = parsed_of(v, users[k].v[i]);
			struct strvec fresh = STRVEC_INIT;
			char *pair = xstrfmt("%s\t%s", headers->v[k], users[k].v[i]);
			int blames_any = 0, blames_this = strvec_has(&blamed, pair);

			for (size_t b = 0; b < blamed.nr && !blames_any; b++) {
				const char *tab = strchr(blamed.v[b], '\t');

				blames_any = !strcmp(tab + 1, users[k].v[i]);
			}
			free(pair);
			if (!blames_this && blames_any)
				continue;
			header_users_new_errors(&p->before_errors, &p->after_errors, &fresh);
			if (fresh.nr) {
				struct held_unit u = { xstrdup(users[k].v[i]), xstrdup(shown_error(e, fresh.v[0])),
						  STRVEC_INIT };
				char *detail = xstrfmt("%s, which uses it unchanged, gains %zu parse error(s): %s",
						       u.cause, fresh.nr, u.error);

				if (!hold_back_last_step(&v->hb, &u, h, detail))
					hold_back_file(&v->hb, &u, h, detail);
				free(detail);
				hold_back_unit(&v->hb, &u);
			}
			strvec_clear(&fresh);
		}
	}
	strvec_clear(&blamed);
}

/*
 * One round: parse each changed file and each unchanged user of a changed
 * header after the change (each before it once per verify), hold back a
 * changed file that gains an error and a header whose user gains one,
 * each with its unit.  Returns how many files it held back or gave back
 * a step.
 */
static int verify_round(struct verify *v, const struct strvec *went_back)
{
	struct engine *e = v->e;
	struct strvec changed = STRVEC_INIT, headers = STRVEC_INIT, *users;
	unsigned held = v->stats->held_back;
	size_t held_headers_before = v->hb.held_headers.nr;

	for (size_t i = 0; i < e->nr; i++)
		if (engine_file_changed(&e->files[i])) {
			strvec_push(&changed, e->files[i].path);
			if (!is_c_file(e->files[i].path))
				strvec_push(&headers, e->files[i].path);
		}
	strvec_clear(&v->hb.stepped_back);
	if (!changed.nr)
		return 0;
	users = xcalloc(headers.nr + 1, sizeof(*users));
	if (headers.nr)
		find_users(v, &headers, users);
	parse_round(v, &changed, &headers, users, went_back);
	hold_broken_files(v, &changed, held_headers_before);
	hold_broken_headers(v, &headers, users);
	for (size_t k = 0; k < headers.nr; k++)
		strvec_clear(&users[k]);
	free(users);
	strvec_clear(&changed);
	strvec_clear(&headers);
	return (int)(v->stats->held_back - held) + (int)v->hb.stepped_back.nr;
}

/* v->hosts: of the changed files, their texts before and after the change. */
static void host_graph(struct verify *v)
{
	struct engine *e = v->e;
	struct strvec changed = STRVEC_INIT;
	struct strbuf *before, *after;

	for (size_t i = 0; i < e->nr; i++)
		if (engine_file_changed(&e->files[i]))
			strvec_push(&changed, e->files[i].path);
	strvec_sort(&changed);
	before = xcalloc(changed.nr + 1, sizeof(*before));
	after = xcalloc(changed.nr + 1, sizeof(*after));
	for (size_t i = 0; i < changed.nr; i++) {
		struct work_file *f = engine_find_file(e, changed.v[i]);

		/* borrowed: classify_host_graph() only reads them */
		before[i] = f->original;
		after[i] = f->current;
	}
	classify_host_graph(v->c, &changed, before, after, &v->hosts);
	free(before);
	free(after);
	strvec_clear(&changed);
}

/*
 * Hold back what adds parse errors, to itself or to an unchanged user of
 * a header it changed, with everything that depends on it, then verify
 * again what is left (a file gone back to its old text changes what its
 * users see), until a round holds nothing back.  Each file is parsed
 * before the change at most once; after it again only when a header went back.
 */
static int verify_uncached(struct engine *e, struct site_list *before_sites,
			   struct site_list *after_sites, struct migrate_stats *stats)
{
	double wall = engine_now(CLOCK_MONOTONIC);
	struct classify_options co;
	struct verify v;
	struct strvec went_back = STRVEC_INIT;	/* headers whose text went back last round */
	int n, any = 0;
	char *was;

	memset(&v, 0, sizeof(v));
	v.e = e;
	v.stats = stats;
	engine_classify_options(e, &co);
	for (size_t i = 0; i < e->nr && !any; i++)
		any = engine_file_changed(&e->files[i]);
	if (any && !(v.c = classify_new(&co)))
		return -1;
	if (v.c)
		host_graph(&v);
	v.reach = reach_new(e->opts->tree, original_text, e);
	hold_back_init(&v.hb, e, stats);
	was = xcalloc(e->nr ? e->nr : 1, 1);
	do {
		for (size_t i = 0; i < e->nr; i++)
			was[i] = (char)e->files[i].excluded;
		n = v.c ? verify_round(&v, &went_back) : 0;
		/*
		 * A file gone back is parsed afresh; a header gone back (or a
		 * step back) changes the parse of the files that reach it, and
		 * of no other.
		 */
		strvec_clear(&went_back);
		for (size_t i = 0; i < v.hb.stepped_back.nr; i++) {
			parsed_of(&v, v.hb.stepped_back.v[i])->has_after = 0;
			if (!is_c_file(v.hb.stepped_back.v[i]))
				strvec_push(&went_back, v.hb.stepped_back.v[i]);
		}
		for (size_t i = 0; i < e->nr; i++) {
			if (!e->files[i].excluded || was[i])
				continue;
			parsed_of(&v, e->files[i].path)->has_after = 0;
			if (!is_c_file(e->files[i].path))
				strvec_push(&went_back, e->files[i].path);
		}
	} while (n > 0);
	strvec_clear(&went_back);
	free(was);
	for (size_t i = 0; i < e->nr; i++) {
		struct parsed *p;

		if (!engine_file_changed(&e->files[i]))
			continue;
		p = parsed_of(&v, e->files[i].path);
		for (size_t k = 0; k < p->before_sites.nr; k++) {
			const struct site *s = &p->before_sites.items[k];

			site_list_add(before_sites, s->file, s->line, s->column, s->kind, s->symbol,
				      s->subsystem, s->verdict, s->reason, s->function);
		}
		for (size_t k = 0; k < p->after_sites.nr; k++) {
			const struct site *s = &p->after_sites.items[k];

			site_list_add(after_sites, s->file, s->line, s->column, s->kind, s->symbol,
				      s->subsystem, s->verdict, s->reason, s->function);
		}
	}
	site_list_sort(before_sites);
	site_list_sort(after_sites);
	for (size_t i = 0; i < v.nr; i++) {
		free(v.p[i].path);
		strvec_clear(&v.p[i].before_errors);
		strvec_clear(&v.p[i].after_errors);
		site_list_release(&v.p[i].before_sites);
		site_list_release(&v.p[i].after_sites);
	}
	free(v.p);
	hold_back_release(&v.hb);
	include_graph_release(&v.hosts);
	strvec_clear(&v.tree_files);
	reach_free(v.reach);
	if (v.c)
		classify_free(v.c);
	stats->verify_wall = engine_now(CLOCK_MONOTONIC) - wall;
	return 0;
}
