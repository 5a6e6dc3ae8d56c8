#define _GNU_SOURCE
#include "base/cache.h"
#include "base/threads.h"
#include "base/walk.h"
#include "engine/step-cache.h"
#include "engine/spatch.h"
#include "kernel/manifest.h"

#include <ctype.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/*
 * Results of whole steps and of verify are kept in the cache too, keyed by
 * everything they read: a rerun over an unchanged tree replays them
 * instead of running spatch, the rewriter and libclang again.
 */

/*
 * The tree's key is made of its files' contents, so that the same tree at
 * another path (a copy, a fresh clone) finds its steps in the cache.  Each
 * file's content hash is remembered with its lstat() numbers (size, times,
 * inode; like git's index): an unchanged rerun reads no file, a tree at a
 * new path reads each once.
 */
struct fingerprint {
	struct strvec stats;		/* "rel\tsize mtime ctime ino" as walked */
	struct strvec memo;		/* "rel\tsize mtime ctime ino\thash", sorted */
	int memo_changed;
	time_t now;			/* when the walk started */
	unsigned char *racy;		/* per stats line: changed too recently to memo */
	size_t racy_alloc;
};

static void fingerprint_file(const char *rel, const struct stat *st, void *data)
{
	struct fingerprint *fp = data;

	/* git's racy-index rule (cache.h): such a file is hashed every time */
	ALLOC_GROW(fp->racy, fp->stats.nr + 1, fp->racy_alloc);
	fp->racy[fp->stats.nr] = st->st_mtime >= fp->now - CACHE_RACY_S ||
				 st->st_ctime >= fp->now - CACHE_RACY_S;

	strvec_pushf(&fp->stats, "%s\t%lld %lld.%09ld %lld.%09ld %llu", rel, (long long)st->st_size,
		     (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec, (long long)st->st_ctim.tv_sec,
		     st->st_ctim.tv_nsec, (unsigned long long)st->st_ino);
}

/* The memo line of `stat_line` ("rel\tnumbers"), when its numbers match. */
static const char *memo_find(const struct strvec *memo, const char *stat_line)
{
	size_t lo = 0, hi = memo->nr, n = strlen(stat_line);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(memo->v[mid], stat_line, n);

		if (!c && memo->v[mid][n] == '\t')
			return memo->v[mid] + n + 1;
		if (c < 0 || (!c && memo->v[mid][n] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static void memo_key_of(const char *root, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, "cdmigrate-tree-memo 1");
	cache_hasher_add_string(h, root);
	cache_hasher_finish(h, key);
}

struct hash_job {
	const char *root;
	const struct strvec *stats;
	const size_t *which;
	size_t nr;
	char (*hashes)[33];
	atomic_size_t next;
};

static void *hash_worker(void *data)
{
	struct hash_job *job = data;

	for (;;) {
		size_t k = atomic_fetch_add(&job->next, 1), i;
		const char *line, *tab;
		char *abs;

		if (k >= job->nr)
			return NULL;
		i = job->which[k];
		line = job->stats->v[i];
		tab = strchr(line, '\t');
		abs = xstrfmt("%s/%.*s", job->root, (int)(tab - line), line);
		cache_file_hash(abs, job->hashes[i]);
		free(abs);
	}
}

/*
 * Hash the files `which` lists (indexes into stats' lines) into hashes[],
 * with `jobs` threads: a tree at a new path reads every file once, and
 * that read is most of such a run's time.
 */
static void hash_files(const char *root, const struct strvec *stats, const size_t *which, size_t nr,
		       char (*hashes)[33], int jobs)
{
	struct hash_job job = { root, stats, which, nr, hashes, 0 };

	/* a thread per few hundred files at most: a small edit is not worth one */
	if ((size_t)jobs > nr / 256 + 1)
		jobs = (int)(nr / 256 + 1);
	threads_run(jobs, 0, hash_worker, &job);
}

/*
 * Add root's fingerprint to h; with walked non-NULL, the tree's .c and .h
 * files as walk_tree() lists them are moved there.
 */
static void fingerprint_root(struct cache_hasher *h, const char *root, int jobs, struct strvec *walked)
{
	char (*hashes)[33];
	size_t *misses = NULL, nr_misses = 0, alloc_misses = 0;
	struct strvec files = STRVEC_INIT;
	struct fingerprint fp = { STRVEC_INIT, STRVEC_INIT, 0, time(NULL), NULL, 0 };
	struct walk_stats ws = { 0, 0, fingerprint_file, &fp };
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	struct stat st;
	char *makefile = path_join(root, "Makefile");
	char memo_key[33];
	int status, walk_ok;

	memo_key_of(root, memo_key);
	if (cache_get(memo_key, &text, &err, &status) && status == 0) {
		for (char *p = text.buf, *nl; p < text.buf + text.len; p = nl + 1) {
			nl = memchr(p, '\n', (size_t)(text.buf + text.len - p));
			if (!nl)
				break;
			*nl = '\0';
			strvec_push(&fp.memo, p);
		}
		strvec_sort(&fp.memo);
	}
	walk_ok = walk_tree(root, NULL, &files, &ws) == 0;
	if (lstat(makefile, &st) == 0)
		fingerprint_file("Makefile", &st, &fp);
	free(makefile);
	strbuf_reset(&text);
	hashes = xcalloc(fp.stats.nr + 1, sizeof(*hashes));
	for (size_t i = 0; i < fp.stats.nr; i++) {
		const char *hash = fp.racy[i] ? NULL : memo_find(&fp.memo, fp.stats.v[i]);

		if (hash) {
			memcpy(hashes[i], hash, 33);
		} else {
			ALLOC_GROW(misses, nr_misses + 1, alloc_misses);
			misses[nr_misses++] = i;
		}
	}
	hash_files(root, &fp.stats, misses, nr_misses, hashes, jobs);
	fp.memo_changed = nr_misses > 0;
	for (size_t i = 0; i < fp.stats.nr; i++) {
		const char *tab = strchr(fp.stats.v[i], '\t');
		char *rel = xstrndup(fp.stats.v[i], (size_t)(tab - fp.stats.v[i]));
		const char *hash = hashes[i];

		cache_hasher_add_string(h, rel);
		cache_hasher_add_string(h, hash);
		if (!fp.racy[i])
			strbuf_addf(&text, "%s\t%s\n", fp.stats.v[i], hash);
		free(rel);
	}
	/* a file gone from the tree also changes the memo */
	if (fp.memo_changed || fp.memo.nr != fp.stats.nr)
		cache_put(memo_key, text.buf, text.len, "", 0, 0);
	strbuf_release(&text);
	strbuf_release(&err);
	strvec_clear(&fp.stats);
	strvec_clear(&fp.memo);
	free(fp.racy);
	free(hashes);
	free(misses);
	if (walked && walk_ok) {
		*walked = files;
		files = (struct strvec)STRVEC_INIT;
	}
	strvec_clear(&files);
}

/*
 * A key that changes whenever the contents of a .c or .h file of the tree
 * (or of --kernel) or of its Makefile do, wherever the tree is.  The
 * rewriter passes and the plan read the whole tree, not only the working
 * files.
 */
void step_cache_tree_fingerprint(struct engine *e, char key[33], struct strvec *walked)
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, "cdmigrate-tree 2");
	cache_hasher_add_string(h, cache_binary_key());
	fingerprint_root(h, e->tree, e->opts->jobs, walked);
	if (e->opts->kernel) {
		/* the kernel is not the tree: the same files there are another input */
		cache_hasher_add_string(h, "\001kernel");
		fingerprint_root(h, e->opts->kernel, e->opts->jobs, NULL);
	}
	cache_hasher_finish(h, key);
}

static void hash_opt(struct cache_hasher *h, const char *s)
{
	cache_hasher_add_string(h, s ? s : "\001(none)");
}

/* The engine's state a step or verify starts from. */
void step_cache_hash_state(struct engine *e, struct cache_hasher *h)
{
	cache_hasher_add_string(h, cache_binary_key());
	cache_hasher_add_string(h, e->tree_key);
	/* the tree's path and name in messages are put back on replay (step_cache_diag_for_cache()) */
	hash_opt(h, e->opts->kernel);
	hash_opt(h, e->opts->only_subsystem);
	hash_opt(h, e->opts->variant);
	for (size_t i = 0; e->opts->paths && i < e->opts->paths->nr; i++)
		cache_hasher_add_string(h, e->opts->paths->v[i]);
	for (size_t i = 0; i < e->class_objects.nr; i++)
		cache_hasher_add_string(h, e->class_objects.v[i]);
	for (size_t i = 0; i < e->class_homes.nr; i++)
		cache_hasher_add_string(h, e->class_homes.v[i]);
	for (size_t i = 0; i < e->nr; i++) {
		const struct work_file *f = &e->files[i];

		cache_hasher_add_string(h, f->path);
		cache_hasher_add_string(h, f->subsystem);
		cache_hasher_add(h, &f->original.len, sizeof(f->original.len));
		cache_hasher_add(h, f->original.buf, f->original.len);
		cache_hasher_add(h, &f->current.len, sizeof(f->current.len));
		cache_hasher_add(h, f->current.buf, f->current.len);
		hash_opt(h, f->status);
		hash_opt(h, f->status_step);
		hash_opt(h, f->detail);
		cache_hasher_add(h, &f->excluded, sizeof(f->excluded));
	}
}

void step_cache_key(struct engine *e, size_t step, char key[33])
{
	const struct manifest_step *m = e->plan.steps[step].step;
	const struct manifest_variant *variant = manifest_variant(m, e->opts->variant);
	const char *const *patches = variant ? variant->patches : m->patches;
	struct cache_hasher *h = cache_hasher_new();
	struct strbuf text = STRBUF_INIT;
	struct stat st;

	cache_hasher_add_string(h, "cdmigrate-step 1");
	cache_hasher_add(h, &m->order, sizeof(m->order));
	cache_hasher_add_string(h, spatch_program());
	if (stat(spatch_program(), &st) == 0) {
		cache_hasher_add(h, &st.st_size, sizeof(st.st_size));
		cache_hasher_add(h, &st.st_mtime, sizeof(st.st_mtime));
	}
	for (size_t p = 0; patches[p]; p++) {
		char *path = path_join(manifest_patch_dir(), patches[p]);

		strbuf_reset(&text);
		cache_hasher_add_string(h, path);
		if (strbuf_read_file(&text, path) == 0)
			cache_hasher_add(h, text.buf, text.len);
		free(path);
	}
	strbuf_release(&text);
	step_cache_hash_state(e, h);
	cache_hasher_finish(h, key);
}

/* The static strings a file's status and step are (engine_set_file_status() keeps pointers). */
static const char *intern_status(const char *s, size_t len)
{
	static const char *const known[] = { "conflict", "parse-failure", "timeout", "crashed",
					     "held-back", NULL };

	for (size_t i = 0; known[i]; i++)
		if (strlen(known[i]) == len && !memcmp(known[i], s, len))
			return known[i];
	return NULL;
}

static const char *intern_step(struct engine *e, const char *s, size_t len)
{
	if (len == strlen("verify") && !memcmp(s, "verify", len))
		return "verify";
	for (size_t i = 0; i < e->plan.nr; i++)
		if (strlen(e->plan.steps[i].step->name) == len &&
		    !memcmp(e->plan.steps[i].step->name, s, len))
			return e->plan.steps[i].step->name;
	return NULL;
}

struct file_state *step_cache_save_states(struct engine *e)
{
	struct file_state *s = xcalloc(e->nr ? e->nr : 1, sizeof(*s));

	for (size_t i = 0; i < e->nr; i++) {
		s[i].status = e->files[i].status;
		s[i].status_step = e->files[i].status_step;
		s[i].detail = xstrdup(e->files[i].detail);
		s[i].excluded = e->files[i].excluded;
	}
	return s;
}

void step_cache_free_states(struct engine *e, struct file_state *s)
{
	for (size_t i = 0; i < e->nr; i++)
		free(s[i].detail);
	free(s);
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Records of each file whose state differs from `was` (and its contents when `old` does). */
void step_cache_add_file_records(struct engine *e, const struct file_state *was,
				 const struct strbuf *old, struct strbuf *payload)
{
	for (size_t i = 0; i < e->nr; i++) {
		const struct work_file *f = &e->files[i];
		int text = old && (old[i].len != f->current.len ||
				   memcmp(old[i].buf, f->current.buf, f->current.len));

		if (!text && same_str(was[i].status, f->status) &&
		    same_str(was[i].status_step, f->status_step) &&
		    same_str(was[i].detail, f->detail) && was[i].excluded == f->excluded)
			continue;
		cache_record_addstr(payload, 'F', f->path);
		if (text)
			cache_record_add(payload, 'C', f->current.buf, f->current.len);
		cache_record_addstr(payload, 'S', f->status);
		cache_record_addstr(payload, 'T', f->status_step);
		cache_record_addstr(payload, 'D', f->detail);
		cache_record_addstr(payload, 'X', f->excluded ? "1" : "0");
	}
}

void step_cache_replay_release(struct replay *r)
{
	for (size_t i = 0; i < r->nr; i++)
		free(r->files[i].detail);
	free(r->files);
	strvec_clear(&r->numbers);
	strvec_clear(&r->change_paths);
	strvec_clear(&r->change_diffs);
	strvec_clear(&r->sites);
	strvec_clear(&r->held_changes);
}

/* Read a memo's records; 0 when anything is off (then it is not used). */
int step_cache_replay_parse(struct engine *e, const struct strbuf *payload, struct replay *r)
{
	struct cache_reader rd;
	const char *buf;
	size_t len;
	char tag;
	int rc;
	struct replayed_file *cur = NULL;

	memset(r, 0, sizeof(*r));
	cache_reader_init(&rd, payload->buf, payload->len);
	while ((rc = cache_record_next(&rd, &tag, &buf, &len)) == 1) {
		char *s = xstrndup(buf, len);
		int ok = 1;

		switch (tag) {
		case 'F':
			ALLOC_GROW(r->files, r->nr + 1, r->alloc);
			cur = &r->files[r->nr++];
			memset(cur, 0, sizeof(*cur));
			cur->f = engine_find_file(e, s);
			ok = cur->f != NULL;
			break;
		case 'C':
			ok = cur != NULL;
			if (ok) {
				cur->content = buf;
				cur->len = len;
			}
			break;
		case 'S':
			ok = cur && (!len || (cur->status = intern_status(buf, len)));
			break;
		case 'T':
			ok = cur && (!len || (cur->status_step = intern_step(e, buf, len)));
			break;
		case 'D':
			ok = cur != NULL;
			if (ok)
				cur->detail = len ? xstrdup(s) : NULL;
			break;
		case 'X':
			ok = cur != NULL;
			if (ok)
				cur->excluded = s[0] == '1';
			break;
		case 'N':
			strvec_push(&r->numbers, s);
			break;
		case 'P':
			ok = engine_find_file(e, s) != NULL;
			strvec_push(&r->change_paths, s);
			break;
		case 'd':
			strvec_push(&r->change_diffs, s);
			break;
		case 'I':
			strvec_push(&r->sites, s);
			break;
		case 'H':
			ok = strtoul(s, NULL, 10) < e->nr_changes;
			strvec_push(&r->held_changes, s);
			break;
		default:
			ok = 0;
		}
		free(s);
		if (!ok) {
			step_cache_replay_release(r);
			return 0;
		}
	}
	if (rc < 0 || r->change_paths.nr != r->change_diffs.nr) {
		step_cache_replay_release(r);
		return 0;
	}
	return 1;
}

/*
 * A name for the tree at i in text, as the user gave it: not inside a
 * longer path or word, and followed by a '/' (a file of the tree).
 */
static int given_tree_at(const char *text, size_t len, size_t i, const char *given, size_t n)
{
	unsigned char before = i ? (unsigned char)text[i - 1] : ' ';

	if (isalnum(before) || strchr("_-./", before))
		return 0;
	return i + n < len && text[i + n] == '/' && !memcmp(text + i, given, n);
}

/*
 * What a step printed, as kept: the tree's absolute path becomes a '\002'
 * and the name the user gave it, when that is another (a relative one),
 * a '\003', so that the key need not hold either.
 */
void step_cache_diag_for_cache(struct engine *e, const struct strbuf *diag, struct strbuf *out)
{
	const char *given = e->opts->tree;
	size_t n = strlen(e->tree), given_n = strcmp(given, e->tree) ? strlen(given) : 0;

	for (size_t i = 0; i < diag->len;) {
		if (i + n <= diag->len && !memcmp(diag->buf + i, e->tree, n)) {
			strbuf_addch(out, '\002');
			i += n;
		} else if (given_n && given_tree_at(diag->buf, diag->len, i, given, given_n)) {
			strbuf_addch(out, '\003');
			i += given_n;
		} else {
			strbuf_addch(out, diag->buf[i++]);
		}
	}
}

/* Print what a step printed when it ran; rewriter lines (marked) only without -q. */
void step_cache_replay_diag(struct engine *e, const struct strbuf *diag)
{
	struct strbuf out = STRBUF_INIT;
	int skip = 0;	/* a marked rewriter line under -q */

	for (size_t i = 0; i < diag->len; i++) {
		char ch = diag->buf[i];

		if (!i || diag->buf[i - 1] == '\n') {
			skip = ch == '\001' && e->opts->quiet;
			if (ch == '\001')
				continue;
		}
		if (skip)
			continue;
		/* the tree where it is now, named as this run was given it */
		if (ch == '\002')
			strbuf_addstr(&out, e->tree);
		else if (ch == '\003')
			strbuf_addstr(&out, e->opts->tree);
		else
			strbuf_addch(&out, ch);
	}
	fflush(stdout);
	write_all(2, out.buf, out.len);
	strbuf_release(&out);
}

void step_cache_replay_files(struct replay *r)
{
	for (size_t i = 0; i < r->nr; i++) {
		struct replayed_file *rf = &r->files[i];

		if (rf->content) {
			strbuf_reset(&rf->f->current);
			strbuf_add(&rf->f->current, rf->content, rf->len);
		}
		rf->f->status = rf->status;
		rf->f->status_step = rf->status_step;
		free(rf->f->detail);
		rf->f->detail = rf->detail;
		rf->detail = NULL;
		rf->f->excluded = rf->excluded;
	}
}

/* Take a step's result from the cache: 1 when it was there. */
int step_cache_replay_step(struct engine *e, size_t step, const char *key, struct migrate_step_stats *st)
{
	struct strbuf payload = STRBUF_INIT, diag = STRBUF_INIT;
	struct replay r;
	int status;

	if (!cache_get(key, &payload, &diag, &status) || status != 0 ||
	    !step_cache_replay_parse(e, &payload, &r)) {
		strbuf_release(&payload);
		strbuf_release(&diag);
		return 0;
	}
	if (r.numbers.nr != 5) {
		step_cache_replay_release(&r);
		strbuf_release(&payload);
		strbuf_release(&diag);
		return 0;
	}
	step_cache_replay_files(&r);
	st->refused = atoi(r.numbers.v[0]);
	e->conflicts += atoi(r.numbers.v[1]);
	st->files_changed = (unsigned)atoi(r.numbers.v[2]);
	st->groups = (unsigned)atoi(r.numbers.v[3]);
	st->largest_group = (unsigned)atoi(r.numbers.v[4]);
	for (size_t c = 0; c < r.change_paths.nr; c++) {
		ALLOC_GROW(e->changes, e->nr_changes + 1, e->alloc_changes);
		e->changes[e->nr_changes].step = step;
		e->changes[e->nr_changes].file = (size_t)(engine_find_file(e, r.change_paths.v[c]) - e->files);
		e->changes[e->nr_changes].diff = xstrdup(r.change_diffs.v[c]);
		e->changes[e->nr_changes].held_back = 0;
		e->nr_changes++;
	}
	step_cache_replay_diag(e, &diag);
	step_cache_replay_release(&r);
	strbuf_release(&payload);
	strbuf_release(&diag);
	return 1;
}

void step_cache_store_step(struct engine *e, size_t step, const char *key, const struct file_state *was,
			   const struct strbuf *old, size_t first_change, int conflicts,
			   const struct migrate_step_stats *st, const struct strbuf *diag)
{
	struct strbuf payload = STRBUF_INIT, kept = STRBUF_INIT;
	char num[32];

	step_cache_add_file_records(e, was, old, &payload);
	snprintf(num, sizeof(num), "%d", st->refused);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%d", e->conflicts - conflicts);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%u", st->files_changed);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%u", st->groups);
	cache_record_addstr(&payload, 'N', num);
	snprintf(num, sizeof(num), "%u", st->largest_group);
	cache_record_addstr(&payload, 'N', num);
	for (size_t c = first_change; c < e->nr_changes; c++) {
		if (e->changes[c].step != step)
			continue;
		cache_record_addstr(&payload, 'P', e->files[e->changes[c].file].path);
		cache_record_addstr(&payload, 'd', e->changes[c].diff);
	}
	step_cache_diag_for_cache(e, diag, &kept);
	cache_put(key, payload.buf, payload.len, kept.buf, kept.len, 0);
	strbuf_release(&payload);
	strbuf_release(&kept);
}

