#define _GNU_SOURCE
#include "prefilter.h"
#include "cache.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const prefilter_scan_tokens[] = {
	"class_device",
	"CLASS_DEVICE",
	"class_interface",
	"struct class",
	"class_get_devdata",
	"class_set_devdata",
	NULL,
};

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
	const char *const *tokens;
	unsigned char *verdicts;
	int *errnos;
	atomic_size_t next;
};

static void *prefilter_worker(void *data)
{
	struct prefilter_job *job = data;
	struct strbuf path = STRBUF_INIT;
	size_t i;

	while ((i = atomic_fetch_add(&job->next, 1)) < job->files->nr) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", job->root, job->files->v[i]);
		job->verdicts[i] = prefilter_file(path.buf, job->tokens);
		if (job->verdicts[i] == PREFILTER_UNREADABLE)
			job->errnos[i] = errno;
	}
	strbuf_release(&path);
	return NULL;
}

static void prefilter_run(const char *root, const struct strvec *files,
			  const char *const *tokens, int jobs,
			  struct strvec *candidates, size_t *unreadable, size_t *binary);

static char *memo_key;

void prefilter_memo(const char *key)
{
	free(memo_key);
	memo_key = xstrdup(key);
}

static void memo_entry(const char *root, const struct strvec *files,
		       const char *const *tokens, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, "cdmigrate-prefilter 1");
	cache_hasher_add_string(h, memo_key);
	cache_hasher_add_string(h, root);
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
		if (hit && binary)
			*binary += strtoull(p, NULL, 10);
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

void prefilter_files(const char *root, const struct strvec *files,
		     const char *const *tokens, int jobs,
		     struct strvec *candidates, size_t *unreadable, size_t *binary)
{
	char key[33];
	size_t first = candidates->nr, nr_binary = 0, nr_unreadable = 0;

	if (memo_key && cache_dir()) {
		memo_entry(root, files, tokens, key);
		if (memo_get(key, candidates, binary))
			return;
	}
	prefilter_run(root, files, tokens, jobs, candidates, &nr_unreadable, &nr_binary);
	if (unreadable)
		*unreadable += nr_unreadable;
	if (binary)
		*binary += nr_binary;
	for (size_t i = first; i < candidates->nr && !nr_unreadable; i++)
		if (strchr(candidates->v[i], '\n'))
			nr_unreadable = 1;	/* not a line of the memo: keep none */
	if (memo_key && cache_dir() && !nr_unreadable) {
		struct strbuf out = STRBUF_INIT;

		strbuf_addf(&out, "%zu\n", nr_binary);
		for (size_t i = first; i < candidates->nr; i++)
			strbuf_addf(&out, "%s\n", candidates->v[i]);
		cache_put(key, out.buf, out.len, "", 0, 0);
		strbuf_release(&out);
	}
}

static void prefilter_run(const char *root, const struct strvec *files,
			  const char *const *tokens, int jobs,
			  struct strvec *candidates, size_t *unreadable, size_t *binary)
{
	struct prefilter_job job;
	pthread_t *threads;
	int started = 0;

	job.root = root;
	job.files = files;
	job.tokens = tokens;
	job.verdicts = xcalloc(files->nr ? files->nr : 1, 1);
	job.errnos = xcalloc(files->nr ? files->nr : 1, sizeof(int));
	atomic_init(&job.next, 0);
	if (jobs < 1)
		jobs = 1;
	threads = xcalloc((size_t)jobs, sizeof(*threads));
	for (int t = 1; t < jobs; t++)
		if (!pthread_create(&threads[started], NULL, prefilter_worker, &job))
			started++;
	prefilter_worker(&job);
	for (int t = 0; t < started; t++)
		pthread_join(threads[t], NULL);

	/* Report and collect in file order: output must not depend on -j. */
	for (size_t i = 0; i < files->nr; i++) {
		switch (job.verdicts[i]) {
		case PREFILTER_CANDIDATE:
			strvec_push(candidates, files->v[i]);
			break;
		case PREFILTER_UNREADABLE:
			warning("%s: cannot read (%s): skipped", files->v[i], strerror(job.errnos[i]));
			if (unreadable)
				(*unreadable)++;
			break;
		case PREFILTER_BINARY:
			if (binary)
				(*binary)++;
			break;
		default:
			break;
		}
	}
	free(threads);
	free(job.verdicts);
	free(job.errnos);
}
