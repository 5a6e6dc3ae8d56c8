#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char strbuf_empty[1];
static struct strbuf *diag_sink;

void diag_capture(struct strbuf *sink)
{
	diag_sink = sink;
}

static void vreport(const char *prefix, const char *fmt, va_list ap, int errnum)
{
	/* Build the whole line first so concurrent writers never interleave. */
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "cdmigrate: ");
	strbuf_addstr(&sb, prefix);
	strbuf_vaddf(&sb, fmt, ap);
	if (errnum)
		strbuf_addf(&sb, ": %s", strerror(errnum));
	strbuf_addch(&sb, '\n');
	fflush(stdout);
	write_all(2, sb.buf, sb.len);
	if (diag_sink)
		strbuf_add(diag_sink, sb.buf, sb.len);
	strbuf_release(&sb);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap, 0);
	va_end(ap);
	exit(EXIT_USAGE);
}

void die_errno(const char *fmt, ...)
{
	int errnum = errno;
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap, errnum);
	va_end(ap);
	exit(EXIT_USAGE);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap, 0);
	va_end(ap);
	return -1;
}

int error_errno(const char *fmt, ...)
{
	int errnum = errno;
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap, errnum);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap, 0);
	va_end(ap);
}

void bug_fl(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "cdmigrate: BUG: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		die("out of memory (%zu bytes)", size);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		die("out of memory (%zu bytes)", size);
	return p;
}

char *xstrdup(const char *s)
{
	return s ? xstrndup(s, strlen(s)) : NULL;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrndup_trimmed(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return xstrndup(s, n);
}

char *xstrfmt(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return strbuf_detach(&sb, NULL);
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	int fresh = !sb->alloc;

	if (sb->len + extra + 1 <= sb->alloc)
		return;
	if (fresh)
		sb->buf = NULL;
	ALLOC_GROW(sb->buf, sb->len + extra + 1, sb->alloc);
	if (fresh)
		sb->buf[0] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;

	strbuf_add(sb, &ch, 1);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		BUG("vsnprintf failed for '%s'", fmt);
	strbuf_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->alloc)
		sb->buf[0] = '\0';
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	sb->buf = strbuf_empty;
	sb->len = sb->alloc = 0;
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *p;

	if (!sb->alloc)
		strbuf_grow(sb, 0);
	p = sb->buf;
	if (len)
		*len = sb->len;
	sb->buf = strbuf_empty;
	sb->len = sb->alloc = 0;
	return p;
}

int strbuf_read_fd(struct strbuf *sb, int fd)
{
	for (;;) {
		ssize_t n;

		strbuf_grow(sb, 8192);
		n = read(fd, sb->buf + sb->len, sb->alloc - sb->len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			break;
		sb->len += (size_t)n;
		sb->buf[sb->len] = '\0';
	}
	return 0;
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int ret, saved;
	struct stat st;

	if (fd < 0)
		return -1;
	/* one allocation: growing 8 kB at a time copied a source file four times */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		strbuf_grow(sb, (size_t)st.st_size + 8192);
	ret = strbuf_read_fd(sb, fd);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

void strvec_push(struct strvec *vec, const char *s)
{
	ALLOC_GROW(vec->v, vec->nr + 2, vec->alloc);
	vec->v[vec->nr++] = xstrdup(s);
	vec->v[vec->nr] = NULL;
}

void strvec_pushf(struct strvec *vec, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	ALLOC_GROW(vec->v, vec->nr + 2, vec->alloc);
	vec->v[vec->nr++] = strbuf_detach(&sb, NULL);
	vec->v[vec->nr] = NULL;
}

void strvec_pushv(struct strvec *vec, const char *const *argv)
{
	for (; *argv; argv++)
		strvec_push(vec, *argv);
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void strvec_sort(struct strvec *vec)
{
	if (vec->nr)
		qsort(vec->v, vec->nr, sizeof(*vec->v), compare_strings);
}

int strvec_has(const struct strvec *vec, const char *s)
{
	for (size_t i = 0; i < vec->nr; i++)
		if (!strcmp(vec->v[i], s))
			return 1;
	return 0;
}

int strvec_sorted_has(const struct strvec *vec, const char *s)
{
	return strvec_sorted_index(vec, s) >= 0;
}

long strvec_sorted_index(const struct strvec *vec, const char *s)
{
	char **at = vec->nr ? bsearch(&s, vec->v, vec->nr, sizeof(*vec->v), compare_strings) : NULL;

	return at ? (long)(at - vec->v) : -1;
}

int strlist_has(const char *const *list, const char *s)
{
	for (size_t i = 0; list[i]; i++)
		if (!strcmp(list[i], s))
			return 1;
	return 0;
}

int strvec_has_n(const struct strvec *vec, const char *s, size_t n)
{
	for (size_t i = 0; i < vec->nr; i++)
		if (!strncmp(vec->v[i], s, n) && !vec->v[i][n])
			return 1;
	return 0;
}

int strvec_sorted_has_n(const struct strvec *vec, const char *s, size_t n)
{
	size_t lo = 0, hi = vec->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(vec->v[mid], s, n);

		/* equal in n bytes but longer: after s in strcmp order */
		if (!c && vec->v[mid][n])
			c = 1;
		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int strlist_has_n(const char *const *list, const char *s, size_t n)
{
	for (size_t i = 0; list[i]; i++)
		if (!strncmp(list[i], s, n) && !list[i][n])
			return 1;
	return 0;
}

void strvec_clear(struct strvec *vec)
{
	for (size_t i = 0; i < vec->nr; i++)
		free(vec->v[i]);
	free(vec->v);
	vec->v = NULL;
	vec->nr = vec->alloc = 0;
}

char *path_join(const char *dir, const char *name)
{
	size_t len = strlen(dir);

	if (!len)
		return xstrdup(name);
	if (dir[len - 1] == '/')
		return xstrfmt("%s%s", dir, name);
	return xstrfmt("%s/%s", dir, name);
}

char *path_collapse(const char *path)
{
	char *out = xmalloc(strlen(path) + 2);
	int absolute = path[0] == '/';
	size_t n = 0, floor = absolute ? 1 : 0;

	if (absolute)
		out[n++] = '/';
	for (const char *p = path; *p;) {
		const char *end = strchr(p, '/');
		size_t len;

		if (!end)
			end = p + strlen(p);
		len = (size_t)(end - p);
		if (len == 2 && p[0] == '.' && p[1] == '.') {
			while (n > floor && out[n - 1] != '/')
				n--;
			if (n > floor)
				n--;
		} else if (len && !(len == 1 && p[0] == '.')) {
			if (n > floor)
				out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p = *end ? end + 1 : end;
	}
	out[n] = '\0';
	return out;
}

int ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !memcmp(s + a - b, suffix, b);
}

int starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

void sort_array(void *base, size_t nmemb, size_t size,
		int (*compar)(const void *, const void *))
{
	if (nmemb > 1)
		qsort(base, nmemb, size, compar);
}
