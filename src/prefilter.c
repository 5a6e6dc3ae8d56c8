#define _GNU_SOURCE
#include "prefilter.h"

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

void prefilter_files(const char *root, const struct strvec *files,
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
