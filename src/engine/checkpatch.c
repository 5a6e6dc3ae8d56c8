#define _GNU_SOURCE
#include "engine/checkpatch.h"
#include "base/child.h"
#include "base/pool.h"
#include "engine/diff.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void checkpatch_result_release(struct checkpatch_result *r)
{
	free(r->error);
	strvec_clear(&r->added_lines);
	free(r->patch_added);
	memset(r, 0, sizeof(*r));
}

void checkpatch_parse(const char *output, struct strvec *out)
{
	const char *p = output, *prev = NULL;
	size_t prev_len = 0;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *q = p + 1;

		/* "#N: FILE: path:line:" names the place of the message above it */
		if (n > 1 && p[0] == '#') {
			while (q < p + n && *q >= '0' && *q <= '9')
				q++;
			if (q > p + 1 && q + 8 <= p + n && !memcmp(q, ": FILE: ", 8) && p[n - 1] == ':' && prev) {
				const char *path = q + 8, *end = p + n - 1, *colon = end;

				while (colon > path && colon[-1] != ':')
					colon--;
				if (colon > path + 1 && colon < end)
					strvec_pushf(out, "%.*s\t%.*s\t%.*s", (int)(colon - 1 - path), path,
						     (int)(end - colon), colon, (int)prev_len, prev);
			}
		}
		if (n) {
			prev = p;
			prev_len = n;
		}
		p += n + (nl ? 1 : 0);
	}
}

int checkpatch_reverse(const char *patch, size_t len, struct strbuf *out)
{
	struct file_diff *files = NULL;
	size_t nr = 0;

	if (diff_parse(patch, len, &files, &nr) < 0 || !nr)
		return -1;
	for (size_t i = 0; i < nr; i++) {
		strbuf_addf(out, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", files[i].path,
			    files[i].path, files[i].path, files[i].path);
		for (size_t h = 0; h < files[i].nr; h++) {
			const struct diff_hunk *k = &files[i].hunks[h];

			strbuf_addf(out, "@@ -%u,%u +%u,%u @@\n", k->new_start, k->new_count,
				    k->old_start, k->old_count);
			for (const char *l = k->lines; *l;) {
				const char *nl = strchr(l, '\n');
				size_t n = nl ? (size_t)(nl - l) + 1 : strlen(l);

				strbuf_addch(out, *l == '+' ? '-' : *l == '-' ? '+' : *l);
				strbuf_add(out, l + 1, n - 1);
				l += n;
			}
		}
	}
	file_diff_list_free(files, nr);
	return 0;
}

/* One run: a patch as written (reverse 0) or reversed. */
struct run {
	size_t patch;
	int reverse;
	char *file;		/* what the script reads */
	struct strbuf out, err;
	int status;
};

struct runs {
	const char *script;
	struct run *v;
	size_t nr, next;
};

static int next_run(struct child *c, void *pool_data, void **task_data)
{
	struct runs *rs = pool_data;
	struct run *r;

	if (rs->next == rs->nr)
		return 0;
	r = &rs->v[rs->next++];
	strvec_pushv(&c->args, (const char *const[]){ "perl", rs->script, "--no-tree", "--no-signoff",
						      r->file, NULL });
	c->silent_exec_failure = 1;
	*task_data = r;
	return 1;
}

static void run_done(int status, const struct pool_result *res, void *pool_data, void *task_data)
{
	struct run *r = task_data;

	(void)pool_data;
	strbuf_add(&r->out, res->out.buf, res->out.len);
	strbuf_add(&r->err, res->err.buf, res->err.len);
	r->status = res->start_failed || res->timed_out ? -1 : status;
}

/* The hunk of d's new lines that holds line, or (size_t)-1. */
static size_t hunk_of(const struct file_diff *files, size_t nr, const char *path, unsigned long line)
{
	for (size_t i = 0; i < nr; i++) {
		if (strcmp(files[i].path, path))
			continue;
		for (size_t h = 0; h < files[i].nr; h++) {
			const struct diff_hunk *k = &files[i].hunks[h];

			if (line >= k->new_start && line < (unsigned long)k->new_start + k->new_count)
				return h;
		}
	}
	return (size_t)-1;
}

/* "path\thunk\tmessage" of each finding of a run that falls in a hunk, sorted. */
static void keyed(const struct run *r, const char *text, size_t len, struct strvec *keys,
		  struct strvec *places)
{
	struct strvec found = STRVEC_INIT;
	struct file_diff *files = NULL;
	size_t nr = 0;

	checkpatch_parse(r->out.buf, &found);
	if (diff_parse(text, len, &files, &nr) < 0)
		nr = 0;
	for (size_t i = 0; i < found.nr; i++) {
		char *copy = xstrdup(found.v[i]), *rest = copy;
		char *path = strsep(&rest, "\t"), *line = strsep(&rest, "\t");
		size_t h = hunk_of(files, nr, path, strtoul(line, NULL, 10));

		if (h != (size_t)-1) {
			strvec_pushf(keys, "%s\t%zu\t%s", path, h, rest);
			if (places)
				strvec_pushf(places, "%s\t%zu\t%s\t%s:%s: %s", path, h, rest, path, line, rest);
		}
		free(copy);
	}
	strvec_sort(keys);
	file_diff_list_free(files, nr);
	strvec_clear(&found);
}

/* How many of sorted v equal v[i], from i on. */
static size_t run_length(const struct strvec *v, size_t i)
{
	size_t j = i;

	while (j < v->nr && !strcmp(v->v[j], v->v[i]))
		j++;
	return j - i;
}

static size_t count_of(const struct strvec *v, const char *key)
{
	size_t n = 0;

	for (size_t i = 0; i < v->nr; i++)
		n += !strcmp(v->v[i], key);
	return n;
}

int checkpatch_series(const char *script, const struct strvec *patches, int jobs,
		      struct checkpatch_result *r)
{
	struct runs rs = { script, NULL, 0, 0 };
	struct pool_options po = POOL_OPTIONS_INIT;
	struct strbuf *texts = xcalloc(patches->nr + 1, sizeof(*texts));
	struct strbuf rev = STRBUF_INIT;
	const char *tmp = getenv("TMPDIR");
	int rc = 0;

	memset(r, 0, sizeof(*r));
	r->patch_added = xcalloc(patches->nr + 1, sizeof(*r->patch_added));
	rs.v = xcalloc(2 * patches->nr + 1, sizeof(*rs.v));
	for (size_t i = 0; i < patches->nr; i++)
		texts[i] = (struct strbuf)STRBUF_INIT;
	for (size_t i = 0; i < patches->nr && !rc; i++) {
		char *name;
		int fd;

		if (strbuf_read_file(&texts[i], patches->v[i]) < 0) {
			rc = error_errno("%s: cannot read", patches->v[i]);
			break;
		}
		strbuf_reset(&rev);
		if (checkpatch_reverse(texts[i].buf, texts[i].len, &rev) < 0)
			continue;
		name = xstrfmt("%s/cdmigrate-checkpatch-XXXXXX", tmp && *tmp ? tmp : "/tmp");
		fd = mkstemp(name);
		if (fd < 0 || write_all(fd, rev.buf, rev.len) < 0) {
			rc = error_errno("%s: cannot write a temporary file", name);
			if (fd >= 0)
				close(fd);
			free(name);
			break;
		}
		close(fd);
		rs.v[rs.nr].patch = i;
		rs.v[rs.nr].file = xstrdup(patches->v[i]);
		rs.v[rs.nr].out = (struct strbuf)STRBUF_INIT;
		rs.v[rs.nr].err = (struct strbuf)STRBUF_INIT;
		rs.nr++;
		rs.v[rs.nr].patch = i;
		rs.v[rs.nr].reverse = 1;
		rs.v[rs.nr].file = name;
		rs.v[rs.nr].out = (struct strbuf)STRBUF_INIT;
		rs.v[rs.nr].err = (struct strbuf)STRBUF_INIT;
		rs.nr++;
	}
	po.jobs = jobs > 0 ? (unsigned)jobs : 1;
	po.timeout_ms = 600000;
	if (!rc && pool_run(&po, next_run, run_done, &rs) < 0)
		rc = error("%s: could not run perl on it", script);
	for (size_t k = 0; !rc && k < rs.nr; k++)
		if (rs.v[k].status != 0 && rs.v[k].status != 1 && !r->failed) {
			const char *e = rs.v[k].err.buf, *nl = strchr(e, '\n');

			r->failed = 1;
			r->error = rs.v[k].status < 0 ? xstrdup("perl could not be run")
				 : nl ? xstrndup(e, (size_t)(nl - e)) : xstrdup(e);
		}
	for (size_t k = 0; !rc && !r->failed && k + 1 < rs.nr; k += 2) {
		struct run *fwd = &rs.v[k], *bwd = &rs.v[k + 1];
		struct strvec fk = STRVEC_INIT, bk = STRVEC_INIT, places = STRVEC_INIT;
		const char *base = strrchr(patches->v[fwd->patch], '/');

		base = base ? base + 1 : patches->v[fwd->patch];
		strbuf_reset(&rev);
		checkpatch_reverse(texts[fwd->patch].buf, texts[fwd->patch].len, &rev);
		keyed(fwd, texts[fwd->patch].buf, texts[fwd->patch].len, &fk, &places);
		keyed(bwd, rev.buf, rev.len, &bk, NULL);
		for (size_t i = 0; i < fk.nr;) {
			size_t n = run_length(&fk, i), old = count_of(&bk, fk.v[i]);

			if (n > old) {
				/* the first place of this key names it */
				for (size_t p = 0; p < places.nr; p++)
					if (!strncmp(places.v[p], fk.v[i], strlen(fk.v[i])) &&
					    places.v[p][strlen(fk.v[i])] == '\t') {
						const char *shown = places.v[p] + strlen(fk.v[i]) + 1;

						if (n - old > 1)
							strvec_pushf(&r->added_lines, "%s: %s (x%zu)", base, shown, n - old);
						else
							strvec_pushf(&r->added_lines, "%s: %s", base, shown);
						break;
					}
				r->added += n - old;
				r->patch_added[fwd->patch] += n - old;
			}
			i += n;
		}
		for (size_t i = 0; i < bk.nr;) {
			size_t n = run_length(&bk, i), now = count_of(&fk, bk.v[i]);

			if (n > now)
				r->removed += n - now;
			i += n;
		}
		strvec_clear(&fk);
		strvec_clear(&bk);
		strvec_clear(&places);
	}
	for (size_t k = 0; k < rs.nr; k++) {
		if (rs.v[k].reverse)
			unlink(rs.v[k].file);
		free(rs.v[k].file);
		strbuf_release(&rs.v[k].out);
		strbuf_release(&rs.v[k].err);
	}
	free(rs.v);
	for (size_t i = 0; i < patches->nr; i++)
		strbuf_release(&texts[i]);
	free(texts);
	strbuf_release(&rev);
	return rc;
}

int checkpatch_probe(const char *script, char **why)
{
	static const char sample[] =
		"--- a/probe.c\n+++ b/probe.c\n@@ -1,3 +1,3 @@\n int a;\n-int b;\n+static int c(void)\n int d;\n";
	const char *tmp = getenv("TMPDIR");
	char *name = xstrfmt("%s/cdmigrate-checkpatch-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int fd = mkstemp(name), timed_out = 0, status = -1;

	*why = NULL;
	if (fd >= 0 && write_all(fd, sample, strlen(sample)) == 0) {
		close(fd);
		fd = -1;
		strvec_pushv(&c.args, (const char *const[]){ "perl", script, "--no-tree", "--no-signoff",
							     name, NULL });
		c.silent_exec_failure = 1;
		c.no_stdin = 1;
		status = child_capture(&c, NULL, 0, &out, &err, 120000, &timed_out);
		child_release(&c);
	}
	if (fd >= 0)
		close(fd);
	unlink(name);
	free(name);
	if (status != 0 && status != 1) {
		const char *nl = strchr(err.buf, '\n');

		*why = err.len ? xstrndup(err.buf, nl ? (size_t)(nl - err.buf) : err.len)
			       : xstrfmt("perl exits with %d", status);
	}
	strbuf_release(&out);
	strbuf_release(&err);
	return *why ? -1 : 0;
}
