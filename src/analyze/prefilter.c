#define _GNU_SOURCE
#include "analyze/prefilter.h"
#include "base/cache.h"
#include "base/hash.h"
#include "base/threads.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


enum prefilter_verdict prefilter_buffer(const char *buf, size_t len,
					const char *const *tokens)
{
	if (memchr(buf, '\0', len))
		return PREFILTER_BINARY;
	for (; *tokens; tokens++)
		if (memmem(buf, len, *tokens, strlen(*tokens)))
			return PREFILTER_CANDIDATE;
	return PREFILTER_SKIP;
}

enum prefilter_verdict prefilter_file(const char *path, const char *const *tokens)
{
	struct strbuf sb = STRBUF_INIT;
	enum prefilter_verdict v;

	if (strbuf_read_file(&sb, path) < 0) {
		int saved = errno;

		strbuf_release(&sb);
		errno = saved;
		return PREFILTER_UNREADABLE;
	}
	v = prefilter_buffer(sb.buf, sb.len, tokens);
	strbuf_release(&sb);
	return v;
}

struct prefilter_job {
	const char *root;
	const struct strvec *files;
	const char *const *const *sets;
	size_t nr_sets;
	/*
	 * The distinct tokens of all sets, and each set's tokens as indexes
	 * into them (ending with SIZE_MAX): a token several sets share (or
	 * a NUL byte) is looked for once per file.
	 */
	const char **tokens;
	size_t *token_len;
	size_t nr_tokens;
	size_t **set_tokens;
	int words;			/* a token is found as a whole word only */
	struct hash_table token_index;	/* token -> index in tokens */
	unsigned char *verdicts;	/* files->nr x nr_sets */
	int *errnos;
	atomic_size_t next;
};

static void index_tokens(struct prefilter_job *job)
{
	size_t total = 0;

	for (size_t k = 0; k < job->nr_sets; k++)
		for (size_t t = 0; job->sets[k][t]; t++)
			total++;
	job->tokens = xcalloc(total + 1, sizeof(*job->tokens));
	job->token_len = xcalloc(total + 1, sizeof(*job->token_len));
	job->set_tokens = xcalloc(job->nr_sets + 1, sizeof(*job->set_tokens));
	job->nr_tokens = 0;
	for (size_t k = 0; k < job->nr_sets; k++) {
		size_t n = 0;

		for (size_t t = 0; job->sets[k][t]; t++)
			n++;
		job->set_tokens[k] = xcalloc(n + 1, sizeof(**job->set_tokens));
		for (size_t t = 0; t < n; t++) {
			const char *tok = job->sets[k][t];
			size_t u = job->nr_tokens;

			if (hash_table_add(&job->token_index, tok, strlen(tok), u)) {
				job->tokens[u] = tok;
				job->token_len[u] = strlen(tok);
				job->nr_tokens++;
			} else {
				u = *hash_table_find(&job->token_index, tok, strlen(tok));
			}
			job->set_tokens[k][t] = u;
		}
		job->set_tokens[k][n] = SIZE_MAX;
	}
}

static int is_word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* words: found[t] = 1 for each token that is a whole word of buf. */
static void find_words(const struct prefilter_job *job, const char *buf, size_t len, signed char *found)
{
	memset(found, 0, job->nr_tokens);
	for (size_t i = 0; i < len;) {
		const size_t *t;
		size_t start;

		if (!is_word_byte((unsigned char)buf[i])) {
			i++;
			continue;
		}
		start = i;
		while (i < len && is_word_byte((unsigned char)buf[i]))
			i++;
		t = hash_table_find(&job->token_index, buf + start, i - start);
		if (t)
			found[*t] = 1;
	}
}

static void release_tokens(struct prefilter_job *job)
{
	hash_table_release(&job->token_index);
	for (size_t k = 0; k < job->nr_sets; k++)
		free(job->set_tokens[k]);
	free(job->set_tokens);
	free(job->tokens);
	free(job->token_len);
}

/* The verdicts of one file's text for every set (prefilter_buffer() each). */
static void judge(const struct prefilter_job *job, const char *buf, size_t len,
		  signed char *found, unsigned char *v)
{
	if (memchr(buf, '\0', len)) {
		memset(v, PREFILTER_BINARY, job->nr_sets);
		return;
	}
	if (job->words)
		find_words(job, buf, len, found);
	else
		memset(found, -1, job->nr_tokens);
	for (size_t k = 0; k < job->nr_sets; k++) {
		v[k] = PREFILTER_SKIP;
		for (const size_t *t = job->set_tokens[k]; *t != SIZE_MAX; t++) {
			if (found[*t] < 0)
				found[*t] = memmem(buf, len, job->tokens[*t], job->token_len[*t]) != NULL;
			if (found[*t]) {
				v[k] = PREFILTER_CANDIDATE;
				break;
			}
		}
	}
}

static void *prefilter_worker(void *data)
{
	struct prefilter_job *job = data;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	signed char *found = xcalloc(job->nr_tokens + 1, 1);
	size_t i;

	while ((i = atomic_fetch_add(&job->next, 1)) < job->files->nr) {
		unsigned char *v = job->verdicts + i * job->nr_sets;

		strbuf_reset(&path);
		strbuf_reset(&text);
		strbuf_addf(&path, "%s/%s", job->root, job->files->v[i]);
		if (strbuf_read_file(&text, path.buf) < 0) {
			job->errnos[i] = errno;
			memset(v, PREFILTER_UNREADABLE, job->nr_sets);
			continue;
		}
		/* Each file is read once whatever the number of token sets. */
		judge(job, text.buf, text.len, found, v);
	}
	strbuf_release(&path);
	strbuf_release(&text);
	free(found);
	return NULL;
}

/* One pass over files for every set; unreadable files warned about once. */
static void prefilter_run(const char *root, const struct strvec *files,
			  const char *const *const *sets, size_t nr_sets, int words, int jobs,
			  struct strvec *candidates, size_t *unreadable, size_t *binary)
{
	struct prefilter_job job;

	job.root = root;
	job.files = files;
	job.sets = sets;
	job.nr_sets = nr_sets;
	job.token_index = (struct hash_table)HASH_TABLE_INIT;
	index_tokens(&job);
	job.words = words;
	job.verdicts = xcalloc(files->nr ? files->nr * nr_sets : 1, 1);
	job.errnos = xcalloc(files->nr ? files->nr : 1, sizeof(int));
	atomic_init(&job.next, 0);
	threads_run(jobs, 0, prefilter_worker, &job);

	/* Report and collect in file order: output must not depend on -j. */
	for (size_t i = 0; i < files->nr; i++) {
		const unsigned char *v = job.verdicts + i * nr_sets;

		if (nr_sets && v[0] == PREFILTER_UNREADABLE) {
			warning("%s: cannot read (%s): skipped", files->v[i], strerror(job.errnos[i]));
			(*unreadable)++;
			continue;
		}
		if (nr_sets && v[0] == PREFILTER_BINARY)
			(*binary)++;
		for (size_t k = 0; k < nr_sets; k++)
			if (v[k] == PREFILTER_CANDIDATE)
				strvec_push(&candidates[k], files->v[i]);
	}
	free(job.verdicts);
	free(job.errnos);
	release_tokens(&job);
}

static char *memo_key;

void prefilter_memo(const char *key)
{
	free(memo_key);
	memo_key = xstrdup(key);
}

static void memo_entry(const struct strvec *files, const char *const *tokens, int words,
		       char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, "cdmigrate-prefilter 1");
	if (words)
		cache_hasher_add_string(h, "whole words");
	cache_hasher_add_string(h, memo_key);
	for (size_t i = 0; tokens[i]; i++)
		cache_hasher_add_string(h, tokens[i]);
	cache_hasher_add_string(h, "");
	for (size_t i = 0; i < files->nr; i++)
		cache_hasher_add_string(h, files->v[i]);
	cache_hasher_finish(h, key);
}

/* The memo's candidates and binary count: "<binary>\n" then a path a line. */
static int memo_get(const char *key, struct strvec *candidates, size_t *binary)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int status, hit = cache_get(key, &out, &err, &status) && status == 0;
	char *p, *nl;

	if (hit) {
		p = out.buf;
		nl = strchr(p, '\n');
		hit = nl != NULL;
		if (hit)
			*binary = strtoull(p, NULL, 10);
		for (p = nl ? nl + 1 : NULL; hit && p && *p; p = nl + 1) {
			nl = strchr(p, '\n');
			if (!nl)
				break;
			*nl = '\0';
			strvec_push(candidates, p);
		}
	}
	strbuf_release(&out);
	strbuf_release(&err);
	return hit;
}

static void memo_put(const char *key, const struct strvec *candidates, size_t binary)
{
	struct strbuf out = STRBUF_INIT;

	for (size_t i = 0; i < candidates->nr; i++)
		if (strchr(candidates->v[i], '\n'))
			return;	/* not a line of the memo: keep none */
	strbuf_addf(&out, "%zu\n", binary);
	for (size_t i = 0; i < candidates->nr; i++)
		strbuf_addf(&out, "%s\n", candidates->v[i]);
	cache_put(key, out.buf, out.len, "", 0, 0);
	strbuf_release(&out);
}

static void files_sets(const char *root, const struct strvec *files,
		       const char *const *const *sets, size_t nr_sets, int words, int jobs,
		       struct strvec *candidates, size_t *unreadable, size_t *binary)
{
	int memo = memo_key && cache_dir();
	char (*keys)[33] = xcalloc(nr_sets ? nr_sets : 1, sizeof(*keys));
	struct strvec *found = xcalloc(nr_sets ? nr_sets : 1, sizeof(*found));
	size_t nr_binary = 0, nr_unreadable = 0, hits = 0;

	for (size_t k = 0; k < nr_sets; k++) {
		found[k] = (struct strvec)STRVEC_INIT;
		if (memo) {
			memo_entry(files, sets[k], words, keys[k]);
			hits += memo_get(keys[k], &found[k], &nr_binary);
		}
	}
	if (!memo || hits < nr_sets || !nr_sets) {
		for (size_t k = 0; k < nr_sets; k++)
			strvec_clear(&found[k]);
		nr_binary = 0;
		prefilter_run(root, files, sets, nr_sets, words, jobs, found, &nr_unreadable, &nr_binary);
		/* one with an unreadable file is never kept: its warning must come again */
		for (size_t k = 0; memo && !nr_unreadable && k < nr_sets; k++)
			memo_put(keys[k], &found[k], nr_binary);
	}
	for (size_t k = 0; k < nr_sets; k++) {
		for (size_t i = 0; i < found[k].nr; i++)
			strvec_push(&candidates[k], found[k].v[i]);
		strvec_clear(&found[k]);
	}
	if (unreadable)
		*unreadable += nr_unreadable;
	if (binary)
		*binary += nr_binary;
	free(found);
	free(keys);
}

void prefilter_files_sets(const char *root, const struct strvec *files,
			  const char *const *const *sets, size_t nr_sets, int jobs,
			  struct strvec *candidates, size_t *unreadable, size_t *binary)
{
	files_sets(root, files, sets, nr_sets, 0, jobs, candidates, unreadable, binary);
}

void prefilter_files_sets_words(const char *root, const struct strvec *files,
				const char *const *const *sets, size_t nr_sets, int jobs,
				struct strvec *candidates, size_t *unreadable, size_t *binary)
{
	files_sets(root, files, sets, nr_sets, 1, jobs, candidates, unreadable, binary);
}

void prefilter_files(const char *root, const struct strvec *files,
		     const char *const *tokens, int jobs,
		     struct strvec *candidates, size_t *unreadable, size_t *binary)
{
	const char *const *sets[1] = { tokens };

	prefilter_files_sets(root, files, sets, 1, jobs, candidates, unreadable, binary);
}
