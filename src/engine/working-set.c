#define _GNU_SOURCE
#include "analyze/prefilter.h"
#include "base/cache.h"
#include "base/walk.h"
#include "engine/working-set.h"
#include "engine/spatch.h"
#include "engine/step-cache.h"
#include "kernel/kernel.h"
#include "lex/lex.h"
#include "rewrite/callback-callers.h"
#include "rewrite/macro-members.h"
#include "rewrite/member-users.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int working_set_has_trigger(const struct strbuf *text, const char *const *triggers)
{
	return prefilter_buffer(text->buf, text->len, triggers) == PREFILTER_CANDIDATE;
}

/*
 * Brace depth of text at `at`, comments and literals skipped; *from and
 * *depth carry the scan over between calls with increasing `at`.
 */
static int brace_depth(const char *at, const char **from, int *depth)
{
	const char *p = *from;

	while (p < at && *p) {
		if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");

			p = end ? end + 2 : p + strlen(p);
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (*p == '"' || *p == '\'') {
			char quote = *p++;

			while (*p && *p != quote && *p != '\n')
				p += p[0] == '\\' && p[1] ? 2 : 1;
			if (*p == quote)
				p++;
		} else {
			*depth += *p == '{' ? 1 : *p == '}' ? -1 : 0;
			p++;
		}
	}
	*from = p;
	return *depth;
}

/*
 * Names X of "struct class X =" / "struct class X;" definitions and
 * declarations at file scope in text.  A member ("struct class class;" in
 * transport_class.h) is no object: taken as one, its name made every file
 * saying "class" a user (all of a kernel-size tree in step 10).
 */
static void find_class_objects(const char *text, struct strvec *names)
{
	const char *p = text, *scanned = text;
	int depth = 0;

	while ((p = strstr(p, "struct class"))) {
		const char *q = p + strlen("struct class"), *start;
		char *name;

		p = q;
		if (lex_ident_char(*q) || (q - strlen("struct class") > text && lex_ident_char(q[-13])))
			continue;
		if (brace_depth(q - strlen("struct class"), &scanned, &depth) > 0)
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		start = q;
		while (lex_ident_char(*q))
			q++;
		if (q == start)
			continue;
		name = xstrndup(start, (size_t)(q - start));
		while (*q == ' ' || *q == '\t')
			q++;
		if ((*q == '=' || *q == ';') && !strvec_has(names, name)) {
			strvec_push(names, name);
			strvec_sort(names);
		}
		free(name);
	}
}

/*
 * Does text define or declare at file scope an object `name` of another
 * struct type ("static struct foo_driver x_class = {")?  In that
 * file the name is its own object, whatever class of that name another
 * file defines: C resolves it to the file's declaration.
 */
static int declares_other_object(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name);
	const char *p = text, *scanned = text;
	int depth = 0;

	while ((p = memmem(p, len - (size_t)(p - text), name, n))) {
		const char *q = p, *t_end, *t;

		p += n;
		if ((q > text && lex_ident_char(q[-1])) || lex_ident_char(*p) ||
		    brace_depth(q, &scanned, &depth) > 0)
			continue;
		while (q > text && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '*'))
			q--;
		t_end = q;
		while (q > text && lex_ident_char(q[-1]))
			q--;
		t = q;
		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (t == t_end || q - text < 6 || memcmp(q - 6, "struct", 6) ||
		    (q - text > 6 && lex_ident_char(q[-7])) ||
		    (t_end - t == 5 && !memcmp(t, "class", 5)))
			continue;
		for (q = p; *q == ' ' || *q == '\t'; q++)
			;
		if (*q == '=' || *q == ';' || *q == '[' || *q == ',')
			return 1;
	}
	return 0;
}

int working_set_names_class(const struct strbuf *text, const char *name)
{
	size_t n = strlen(name);
	const char *p = text->buf;

	while ((p = memmem(p, text->len - (size_t)(p - text->buf), name, n))) {
		if ((p == text->buf || !lex_ident_char(p[-1])) && !lex_ident_char(p[n]))
			return !declares_other_object(text->buf, text->len, name);
		p += n;
	}
	return 0;
}

/*
 * The files that reach a class device's member through a struct member a
 * step retypes (input_dev->cdev.dev) without any trigger token join the
 * set: the member-users pass converts them with the header.
 */
static void add_member_users(struct engine *e, const struct strvec *files, struct strvec *cands)
{
	struct strvec retyped = STRVEC_INIT, tokens = STRVEC_INIT, rest = STRVEC_INIT, users = STRVEC_INIT;

	for (size_t i = 0; i < cands->nr; i++) {
		struct strbuf text = STRBUF_INIT;
		char *abs = path_join(e->opts->tree, cands->v[i]);

		if (!kernel_is_class_device_core(cands->v[i]) && strbuf_read_file(&text, abs) == 0)
			member_users_retyped(text.buf, text.len, &retyped);
		strbuf_release(&text);
		free(abs);
	}
	member_users_tokens(&retyped, &tokens);
	for (size_t i = 0; tokens.nr && i < files->nr; i++)
		if (!kernel_is_class_device_core(files->v[i]) && !strvec_sorted_has(cands, files->v[i]))
			strvec_push(&rest, files->v[i]);
	if (rest.nr)
		prefilter_files(e->opts->tree, &rest, (const char *const *)tokens.v, e->opts->jobs,
				&users, NULL, NULL);
	for (size_t i = 0; i < users.nr; i++) {
		struct strbuf text = STRBUF_INIT;
		char *abs = path_join(e->opts->tree, users.v[i]);

		if (strbuf_read_file(&text, abs) == 0 &&
		    member_users_candidate(text.buf, text.len, &retyped))
			strvec_push(cands, users.v[i]);
		strbuf_release(&text);
		free(abs);
	}
	strvec_sort(cands);
	strvec_clear(&retyped);
	strvec_clear(&tokens);
	strvec_clear(&rest);
	strvec_clear(&users);
}

/*
 * The files that call a non-static show/store callback of the candidates
 * by name without any trigger token (aac_show_serial_number(
 * shost_to_class(host), buf)) join the set: the callback-callers pass
 * gives such a call its attribute.
 */
static void add_callback_callers(struct engine *e, const struct strvec *files, struct strvec *cands)
{
	struct strvec names = STRVEC_INIT, rest = STRVEC_INIT, users = STRVEC_INIT;

	for (size_t i = 0; i < cands->nr; i++) {
		struct strbuf text = STRBUF_INIT;
		char *abs = path_join(e->opts->tree, cands->v[i]);

		if (!kernel_is_class_device_core(cands->v[i]) && strbuf_read_file(&text, abs) == 0)
			callback_callers_names(text.buf, text.len, &names);
		strbuf_release(&text);
		free(abs);
	}
	for (size_t i = 0; names.nr && i < files->nr; i++)
		if (!kernel_is_class_device_core(files->v[i]) && !strvec_sorted_has(cands, files->v[i]))
			strvec_push(&rest, files->v[i]);
	if (rest.nr)
		prefilter_files(e->opts->tree, &rest, (const char *const *)names.v, e->opts->jobs,
				&users, NULL, NULL);
	for (size_t i = 0; i < users.nr; i++) {
		struct strbuf text = STRBUF_INIT;
		char *abs = path_join(e->opts->tree, users.v[i]);

		if (strbuf_read_file(&text, abs) == 0 && callback_callers_candidate(text.buf, text.len, &names))
			strvec_push(cands, users.v[i]);
		strbuf_release(&text);
		free(abs);
	}
	strvec_sort(cands);
	strvec_clear(&names);
	strvec_clear(&rest);
	strvec_clear(&users);
}

/*
 * Which files the steps work on: the candidates (sorted), and in e the
 * static class objects, their homes and the candidates' include edges.
 */
static int select_files(struct engine *e, struct strvec *cands)
{
	struct strvec files = STRVEC_INIT, tokens = STRVEC_INIT;

	if (walk_tree(e->opts->tree, e->opts->paths, &files, NULL) < 0)
		return -1;
	/* Names spatch cannot take are left out, each said once (README "Safety"). */
	for (size_t i = 0; i < files.nr;) {
		if (spatch_name_ok(files.v[i])) {
			i++;
			continue;
		}
		for (char *p = files.v[i]; *p; p++)
			if ((unsigned char)*p < ' ' || *p == 0x7f)
				*p = '?';
		warning("%s: spatch 1.1.1 cannot take this file name (it passes names through a shell): skipped; rename it to convert it",
			files.v[i]);
		free(files.v[i]);
		memmove(files.v + i, files.v + i + 1, (files.nr - i - 1) * sizeof(*files.v));
		files.nr--;
		files.v[files.nr] = NULL;
	}
	/*
	 * In-tree steps' triggers are broad (#include): they only select
	 * among the class_device implementation's files, so the rest of the tree is filtered
	 * with the other steps' triggers alone.
	 */
	{
		struct strvec core = STRVEC_INIT, core_tokens = STRVEC_INIT, from_core = STRVEC_INIT;

		strvec_pushv(&tokens, kernel_api_tokens);
		for (size_t i = 0; i < manifest_nr_steps; i++)
			strvec_pushv(manifest_steps[i].in_tree_only ? &core_tokens : &tokens,
				     manifest_steps[i].triggers);
		prefilter_files(e->opts->tree, &files, (const char *const *)tokens.v, e->opts->jobs,
				cands, NULL, NULL);
		for (size_t i = 0; i < files.nr; i++)
			if (kernel_is_class_device_core(files.v[i]))
				strvec_push(&core, files.v[i]);
		if (core_tokens.nr)
			prefilter_files(e->opts->tree, &core, (const char *const *)core_tokens.v,
					e->opts->jobs, &from_core, NULL, NULL);
		for (size_t i = 0; i < from_core.nr; i++)
			if (!strvec_has(cands, from_core.v[i]))
				strvec_push(cands, from_core.v[i]);
		strvec_sort(cands);
		strvec_clear(&core);
		strvec_clear(&core_tokens);
		strvec_clear(&from_core);
	}
	/* Users of a static class by name alone (&input_class) join the set. */
	for (size_t i = 0; i < cands->nr; i++) {
		struct strbuf text = STRBUF_INIT;
		char *abs = path_join(e->opts->tree, cands->v[i]);

		if (strbuf_read_file(&text, abs) == 0) {
			struct strvec here = STRVEC_INIT;

			find_class_objects(text.buf, &here);
			for (size_t n = 0; n < here.nr; n++) {
				if (!strvec_has(&e->class_objects, here.v[n])) {
					strvec_push(&e->class_objects, here.v[n]);
					strvec_sort(&e->class_objects);
				}
				strvec_pushf(&e->class_homes, "%s\t%s", here.v[n], cands->v[i]);
			}
			strvec_clear(&here);
		}
		strbuf_release(&text);
		free(abs);
	}
	if (e->class_objects.nr) {
		struct strvec users = STRVEC_INIT;

		prefilter_files(e->opts->tree, &files, (const char *const *)e->class_objects.v,
				e->opts->jobs, &users, NULL, NULL);
		for (size_t i = 0; i < users.nr; i++)
			if (!strvec_has(cands, users.v[i]))
				strvec_push(cands, users.v[i]);
		strvec_sort(cands);
		strvec_clear(&users);
	}
	add_member_users(e, &files, cands);
	add_callback_callers(e, &files, cands);
	scan_include_graph(e->opts->tree, cands, &e->includes);
	/*
	 * A header with no trigger token whose #define reaches a member a step
	 * renames (transport_class_to_x(cd) ... (cd)->dev) joins the set: the
	 * macro-members pass must be able to change it with the struct.
	 */
	{
		struct strvec extra = STRVEC_INIT, seen = STRVEC_INIT;

		for (size_t i = 0; i < e->includes.nr; i++) {
			const char *h = e->includes.edges[i].header;
			struct strbuf text = STRBUF_INIT;
			char *abs;

			if (strvec_has(cands, h) || strvec_has(&seen, h) ||
			    !strvec_has(cands, e->includes.edges[i].includer) ||
			    kernel_is_class_device_core(h))
				continue;
			strvec_push(&seen, h);
			strvec_sort(&seen);
			abs = path_join(e->opts->tree, h);
			if (strbuf_read_file(&text, abs) == 0 &&
			    macro_members_candidate(text.buf, text.len)) {
				strvec_push(&extra, h);
				strvec_sort(&extra);
			}
			strbuf_release(&text);
			free(abs);
		}
		for (size_t i = 0; i < extra.nr; i++)
			strvec_push(cands, extra.v[i]);
		strvec_sort(cands);
		strvec_clear(&extra);
		strvec_clear(&seen);
	}
	strvec_clear(&tokens);
	strvec_clear(&files);
	return 0;
}

/*
 * The selection for a tree fingerprint (step_cache_tree_fingerprint():
 * every file's contents, the binary) and the same PATHs and --kernel: a
 * rerun on an unchanged tree walks and prefilters nothing.
 */
static void selection_key(struct engine *e, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, "cdmigrate-working-set 1");
	cache_hasher_add_string(h, e->tree_key);
	cache_hasher_add_string(h, e->opts->kernel ? e->opts->kernel : "\001(none)");
	for (size_t i = 0; e->opts->paths && i < e->opts->paths->nr; i++)
		cache_hasher_add_string(h, e->opts->paths->v[i]);
	cache_hasher_finish(h, key);
}

static int selection_from_cache(struct engine *e, const char *key, struct strvec *cands)
{
	struct strbuf payload = STRBUF_INIT, diag = STRBUF_INIT;
	struct cache_reader r;
	const char *buf;
	size_t len;
	char tag;
	int status, rc, ok = 0;

	if (!cache_get(key, &payload, &diag, &status) || status != 0)
		goto out;
	cache_reader_init(&r, payload.buf, payload.len);
	while ((rc = cache_record_next(&r, &tag, &buf, &len)) > 0) {
		char *s = xstrndup(buf, len), *tab = strchr(s, '\t');

		if (tag == 'C') {
			strvec_push(cands, s);
		} else if (tag == 'O') {
			strvec_push(&e->class_objects, s);
		} else if (tag == 'H') {
			strvec_push(&e->class_homes, s);
		} else if (tag == 'I' && tab) {
			*tab = '\0';
			include_graph_add(&e->includes, s, tab + 1);
		} else {
			rc = -1;
			free(s);
			break;
		}
		free(s);
	}
	ok = rc == 0;
	if (ok)
		step_cache_replay_diag(e, &diag);
out:
	strbuf_release(&payload);
	strbuf_release(&diag);
	return ok;
}

static void selection_to_cache(struct engine *e, const char *key, const struct strvec *cands,
			       const struct strbuf *diag)
{
	struct strbuf payload = STRBUF_INIT, kept = STRBUF_INIT;

	for (size_t i = 0; i < cands->nr; i++)
		cache_record_addstr(&payload, 'C', cands->v[i]);
	for (size_t i = 0; i < e->class_objects.nr; i++)
		cache_record_addstr(&payload, 'O', e->class_objects.v[i]);
	for (size_t i = 0; i < e->class_homes.nr; i++)
		cache_record_addstr(&payload, 'H', e->class_homes.v[i]);
	for (size_t i = 0; i < e->includes.nr; i++) {
		char *edge = xstrfmt("%s\t%s", e->includes.edges[i].includer, e->includes.edges[i].header);

		cache_record_addstr(&payload, 'I', edge);
		free(edge);
	}
	step_cache_diag_for_cache(e, diag, &kept);
	cache_put(key, payload.buf, payload.len, kept.buf, kept.len, 0);
	strbuf_release(&payload);
	strbuf_release(&kept);
}

/* Load every candidate file of every step (within the PATHs). */
int working_set_load(struct engine *e)
{
	struct strvec cands = STRVEC_INIT;
	char key[33];
	int cached = e->tree_key[0] && cache_dir();

	if (cached)
		selection_key(e, key);
	if (!cached || !selection_from_cache(e, key, &cands)) {
		struct strbuf diag = STRBUF_INIT;
		int rc;

		strvec_clear(&cands);
		diag_capture(&diag);
		rc = select_files(e, &cands);
		diag_capture(NULL);
		if (rc == 0 && cached)
			selection_to_cache(e, key, &cands, &diag);
		strbuf_release(&diag);
		if (rc < 0)
			return -1;
	}
	e->files = xcalloc(cands.nr ? cands.nr : 1, sizeof(*e->files));
	for (size_t i = 0; i < cands.nr; i++) {
		struct work_file *f = &e->files[e->nr];
		char *abs = path_join(e->opts->tree, cands.v[i]);

		memset(f, 0, sizeof(*f));
		f->original = (struct strbuf)STRBUF_INIT;
		f->current = (struct strbuf)STRBUF_INIT;
		f->written = (struct strbuf)STRBUF_INIT;
		if (strbuf_read_file(&f->original, abs) < 0) {
			warning("%s: cannot read (%s): skipped", cands.v[i], strerror(errno));
			free(abs);
			continue;
		}
		free(abs);
		f->path = xstrdup(cands.v[i]);
		f->subsystem = plan_subsystem_of(&e->plan, f->path, &e->includes);
		strbuf_add(&f->current, f->original.buf, f->original.len);
		e->nr++;
	}
	e->alloc = e->nr;
	strvec_clear(&cands);
	return 0;
}

static int mkdir_p(const char *dir)
{
	char *copy = xstrdup(dir);

	for (char *p = copy + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, 0755) < 0 && errno != EEXIST) {
			free(copy);
			return -1;
		}
		*p = '/';
	}
	if (mkdir(copy, 0755) < 0 && errno != EEXIST) {
		free(copy);
		return -1;
	}
	free(copy);
	return 0;
}

int working_set_write_file(const char *path, const char *buf, size_t len)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	FILE *f;

	if (slash) {
		*slash = '\0';
		if (mkdir_p(dir) < 0) {
			free(dir);
			return error_errno("%s: cannot create directory", path);
		}
	}
	free(dir);
	f = fopen(path, "wb");
	if (!f)
		return error_errno("%s: cannot write", path);
	if (len && fwrite(buf, 1, len, f) != len) {
		fclose(f);
		return error_errno("%s: cannot write", path);
	}
	return fclose(f) ? error_errno("%s: cannot write", path) : 0;
}

/* Bring the scratch copy up to date with the working contents. */
int working_set_sync_scratch(struct engine *e)
{
	for (size_t i = 0; i < e->nr; i++) {
		struct work_file *f = &e->files[i];
		char *abs;

		if (f->written.len == f->current.len && f->written.alloc &&
		    !memcmp(f->written.buf, f->current.buf, f->current.len))
			continue;
		abs = path_join(e->scratch, f->path);
		if (working_set_write_file(abs, f->current.buf, f->current.len) < 0) {
			free(abs);
			return -1;
		}
		free(abs);
		strbuf_reset(&f->written);
		strbuf_add(&f->written, f->current.buf, f->current.len);
		f->sliced = 0;
	}
	return 0;
}

void working_set_copy_sibling_headers(struct engine *e)
{
	struct strvec dirs = STRVEC_INIT;

	if (e->siblings_copied)
		return;
	e->siblings_copied = 1;

	for (size_t i = 0; i < e->nr; i++) {
		const char *slash = strrchr(e->files[i].path, '/');
		char *dir = slash ? xstrndup(e->files[i].path, (size_t)(slash - e->files[i].path)) : xstrdup("");

		if (!dirs.nr || strcmp(dirs.v[dirs.nr - 1], dir))
			strvec_push(&dirs, dir);
		free(dir);
	}
	for (size_t d = 0; d < dirs.nr; d++) {
		struct strvec headers = STRVEC_INIT;
		struct strvec one = STRVEC_INIT;

		if (!dirs.v[d][0])
			continue;
		/*
		 * In-tree, include/ is an -I directory of every spatch run: its
		 * headers are found there (copying include/linux recursively was
		 * most of a rerun's time on a kernel-size tree).
		 */
		if (!e->opts->kernel && (!strcmp(dirs.v[d], "include") || starts_with(dirs.v[d], "include/")))
			continue;
		strvec_push(&one, dirs.v[d]);
		if (walk_tree(e->opts->tree, &one, &headers, NULL) == 0) {
			for (size_t h = 0; h < headers.nr; h++) {
				struct strbuf text = STRBUF_INIT;
				char *src, *dst;

				if (!ends_with(headers.v[h], ".h") || engine_find_file(e, headers.v[h]))
					continue;
				src = path_join(e->opts->tree, headers.v[h]);
				dst = path_join(e->scratch, headers.v[h]);
				if (strbuf_read_file(&text, src) == 0)
					working_set_write_file(dst, text.buf, text.len);
				strbuf_release(&text);
				free(src);
				free(dst);
			}
		}
		strvec_clear(&one);
		strvec_clear(&headers);
	}
	strvec_clear(&dirs);
}

