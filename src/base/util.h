/*
 * util.h: the error vocabulary, checked allocation, and two small
 * containers (strbuf, strvec) in the manner of git.
 */
#ifndef CDMIGRATE_UTIL_H
#define CDMIGRATE_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Exit statuses every command uses (documented in cdmigrate.1). */
enum exit_status {
	EXIT_CLEAN = 0,		/* nothing found / nothing pending */
	EXIT_FINDINGS = 1,	/* findings, or changes pending */
	EXIT_USAGE = 2,		/* usage or tool error */
	EXIT_CONFLICT = 3,	/* conflicting edits */
};

/* Print "cdmigrate: <message>" on stderr and exit(EXIT_USAGE). */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Like die() with ": <strerror(errno)>" appended. */
void die_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Print "cdmigrate: error: <message>" and return -1. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Like error() with ": <strerror(errno)>" appended. */
int error_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "cdmigrate: warning: <message>". */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
struct strbuf;
/*
 * While sink is set (NULL: no longer), every line die(), error() and
 * warning() print is also appended to it, so that a result replayed from
 * a cache can print the same lines.
 */
void diag_capture(struct strbuf *sink);
/* An impossible state: print file:line and abort(). */
#define BUG(...) bug_fl(__FILE__, __LINE__, __VA_ARGS__)
void bug_fl(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

/* Allocation that dies on failure.  xstrdup(NULL) returns NULL. */
void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* The n bytes at s without leading blanks and trailing blanks or CR; malloc'd. */
char *xstrndup_trimmed(const char *s, size_t n);
/* A newly allocated formatted string; the caller frees it. */
char *xstrfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow an array of `nr` used, `alloc` allocated elements to hold `need`. */
#define ALLOC_GROW(array, need, alloc) do { \
	if ((need) > (alloc)) { \
		size_t new_alloc_ = (alloc) ? (alloc) * 2 : 16; \
		while (new_alloc_ < (need)) \
			new_alloc_ *= 2; \
		(array) = xrealloc((array), new_alloc_ * sizeof(*(array))); \
		(alloc) = new_alloc_; \
	} \
} while (0)

/*
 * sort_array() for an array that may be empty and NULL: sort_array(NULL, 0, ...) is
 * undefined (its pointer must be valid even for no element, C11 7.22.5;
 * glibc declares it nonnull), and an empty list is often a NULL one here.
 */
void sort_array(void *base, size_t nmemb, size_t size,
		int (*compar)(const void *, const void *));

/* A growable, always NUL-terminated byte buffer. */
struct strbuf {
	char *buf;	/* never NULL once initialised with STRBUF_INIT */
	size_t len;
	size_t alloc;
};
extern char strbuf_empty[];
#define STRBUF_INIT { strbuf_empty, 0, 0 }

void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
void strbuf_reset(struct strbuf *sb);
/* Free the buffer; sb is reusable (empty) afterwards. */
void strbuf_release(struct strbuf *sb);
/* Hand the buffer to the caller (who frees it); sb is left empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
/* Read a whole file into sb (appending).  Returns 0, or -1 with errno set. */
int strbuf_read_file(struct strbuf *sb, const char *path);
/* Append everything readable from fd until EOF.  Returns 0 or -1 (errno). */
int strbuf_read_fd(struct strbuf *sb, int fd);

/* A NULL-terminated, growable vector of owned strings (argv builder). */
struct strvec {
	char **v;	/* always NULL-terminated once anything was pushed */
	size_t nr, alloc;
};
#define STRVEC_INIT { NULL, 0, 0 }

void strvec_push(struct strvec *vec, const char *s);		/* copies s */
void strvec_pushf(struct strvec *vec, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strvec_pushv(struct strvec *vec, const char *const *argv);	/* copies each */
void strvec_sort(struct strvec *vec);				/* strcmp order */
/* Whether s is in vec, in any order. */
int strvec_has(const struct strvec *vec, const char *s);
/* Whether s is in vec, sorted by strvec_sort(): a binary search. */
int strvec_sorted_has(const struct strvec *vec, const char *s);
/* Its index in vec, sorted by strvec_sort(), or -1. */
long strvec_sorted_index(const struct strvec *vec, const char *s);
/* Whether s is in list, an array of strings ending with NULL. */
int strlist_has(const char *const *list, const char *s);
/*
 * The same for the n bytes at s (a token in a text, not NUL-terminated):
 * an entry matches when it is exactly those bytes.
 */
int strvec_has_n(const struct strvec *vec, const char *s, size_t n);
int strvec_sorted_has_n(const struct strvec *vec, const char *s, size_t n);
int strlist_has_n(const char *const *list, const char *s, size_t n);
/* Free every string and the vector; reusable afterwards. */
void strvec_clear(struct strvec *vec);

/* Path helpers.  Each returns a newly allocated string the caller frees. */
char *path_join(const char *dir, const char *name);
/*
 * path with its "." folders, empty folders (doubled slashes) and each
 * ".." with the folder before it taken out, by text alone (links are not
 * followed); a ".." with no folder before it goes.  Absolute stays
 * absolute ("/" at least), relative relative ("" at least).
 */
char *path_collapse(const char *path);
/* Nonzero when path ends with suffix. */
int ends_with(const char *s, const char *suffix);
int starts_with(const char *s, const char *prefix);

/* Write all of buf to fd, retrying on EINTR and short writes.  0 or -1. */
int write_all(int fd, const void *buf, size_t len);

#endif
