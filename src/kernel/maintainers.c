#define _GNU_SOURCE
#include "kernel/maintainers.h"
#include "kernel/kernel.h"
#include "kernel/subsystem.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

struct section {
	char *title;
	struct strvec title_words;
	struct strvec tree_words;	/* of its T: lines, each line's words then "" */
	struct strvec people, lists, patterns;
};

struct maintainers {
	struct section *v;
	size_t nr, alloc;
};

/* The smallest keys that say anything: "st", "sg" would match at random. */
#define KEY_MIN 3
/* A key more titles than this hold names no one driver ("core"). */
#define KEY_MAX_SECTIONS 1

/* Lower-case words, split at what is neither letter nor digit and between letters and digits. */
static void words_of(const char *s, size_t len, struct strvec *out)
{
	struct strbuf w = STRBUF_INIT;

	for (size_t i = 0; i <= len; i++) {
		int c = i < len ? (unsigned char)s[i] : 0;
		int split = !isalnum(c);

		if (!split && w.len && !!isdigit(c) != !!isdigit((unsigned char)w.buf[w.len - 1])) {
			strvec_push(out, w.buf);
			strbuf_reset(&w);
		}
		if (split) {
			if (w.len)
				strvec_push(out, w.buf);
			strbuf_reset(&w);
			continue;
		}
		strbuf_addch(&w, tolower(c));
	}
	strbuf_release(&w);
}

/* Whether key's words are consecutive words of hay (from index 0 to hay->nr, "" ends a run). */
static int holds(const struct strvec *hay, const struct strvec *key)
{
	if (!key->nr)
		return 0;
	for (size_t i = 0; i + key->nr <= hay->nr; i++) {
		size_t k = 0;

		while (k < key->nr && !strcmp(hay->v[i + k], key->v[k]))
			k++;
		if (k == key->nr)
			return 1;
	}
	return 0;
}

/* Every word of value that holds an '@' (a mail address), trimmed of <>(),;. */
static void addresses(const char *value, struct strvec *out)
{
	const char *p = value;

	while (*p) {
		const char *end;
		char *word;

		while (*p && isspace((unsigned char)*p))
			p++;
		end = p;
		while (*end && !isspace((unsigned char)*end))
			end++;
		word = xstrndup(p, (size_t)(end - p));
		if (strchr(word, '@')) {
			char *w = word;
			size_t n;

			while (*w && strchr("<(\"", *w))
				w++;
			n = strlen(w);
			while (n && strchr(">),;\".", w[n - 1]))
				w[--n] = '\0';
			if (n)
				strvec_push(out, w);
		}
		free(word);
		p = end;
	}
}

static void section_release(struct section *s)
{
	free(s->title);
	strvec_clear(&s->title_words);
	strvec_clear(&s->tree_words);
	strvec_clear(&s->people);
	strvec_clear(&s->lists);
	strvec_clear(&s->patterns);
}

/* "X:" then a blank: an entry line of a section. */
static int is_entry(const char *line, size_t len)
{
	return len >= 3 && isupper((unsigned char)line[0]) && line[1] == ':' &&
	       (line[2] == '\t' || line[2] == ' ');
}

/* Only blanks: v2.6.16 ends USER-MODE LINUX with a line of one tab, a paragraph's end all the same. */
static int is_blank(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			return 0;
	return 1;
}

/*
 * The words of a T: line without its hosts' names: "git
 * tipc.cslab.ericsson.net:/pub/git/tipc.git" says nothing of "net".
 */
static void tree_words_of(const char *value, struct strvec *out)
{
	const char *p = value;

	while (*p) {
		const char *end, *path, *scheme, *colon;

		while (*p && isspace((unsigned char)*p))
			p++;
		end = p;
		while (*end && !isspace((unsigned char)*end))
			end++;
		path = p;
		scheme = memmem(p, (size_t)(end - p), "://", 3);
		colon = memchr(p, ':', (size_t)(end - p));
		if (scheme) {
			path = memchr(scheme + 3, '/', (size_t)(end - scheme - 3));
			path = path ? path : end;
		} else if (colon && colon + 1 < end && colon[1] == '/') {
			path = colon + 1;
		}
		words_of(path, (size_t)(end - path), out);
		p = end;
	}
}

/* Whether s[0..len) is well-formed UTF-8 (no overlong forms checked: a name is not a parser's input). */
static int is_utf8(const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		size_t n = s[i] < 0x80 ? 0 : (s[i] & 0xe0) == 0xc0 ? 1 : (s[i] & 0xf0) == 0xe0 ? 2 :
			   (s[i] & 0xf8) == 0xf0 ? 3 : (size_t)-1;

		if (n == (size_t)-1 || i + n >= len)
			return 0;
		for (size_t k = 1; k <= n; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
		i += n + 1;
	}
	return 1;
}

static char *trimmed(const char *s, size_t len)
{
	while (len && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (!is_utf8((const unsigned char *)s, len)) {
		/*
		 * The 2.6 trees' MAINTAINERS is partly Latin-1 ("J\xf6rn
		 * Engel"); a Cc: line goes into a message that says UTF-8.
		 */
		struct strbuf u = STRBUF_INIT;

		for (size_t i = 0; i < len; i++) {
			unsigned char c = (unsigned char)s[i];

			if (c < 0x80) {
				strbuf_addch(&u, (char)c);
			} else {
				strbuf_addch(&u, (char)(0xc0 | (c >> 6)));
				strbuf_addch(&u, (char)(0x80 | (c & 0x3f)));
			}
		}
		return strbuf_detach(&u, NULL);
	}
	return xstrndup(s, len);
}

struct maintainers *maintainers_parse(const char *text, size_t len)
{
	struct maintainers *m = xcalloc(1, sizeof(*m));
	const char *p = text, *end = text + len;
	struct section cur;
	int in_section = 0, first_line = 1;
	char *person = NULL;

	memset(&cur, 0, sizeof(cur));
	while (p <= end) {
		const char *nl = p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *value;

		if (!n || p == end || is_blank(p, n)) {
			/* a blank line ends a paragraph */
			if (in_section && (cur.people.nr || cur.lists.nr || cur.patterns.nr ||
					   cur.tree_words.nr) && strcmp(cur.title, "THE REST")) {
				ALLOC_GROW(m->v, m->nr + 1, m->alloc);
				m->v[m->nr++] = cur;
			} else if (in_section) {
				section_release(&cur);
			}
			memset(&cur, 0, sizeof(cur));
			in_section = 0;
			first_line = 1;
			free(person);
			person = NULL;
			if (p == end)
				break;
			p = nl ? nl + 1 : end;
			continue;
		}
		if (first_line) {
			first_line = 0;
			if (!is_entry(p, n) && !isspace((unsigned char)p[0])) {
				in_section = 1;
				cur.title = trimmed(p, n);
				words_of(p, n, &cur.title_words);
			}
		} else if (in_section && is_entry(p, n)) {
			value = trimmed(p + 2, n - 2);
			switch (p[0]) {
			case 'P':
				free(person);
				person = xstrdup(value);
				break;
			case 'M': {
				struct strvec mails = STRVEC_INIT;

				addresses(value, &mails);
				for (size_t i = 0; i < mails.nr; i++) {
					if (person && i == 0)
						strvec_pushf(&cur.people, "%s <%s>", person, mails.v[i]);
					else
						strvec_push(&cur.people, mails.v[i]);
				}
				if (mails.nr) {
					free(person);
					person = NULL;
				}
				strvec_clear(&mails);
				break;
			}
			case 'L':
				addresses(value, &cur.lists);
				break;
			case 'T':
				tree_words_of(value, &cur.tree_words);
				strvec_push(&cur.tree_words, "");
				break;
			case 'F':
				if (*value)
					strvec_push(&cur.patterns, value);
				break;
			}
			free(value);
		}
		p = nl ? nl + 1 : end;
	}
	free(person);
	if (in_section)
		section_release(&cur);
	return m;
}

struct maintainers *maintainers_read(const char *tree)
{
	char *path = path_join(tree, "MAINTAINERS");
	struct strbuf text = STRBUF_INIT;
	struct maintainers *m = NULL;

	if (strbuf_read_file(&text, path) == 0)
		m = maintainers_parse(text.buf, text.len);
	free(path);
	strbuf_release(&text);
	return m;
}

void maintainers_free(struct maintainers *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nr; i++)
		section_release(&m->v[i]);
	free(m->v);
	free(m);
}

static int pattern_matches(const char *pat, const char *path)
{
	size_t n = strlen(pat);

	if (strpbrk(pat, "*?["))
		return fnmatch(pat, path, FNM_PATHNAME) == 0 ||
		       (pat[n - 1] == '/' && fnmatch(pat, path, FNM_PATHNAME | FNM_LEADING_DIR) == 0);
	if (pat[n - 1] == '/')
		return !strncmp(path, pat, n);
	return !strcmp(path, pat) || (!strncmp(path, pat, n) && path[n] == '/');
}

static void take(const struct section *s, struct strvec *out, struct strvec *titles)
{
	for (size_t i = 0; i < s->people.nr; i++)
		if (!strvec_has(out, s->people.v[i]))
			strvec_push(out, s->people.v[i]);
	for (size_t i = 0; i < s->lists.nr; i++)
		if (!strvec_has(out, s->lists.v[i]))
			strvec_push(out, s->lists.v[i]);
	if (titles && !strvec_has(titles, s->title))
		strvec_push(titles, s->title);
}

/* The file's name without its extension: "drivers/scsi/3w-xxxx.c" -> "3w-xxxx". */
static char *stem_of(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	return dot && dot != base ? xstrndup(base, (size_t)(dot - base)) : xstrdup(base);
}

/* A title that names a driver: "LM83 HARDWARE MONITOR DRIVER", "INPUT ... DRIVERS". */
static int names_a_driver(const struct section *s)
{
	return strvec_has(&s->title_words, "driver") || strvec_has(&s->title_words, "drivers");
}

/* The sections (by index, in order) whose title holds key, and how many. */
static size_t titles_holding(const struct maintainers *m, const struct strvec *key, size_t *hits)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nr; i++)
		if (!m->v[i].patterns.nr && holds(&m->v[i].title_words, key))
			hits[n++] = i;
	return n;
}

size_t maintainers_for(const struct maintainers *m, const char *path, const char *subsystem,
		       struct strvec *out, struct strvec *titles)
{
	size_t *hits, n = 0, taken = 0;
	struct strvec keys = STRVEC_INIT;
	int weak[4];	/* of each key: it picks only a title that names a driver */

	if (!m || !m->nr)
		return 0;
	hits = xcalloc(m->nr, sizeof(*hits));
	for (size_t i = 0; i < m->nr; i++) {
		int any = 0;

		for (size_t k = 0; k < m->v[i].patterns.nr && !any; k++)
			any = pattern_matches(m->v[i].patterns.v[k], path);
		if (any) {
			take(&m->v[i], out, titles);
			taken++;
		}
	}
	if (taken)
		goto out;

	/* the name, its first word, the driver, its first word */
	if (!kernel_is_class_device_core(path)) {
		char *stem = stem_of(path), *driver = subsystem_driver_of(path);
		const char *both[] = { stem, driver };
		/* in a driver's folder the name's first word may be any word ("user_mad") */
		int nested = driver && strcmp(stem, driver);

		for (size_t b = 0; b < 2; b++) {
			struct strvec w = STRVEC_INIT;

			if (!both[b])
				continue;
			words_of(both[b], strlen(both[b]), &w);
			if (strlen(both[b]) >= KEY_MIN && w.nr) {
				weak[keys.nr] = 0;
				strvec_push(&keys, both[b]);
			}
			if (w.nr > 1 && strlen(w.v[0]) >= KEY_MIN) {
				weak[keys.nr] = b == 0 && nested;
				strvec_push(&keys, w.v[0]);
			}
			strvec_clear(&w);
		}
		free(stem);
		free(driver);
	}
	for (size_t k = 0; k < keys.nr && !taken; k++) {
		struct strvec w = STRVEC_INIT;

		words_of(keys.v[k], strlen(keys.v[k]), &w);
		n = titles_holding(m, &w, hits);
		if (n >= 1 && n <= KEY_MAX_SECTIONS && (!weak[k] || names_a_driver(&m->v[hits[0]])))
			for (size_t i = 0; i < n; i++, taken++)
				take(&m->v[hits[i]], out, titles);
		strvec_clear(&w);
	}
	if (!taken && subsystem && *subsystem) {
		struct strvec w = STRVEC_INIT;
		size_t fewest = (size_t)-1;

		words_of(subsystem, strlen(subsystem), &w);
		n = titles_holding(m, &w, hits);
		if (!n)
			for (size_t i = 0; i < m->nr; i++)
				if (holds(&m->v[i].tree_words, &w))
					hits[n++] = i;
		for (size_t i = 0; i < n; i++)
			if (m->v[hits[i]].title_words.nr < fewest)
				fewest = m->v[hits[i]].title_words.nr;
		for (size_t i = 0; i < n; i++)
			if (m->v[hits[i]].title_words.nr == fewest) {
				take(&m->v[hits[i]], out, titles);
				taken++;
			}
		strvec_clear(&w);
	}
out:
	strvec_clear(&keys);
	free(hits);
	return taken;
}
