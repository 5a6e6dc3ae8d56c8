#define _GNU_SOURCE
#include "rewrite/delete-class-device.h"
#include "analyze/site.h"
#include "base/walk.h"
#include "kernel/subsystem.h"
#include "lex/lex.h"
#include "lex/lexscan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* One use outside the edited files that blocks the deletion. */
struct blocker {
	char *file;
	unsigned line, column;
	const char *kind;
	char *symbol;
};

struct blockers {
	struct blocker *v;
	size_t nr, alloc;
};


/* ------------------------------------------------------------ blockers */

static void add_blocker(struct blockers *b, const char *file, unsigned line, unsigned column,
			const char *kind, const char *symbol)
{
	struct blocker *x;

	ALLOC_GROW(b->v, b->nr + 1, b->alloc);
	x = &b->v[b->nr++];
	x->file = xstrdup(file);
	x->line = line;
	x->column = column;
	x->kind = kind;
	x->symbol = xstrdup(symbol);
}

static int compare_blockers(const void *va, const void *vb)
{
	const struct blocker *a = va, *b = vb;
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	return strcmp(a->kind, b->kind);
}

static int is_core_path(const char *file)
{
	for (size_t i = 0; i < DELETION_NR_CORE; i++)
		if (!strcmp(file, deletion_core_paths[i]))
			return 1;
	return 0;
}

struct token_search {
	const struct deletion *d;
	struct blockers *out;
	const char *file;
	const char *text;		/* the file's text the identifiers point into */
};

static void on_public(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct token_search *s = data;
	char *name;

	/* struct device *class_device: a name, valid after the deletion (as in the report) */
	if (len == 12 && !memcmp(ident, "class_device", 12) && !lexscan_after_tag_keyword(s->text, ident))
		return;
	name = xstrndup(ident, len);
	if (deletion_blocks(s->d, "token", name, NULL, NULL))
		add_blocker(s->out, s->file, line, column, "token", name);
	free(name);
}

/* Text that uses class_device (what a held-back file keeps). */
static const char *const user_needles[] = {
	"class_device", "CLASS_DEVICE", "class_get_devdata", "class_set_devdata", NULL,
};

static const char *const site_needles[] = {
	"class_device", "CLASS_DEVICE", "class_get_devdata", "class_set_devdata", "struct class ", NULL,
};

/*
 * The hosts verify judges the changed headers in (classify_host_graph()):
 * of the files the migration changed (`deleted`, the state after it), their
 * texts on disk and after.
 */
static void changed_hosts(struct deletion *d, const struct classify_unsaved *deleted, size_t nr,
			  struct include_graph *hosts)
{
	struct strvec files = STRVEC_INIT;
	struct strbuf *before = xcalloc(nr + 1, sizeof(*before)), *after = xcalloc(nr + 1, sizeof(*after));

	for (size_t i = 0; i < nr; i++)
		strvec_push(&files, deleted[i].file);
	strvec_sort(&files);
	for (size_t i = 0; i < files.nr; i++) {
		char *abs = path_join(d->ctx->tree, files.v[i]);

		before[i] = (struct strbuf)STRBUF_INIT;
		if (strbuf_read_file(&before[i], abs) < 0)
			strbuf_release(&before[i]);
		free(abs);
		for (size_t k = 0; k < nr; k++)
			if (!strcmp(deleted[k].file, files.v[i])) {
				/* borrowed: NUL-terminated working contents */
				after[i].buf = (char *)deleted[k].content;
				after[i].len = deleted[k].len;
				break;
			}
	}
	classify_host_graph(d->ctx->classify, &files, before, after, hosts);
	for (size_t i = 0; i < files.nr; i++)
		strbuf_release(&before[i]);
	free(before);
	free(after);
	strvec_clear(&files);
}

/*
 * Files whose conversion the final verify will hold back (it adds parse
 * errors) keep their text on disk: when that text uses class_device, they
 * block.  `changed` are the working files that differ from the disk and
 * whose disk text has a site needle; `overlay` holds every working file
 * that differs from the disk (the classifier's overlay, set back after).
 * They are parsed as verify will parse them: against the driver core
 * this step leaves (`edited`, the core files' text once the deletion is
 * done), with verify's view of errors (the engine's classifier), so that
 * the prediction is verify's own judgement and verify finds these parses
 * in the parse memo.
 */
static void held_back_users(struct deletion *d, const struct strvec *changed,
			    const struct classify_unsaved *overlay, size_t nr_overlay,
			    const struct strbuf *edited, struct blockers *out)
{
	struct classify *c = d->ctx->classify;
	int *after = xcalloc(changed->nr + 1, sizeof(int)), *before = xcalloc(changed->nr + 1, sizeof(int));
	struct strvec erring = STRVEC_INIT;	/* a file without errors after gained none: no parse before */
	struct classify_unsaved *deleted = xcalloc(nr_overlay + DELETION_NR_CORE + 1, sizeof(*deleted));
	struct include_graph hosts = INCLUDE_GRAPH_INIT;
	size_t e = 0, nr_deleted = 0;

	for (size_t i = 0; i < nr_overlay; i++)
		if (!is_core_path(overlay[i].file))
			deleted[nr_deleted++] = overlay[i];
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++)
		if (d->files[fi]) {
			deleted[nr_deleted].file = deletion_core_paths[fi];
			deleted[nr_deleted].content = edited[fi].buf ? edited[fi].buf : "";
			deleted[nr_deleted].len = edited[fi].len;
			nr_deleted++;
		}
	/* as verify chooses them: before its overlays */
	classify_set_overlay(c, NULL, 0);
	changed_hosts(d, deleted, nr_deleted, &hosts);
	classify_set_overlay(c, deleted, nr_deleted);
	classify_count_errors_hosted(c, changed, &hosts, after, NULL);
	for (size_t i = 0; i < changed->nr; i++)
		if (after[i] > 0)
			strvec_push(&erring, changed->v[i]);
	classify_set_overlay(c, NULL, 0);
	if (erring.nr)
		classify_count_errors_hosted(c, &erring, &hosts, before, NULL);
	classify_set_overlay(c, overlay, nr_overlay);
	include_graph_release(&hosts);
	for (size_t i = 0; i < changed->nr; i++) {
		char *why;
		int was = 0;

		if (after[i] > 0)
			was = before[e++];
		if (after[i] <= was)
			continue;
		why = xstrfmt("its conversion adds %d parse error(s): verify will hold it back, and its text on disk uses class_device",
			      after[i] - was);
		add_blocker(out, changed->v[i], 0, 0, "held-back", why);
		free(why);
	}
	free(after);
	free(before);
	free(deleted);
	strvec_clear(&erring);
}

/*
 * Whether a parse of text can find a site deletion_blocks() counts.  Such
 * a site names class_device (a user needle), is a struct class object or
 * member (`struct class` then a name: a static class setting a member the
 * deletion removes), or names what the deletion removes (an #if branch, a
 * macro's body).  A name of the API on a line also needs that line's
 * sites: a site that does not block covers its token.  The rest of the
 * files the site needles find, pointers to class_create()'s classes, are
 * the most after a conversion: parsing them finds nothing that blocks.
 */
static int may_hold_blocker(const struct deletion *d, const char *text, size_t len)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	int found = 0;

	for (size_t n = 0; user_needles[n]; n++)
		if (memmem(text, len, user_needles[n], strlen(user_needles[n])))
			return 1;
	lex_tokenize_raw(text, len, &t);
	for (size_t k = 0; k < t.nr && !found; k++) {
		const struct lex_token *x = &t.v[k];

		if (x->kind != TOKEN_IDENT)
			continue;
		found = deletion_names_token(d, x) || strvec_sorted_has_n(&d->public, x->text, x->len) ||
			(x->len == 6 && !memcmp(x->text, "struct", 6) && k + 2 < t.nr &&
			 t.v[k + 1].len == 5 && !memcmp(t.v[k + 1].text, "class", 5) &&
			 t.v[k + 2].kind == TOKEN_IDENT);
	}
	lex_tokens_release(&t);
	return found;
}

/* Every use outside the edited files of what the deletion removes; edited: as in held_back_users(). */
static int find_blockers(struct deletion *d, const struct strbuf *edited, struct blockers *out)
{
	static const char *const needles[] = { "class_", "CLASS_", "_subsys", NULL };
	struct rewrite_context *ctx = d->ctx;
	struct strvec files = STRVEC_INIT, cands = STRVEC_INIT;
	struct site_list sites = SITE_LIST_INIT;
	struct blockers tokens = { NULL, 0, 0 };
	struct strbuf disk = STRBUF_INIT;
	struct strvec changed = STRVEC_INIT;
	struct classify_unsaved *overlay = d->overlay = xcalloc(ctx->nr + 1, sizeof(*overlay));
	size_t nr_overlay = 0;

	/* What differs from the disk: the overlay, and the users whose change verify may refuse. */
	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *rf = &ctx->files[i];
		char *abs = path_join(ctx->tree, rf->path);
		int read = (strbuf_reset(&disk), strbuf_read_file(&disk, abs));

		free(abs);
		if (!read && disk.len == rf->content->len && !memcmp(disk.buf, rf->content->buf, disk.len))
			continue;
		overlay[nr_overlay].file = rf->path;
		overlay[nr_overlay].content = rf->content->buf;
		overlay[nr_overlay].len = rf->content->len;
		nr_overlay++;
		if (read || is_core_path(rf->path))
			continue;
		for (size_t n = 0; user_needles[n]; n++)
			if (memmem(disk.buf, disk.len, user_needles[n], strlen(user_needles[n]))) {
				strvec_push(&changed, rf->path);
				break;
			}
	}
	if (changed.nr)
		held_back_users(d, &changed, overlay, nr_overlay, edited, out);

	if (walk_tree(ctx->tree, NULL, &files, NULL) < 0)
		return -1;
	for (size_t i = 0; i < files.nr; i++) {
		struct rewrite_file *rf = rewrite_file_find(ctx, files.v[i]);
		const char *text;
		size_t len;
		struct token_search s;

		if (is_core_path(files.v[i]))
			continue;
		if (rf) {
			text = rf->content->buf;
			len = rf->content->len;
		} else {
			char *abs = path_join(ctx->tree, files.v[i]);

			strbuf_reset(&disk);
			if (strbuf_read_file(&disk, abs) < 0) {
				warning("%s: cannot read it (%s): its uses are not counted", files.v[i],
					strerror(errno));
				free(abs);
				continue;
			}
			free(abs);
			text = disk.buf;
			len = disk.len;
		}
		if (memchr(text, '\0', len))
			continue;	/* binary: never a user (prefilter.h), as in the report */
		for (size_t n = 0; site_needles[n]; n++)
			if (memmem(text, len, site_needles[n], strlen(site_needles[n]))) {
				if (may_hold_blocker(d, text, len))
					strvec_push(&cands, files.v[i]);
				break;
			}
		s.d = d;
		s.out = &tokens;
		s.file = files.v[i];
		s.text = text;
		if (memmem(text, len, "class_", 6) || memmem(text, len, "CLASS_", 6) ||
		    memmem(text, len, "_subsys", 7))
			lexscan_identifiers(text, 0, len, needles, 0, on_public, &s);
	}
	if (cands.nr)
		classify_files(ctx->classify, &cands, &sites, NULL);
	for (size_t i = 0; i < sites.nr; i++) {
		const struct site *s = &sites.items[i];
		const char *member = NULL;

		if (is_core_path(s->file) || !deletion_blocks(d, s->kind, s->symbol, s->reason, &member))
			continue;
		if (member) {
			char *what = xstrfmt("%s (sets .%s)", s->symbol, member);

			add_blocker(out, s->file, s->line, s->column, s->kind, what);
			free(what);
		} else {
			add_blocker(out, s->file, s->line, s->column, s->kind, s->symbol);
		}
	}
	/*
	 * A token on a line that has a site adds nothing, whether the site
	 * blocks or not (an #if 0 line's call is the site's, as in the report).
	 */
	for (size_t t = 0; t < tokens.nr; t++) {
		int covered = 0;

		for (size_t i = 0; i < out->nr && !covered; i++)
			covered = !strcmp(out->v[i].file, tokens.v[t].file) &&
				  out->v[i].line == tokens.v[t].line;
		for (size_t i = 0; i < sites.nr && !covered; i++)
			covered = sites.items[i].line == tokens.v[t].line &&
				  !strcmp(sites.items[i].file, tokens.v[t].file);
		if (!covered)
			add_blocker(out, tokens.v[t].file, tokens.v[t].line, tokens.v[t].column, "token",
				    tokens.v[t].symbol);
		free(tokens.v[t].file);
		free(tokens.v[t].symbol);
	}
	free(tokens.v);
	sort_array(out->v, out->nr, sizeof(*out->v), compare_blockers);
	site_list_release(&sites);
	strvec_clear(&cands);
	strvec_clear(&files);
	strvec_clear(&changed);
	strbuf_release(&disk);
	return 0;
}

static void blockers_release(struct blockers *b)
{
	for (size_t i = 0; i < b->nr; i++) {
		free(b->v[i].file);
		free(b->v[i].symbol);
	}
	free(b->v);
}

#define SHOWN 5

static void refuse_for_users(const struct blockers *b, const char *tree)
{
	struct strbuf msg = STRBUF_INIT;

	strbuf_addf(&msg, "step 70 delete refused: %zu use%s of struct class_device and its API %s left outside the driver core:",
		    b->nr, b->nr == 1 ? "" : "s", b->nr == 1 ? "is" : "are");
	for (size_t i = 0; i < b->nr && i < SHOWN; i++)
		if (b->v[i].line)
			strbuf_addf(&msg, "\n  %s:%u:%u: %s: %s", b->v[i].file, b->v[i].line,
				    b->v[i].column, b->v[i].kind, b->v[i].symbol);
		else
			strbuf_addf(&msg, "\n  %s: %s: %s", b->v[i].file, b->v[i].kind, b->v[i].symbol);
	if (b->nr > SHOWN)
		strbuf_addf(&msg, "\n  ... and %zu more", b->nr - SHOWN);
	strbuf_addf(&msg, "\n  convert %s (cdmigrate report %s lists each with its reason), then run step 70 again",
		    b->nr == 1 ? "it" : "them", tree);
	error("%s", msg.buf);
	strbuf_release(&msg);
}

/* Names the edited text still holds: "file:line: name". */
static void leftovers(const struct deletion *d, size_t fi, const struct strbuf *text, struct strvec *out)
{
	struct lex_tokens t = LEX_TOKENS_INIT;

	lex_tokenize(text->buf, text->len, &t);
	for (size_t k = 0; k < t.nr; k++)
		if (deletion_names_token(d, &t.v[k]))
			strvec_pushf(out, "%s:%u: %.*s", deletion_core_paths[fi], t.v[k].line, (int)t.v[k].len,
				     t.v[k].text);
	lex_tokens_release(&t);
}

int rewrite_delete_class_device(struct rewrite_context *ctx)
{
	struct deletion d;
	struct blockers users = { NULL, 0, 0 };
	struct strbuf edited[DELETION_NR_CORE];
	int rc = 0;

	memset(&d, 0, sizeof(d));
	d.ctx = ctx;
	/* the users are parsed as verify parses them after the change: whole */
	classify_set_blank_header_bodies(ctx->classify, 0);
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		d.files[fi] = rewrite_file_find(ctx, deletion_core_paths[fi]);
		edited[fi] = (struct strbuf)STRBUF_INIT;
	}
	deletion_analyze(&d);
	if (!d.nr_doomed)
		goto out;	/* nothing of class_device is left: done before */

	/* the edit first: the check of the users parses against its result */
	deletion_edit_functions(&d);
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		struct core_file *f = &d.parsed[fi];

		for (size_t i = 0; d.files[fi] && i < f->nr; i++)
			if (d.doomed[fi][i])
				core_removals_add(&d.rm[fi], core_token_start(f, f->items[i].first),
						  core_token_end(f, f->items[i].last), 0);
		if (!d.files[fi])
			continue;
		core_removals_apply(&d.rm[fi], d.files[fi]->content->buf, d.files[fi]->content->len,
				    &edited[fi]);
	}
	if (find_blockers(&d, edited, &users) < 0) {
		rc = -1;
		goto out;
	}
	if (users.nr) {
		refuse_for_users(&users, ctx->tree);
		rc = REWRITE_REFUSED;
		goto out;
	}
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++)
		if (d.files[fi])
			leftovers(&d, fi, &edited[fi], &d.problems);
	if (d.problems.nr) {
		struct strbuf msg = STRBUF_INIT;

		for (size_t i = 0; i < d.problems.nr; i++)
			strbuf_addf(&msg, "\n  %s", d.problems.v[i]);
		error("step 70 delete refused: the driver core keeps shapes it cannot edit:%s\n  edit them by hand, then run step 70 again",
		      msg.buf);
		strbuf_release(&msg);
		rc = REWRITE_REFUSED;
		goto out;
	}
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++) {
		if (!d.files[fi] || !d.rm[fi].nr)
			continue;
		strvec_pushf(ctx->log, "%s: deleted %zu piece%s of struct class_device", deletion_core_paths[fi],
			     d.rm[fi].nr, d.rm[fi].nr == 1 ? "" : "s");
		strbuf_reset(d.files[fi]->content);
		strbuf_add(d.files[fi]->content, edited[fi].buf, edited[fi].len);
	}
out:
	classify_set_blank_header_bodies(ctx->classify, 1);
	for (size_t fi = 0; fi < DELETION_NR_CORE; fi++)
		strbuf_release(&edited[fi]);
	blockers_release(&users);
	deletion_release(&d);
	return rc;
}

