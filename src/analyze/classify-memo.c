#define _GNU_SOURCE
#include "analyze/classify-memo.h"
#include "analyze/parse-setup.h"
#include "base/cache.h"
#include "base/walk.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The parse memo: the results of the queries (classify_sites_of()'s and
 * the others) kept in the cache across runs.  A parse reads its
 * arguments, the file and every file it includes, and the names of the
 * headers that could have been found instead: the key
 * holds what is known before parsing (this binary, libclang's version,
 * the arguments, the file's name, the names of the tree's headers and of
 * the files only the overlay has) and the entry lists, for each state
 * seen (MEMO_STATES at most: a file is parsed before and after a change),
 * the files the parse entered and one hash of all their contents, with
 * the results.  Paths are kept relative to the tree, the kernel or the
 * scratch directory, so that a copy of the tree finds them.
 */
#define MEMO_STATES 4

static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;
static char *memo_names_root;		/* under memo_lock */
static char memo_names_key[33];

/* A hash of the names of the .h files under the tree and the kernel. */
static void header_names_key(const struct classify *c, char key[33])
{
	char *roots = xstrfmt("%s\n%s", c->tree, c->kernel);

	pthread_mutex_lock(&memo_lock);
	if (!memo_names_root || strcmp(memo_names_root, roots)) {
		struct cache_hasher *h = cache_hasher_new();
		const char *const dirs[] = { c->tree, c->kernel };

		for (size_t d = 0; d < 2; d++) {
			struct strvec files = STRVEC_INIT;
			struct walk_stats ws = { 0, 0, NULL, NULL };

			if (d == 1 && !strcmp(c->kernel, c->tree))
				break;
			walk_tree(dirs[d], NULL, &files, &ws);
			cache_hasher_add_string(h, d ? "kernel" : "tree");
			for (size_t i = 0; i < files.nr; i++)
				if (ends_with(files.v[i], ".h"))
					cache_hasher_add_string(h, files.v[i]);
			strvec_clear(&files);
		}
		cache_hasher_finish(h, memo_names_key);
		free(memo_names_root);
		memo_names_root = roots;
		roots = NULL;
	}
	memcpy(key, memo_names_key, 33);
	pthread_mutex_unlock(&memo_lock);
	free(roots);
}

/* path with the scratch, tree or kernel prefix replaced by S/, T/ or K/ (A/: none). */
static char *memo_relative(const struct classify *c, const char *path)
{
	const char *roots[] = { c->scratch, c->tree, c->kernel };
	const char marks[] = "STK";

	for (size_t r = 0; r < 3; r++) {
		size_t n = strlen(roots[r]);

		if (!strncmp(path, roots[r], n) && path[n] == '/')
			return xstrfmt("%c/%s", marks[r], path + n + 1);
	}
	return xstrfmt("A/%s", path);
}

static char *memo_absolute(const struct classify *c, const char *rel)
{
	switch (rel[0]) {
	case 'S': return path_join(c->scratch, rel + 2);
	case 'T': return path_join(c->tree, rel + 2);
	case 'K': return path_join(c->kernel, rel + 2);
	default: return xstrdup(rel + 2);
	}
}

void classify_memo_key(struct classify *c, const char *query, const char *file, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();
	struct strvec args = STRVEC_INIT;
	char names[33];

	classify_parse_args(c, file, NULL, 0, &args);
	header_names_key(c, names);
	cache_hasher_add_string(h, "cdmigrate-parse 2");
	cache_hasher_add_string(h, query);
	cache_hasher_add_string(h, cache_binary_key());
	{
		char *version = classify_take_string(clang_getClangVersion());

		cache_hasher_add_string(h, version);
		free(version);
	}
	cache_hasher_add_string(h, names);
	cache_hasher_add_string(h, c->overlay_new_key);
	/* the same arguments read blanked headers or whole ones */
	cache_hasher_add_string(h, parse_setup_blanks_bodies(c->setup) ? "blank bodies" : "whole bodies");
	cache_hasher_add_string(h, file);
	for (size_t i = 0; i < args.nr; i++) {
		char *rel = memo_relative(c, args.v[i]);

		/*
		 * "-I/tree/include", "--gcc-toolchain=/scratch/i386": the root
		 * follows the option's letters or its '='
		 */
		if (rel[0] == 'A' && args.v[i][0] == '-') {
			const char *eq = strchr(args.v[i], '=');
			size_t at = args.v[i][1] && args.v[i][2] == '/' ? 2
				    : eq && eq[1] == '/' ? (size_t)(eq - args.v[i]) + 1 : 0;

			if (at) {
				char *inner = memo_relative(c, args.v[i] + at);

				free(rel);
				rel = xstrfmt("%.*s%s", (int)at, args.v[i], inner);
				free(inner);
			}
		}
		cache_hasher_add_string(h, rel);
		free(rel);
	}
	strvec_clear(&args);
	cache_hasher_finish(h, key);
}

/* One hash of the contents the files (newline-separated, relative) hold now. */
static void memo_contents(const struct classify *c, const char *paths, size_t len, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();
	const char *end = paths + len;

	for (const char *p = paths; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		char *rel = xstrndup(p, nl ? (size_t)(nl - p) : (size_t)(end - p));
		char *abs = memo_absolute(c, rel);
		const char *in_overlay = classify_overlay_hash_of(c, abs);
		char hash[33];

		/* a header the parse was handed is hashed as it was read */
		if (in_overlay)
			memcpy(hash, in_overlay, 33);
		else if (!parse_setup_read_hash(c->setup, abs, hash))
			cache_file_hash(abs, hash);
		cache_hasher_add_string(h, rel);
		cache_hasher_add_string(h, hash);
		free(abs);
		free(rel);
		p = nl ? nl + 1 : end;
	}
	cache_hasher_finish(h, key);
}

void file_result_release(struct file_result *r)
{
	site_list_release(&r->sites);
	strvec_clear(&r->diags);
	strvec_clear(&r->error_texts);
	free(r->first_error);
	memset(r, 0, sizeof(*r));
}

/* classify_sites_of()'s results into r (diags and sites); 0 (r untouched) when damaged. */
static int read_file_result(const char *buf, size_t len, void *result)
{
	struct file_result *r = result;
	struct cache_reader rd;
	struct site_list sites = SITE_LIST_INIT;
	struct strvec diags = STRVEC_INIT;
	char tag, which;
	const char *field;
	size_t n;
	long count = -1;
	int rc, absent = 0;

	cache_reader_init(&rd, buf, len);
	while ((rc = cache_record_next(&rd, &tag, &field, &n)) == 1) {
		if (tag == 'n') {
			count = strtol(field, NULL, 10);
		} else if (tag == 'a') {
			absent = 1;
		} else if (tag == 'D') {
			char *text = xstrndup(field, n);

			if (text[0] != 'E' && text[0] != 'W') {
				free(text);
				break;
			}
			strvec_push(&diags, text);
			free(text);
		} else if (tag == 'I') {
			if (!site_record_read(field, n, &which, &sites))
				break;
		}
	}
	if (rc != 0 || count < 0 || diags.nr != (size_t)count) {
		site_list_release(&sites);
		strvec_clear(&diags);
		return 0;
	}
	site_list_take(&r->sites, &sites);
	r->diags = diags;
	r->parsed = !absent;
	r->absent = absent;
	r->cached = 1;
	return 1;
}

static void write_file_result(const void *result, struct strbuf *payload)
{
	const struct file_result *r = result;
	char num[32];

	snprintf(num, sizeof(num), "%zu", r->diags.nr);
	cache_record_addstr(payload, 'n', num);
	if (r->absent)
		cache_record_addstr(payload, 'a', "");
	for (size_t i = 0; i < r->diags.nr; i++)
		cache_record_addstr(payload, 'D', r->diags.v[i]);
	site_list_add_records(&r->sites, 'S', payload);
}

const struct memo_query classify_memo_file_result = { write_file_result, read_file_result };

int classify_memo_get(struct classify *c, const char *key, const struct memo_query *q, void *result)
{
	struct strbuf payload = STRBUF_INIT, err = STRBUF_INIT;
	struct cache_reader rd;
	const char *field, *paths = NULL, *state = NULL;
	size_t n, paths_len = 0, state_len = 0;
	char tag, now[33];
	int status, hit = 0;

	if (!cache_get(key, &payload, &err, &status) || status != 0)
		goto out;
	cache_reader_init(&rd, payload.buf, payload.len);
	/* records: P paths, C their contents' hash, R results; one triple a state */
	while (!hit && cache_record_next(&rd, &tag, &field, &n) == 1) {
		if (tag == 'P') {
			paths = field;
			paths_len = n;
		} else if (tag == 'C' && paths && n == 32) {
			memo_contents(c, paths, paths_len, now);
			state = memcmp(now, field, 32) ? NULL : field;
		} else if (tag == 'R' && state) {
			state_len = n;
			hit = q->read(field, state_len, result);
			state = NULL;
		}
	}
out:
	strbuf_release(&payload);
	strbuf_release(&err);
	return hit;
}

struct memo_inclusions {
	const struct classify *c;
	struct strvec paths;
};

static void collect_inclusion(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct memo_inclusions *m = data;
	char *name = classify_take_string(clang_getFileName(included));

	(void)stack;
	(void)depth;
	if (*name) {
		char *rel = memo_relative(m->c, name);

		strvec_push(&m->paths, rel);
		free(rel);
	}
	free(name);
}

void classify_memo_put(struct classify *c, const char *key, CXTranslationUnit tu,
		       const struct memo_query *q, const void *result)
{
	struct memo_inclusions m = { c, STRVEC_INIT };
	struct strbuf paths = STRBUF_INIT, results = STRBUF_INIT, entry = STRBUF_INIT;
	struct strbuf old = STRBUF_INIT, err = STRBUF_INIT;
	char contents[33];
	int status, kept = 1;

	clang_getInclusions(tu, collect_inclusion, &m);
	strvec_sort(&m.paths);
	for (size_t i = 0; i < m.paths.nr; i++) {
		if (i && !strcmp(m.paths.v[i], m.paths.v[i - 1]))
			continue;
		if (paths.len)
			strbuf_addch(&paths, '\n');
		strbuf_addstr(&paths, m.paths.v[i]);
	}
	strvec_clear(&m.paths);
	memo_contents(c, paths.buf, paths.len, contents);
	q->write(result, &results);
	cache_record_add(&entry, 'P', paths.buf, paths.len);
	cache_record_addstr(&entry, 'C', contents);
	cache_record_add(&entry, 'R', results.buf, results.len);

	pthread_mutex_lock(&memo_lock);
	if (cache_get(key, &old, &err, &status) && status == 0) {
		struct cache_reader rd;
		const char *field, *p = NULL, *h = NULL;
		size_t n, plen = 0;
		char tag;

		cache_reader_init(&rd, old.buf, old.len);
		while (kept < MEMO_STATES && cache_record_next(&rd, &tag, &field, &n) == 1) {
			if (tag == 'P') {
				p = field;
				plen = n;
			} else if (tag == 'C') {
				h = n == 32 ? field : NULL;
			} else if (tag == 'R' && p && h && memcmp(h, contents, 32)) {
				cache_record_add(&entry, 'P', p, plen);
				cache_record_add(&entry, 'C', h, 32);
				cache_record_add(&entry, 'R', field, n);
				kept++;
				p = h = NULL;
			}
		}
	}
	cache_put(key, entry.buf, entry.len, "", 0, 0);
	pthread_mutex_unlock(&memo_lock);
	strbuf_release(&old);
	strbuf_release(&err);
	strbuf_release(&paths);
	strbuf_release(&results);
	strbuf_release(&entry);
}

static void write_found(const void *result, struct strbuf *payload)
{
	const struct found_list *f = result;
	struct strbuf one = STRBUF_INIT;
	char num[32];

	snprintf(num, sizeof(num), "%d", f->count);
	cache_record_addstr(payload, 'n', num);
	for (size_t i = 0; i < f->nr; i++) {
		strbuf_reset(&one);
		f->write_item((const char *)f->items + i * f->size, &one);
		cache_record_add(payload, 'U', one.buf, one.len);
	}
	strbuf_release(&one);
}

static int read_found(const char *buf, size_t len, void *result)
{
	struct found_list *f = result;
	struct cache_reader rd;
	const char *field;
	char *got = NULL, tag;
	size_t n, nr = 0;
	int rc, count = -1, ok = 1;

	cache_reader_init(&rd, buf, len);
	while (ok && (rc = cache_record_next(&rd, &tag, &field, &n)) == 1) {
		if (tag == 'n') {
			count = atoi(field);
		} else if (tag == 'U') {
			got = xrealloc(got, (nr + 1) * f->size);
			memset(got + nr * f->size, 0, f->size);
			ok = f->read_item(field, n, got + nr * f->size);
			nr++;
		}
	}
	if (!ok || rc != 0 || count < 0 || (size_t)count != nr) {
		f->free_items(got, nr);
		return 0;
	}
	f->got = got;
	f->got_nr = nr;
	f->count = count;
	return 1;
}

const struct memo_query classify_memo_found = { write_found, read_found };

int classify_memo_found_get(struct classify *c, const char *query, const char *tag, const char *file,
			    char key[33], struct found_list *found)
{
	char *name = xstrfmt("%s %s", query, tag);

	classify_memo_key(c, name, file, key);
	free(name);
	return classify_memo_get(c, key, &classify_memo_found, found);
}

void *classify_memo_found_append(void *items, size_t *nr, struct found_list *found)
{
	items = xrealloc(items, (*nr + found->got_nr + 1) * found->size);
	memcpy((char *)items + *nr * found->size, found->got, found->got_nr * found->size);
	*nr += found->got_nr;
	free(found->got);
	found->got = NULL;
	return items;
}
