#include "report/userspace-glob.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

const char *userspace_glob_placeholder_end(const char *p)
{
	for (const char *q = p + 1; *q; q++)
		if (*q == '>' && q[-1] != '-')
			return q;
	return NULL;
}

/* A predicted name as a glob: <N> is [0-9]*, any other <x> is *, the rest literal. */
static char *kernel_glob(const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	for (const char *p = name; *p; p++) {
		const char *end = *p == '<' ? userspace_glob_placeholder_end(p) : NULL;

		if (end) {
			strbuf_addstr(&sb, end == p + 2 && p[1] == 'N' ? "[0-9]*" : "*");
			p = end;
			continue;
		}
		if (strchr("*?[\\", *p))
			strbuf_addch(&sb, '\\');
		strbuf_addch(&sb, *p);
	}
	return strbuf_detach(&sb, NULL);
}

/* A predicted name as one name it stands for: <N> is 0, any other <x> stays. */
static char *kernel_sample(const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	for (const char *p = name; *p; p++) {
		if (p[0] == '<' && p[1] == 'N' && p[2] == '>') {
			strbuf_addch(&sb, '0');
			p += 2;
			continue;
		}
		strbuf_addch(&sb, *p);
	}
	return strbuf_detach(&sb, NULL);
}

/* A user glob as one name it matches: each wildcard one character. */
static char *user_sample(const char *glob)
{
	struct strbuf sb = STRBUF_INIT;

	for (const char *p = glob; *p; p++) {
		if (*p == '*' || *p == '?') {
			strbuf_addch(&sb, '0');
		} else if (*p == '[') {
			const char *close = strchr(p + 1, ']');
			int negated = p[1] == '!' || p[1] == '^';

			if (!close) {
				strbuf_addch(&sb, '[');
				continue;
			}
			strbuf_addch(&sb, negated || close == p + 1 ? 'x' : p[1]);
			p = close;
		} else if (*p == '\\' && p[1]) {
			strbuf_addch(&sb, *++p);
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	return strbuf_detach(&sb, NULL);
}

int userspace_glob_meets(const char *user, const char *kernel)
{
	char *ks = kernel_sample(kernel), *kg = kernel_glob(kernel), *us = user_sample(user);
	int ok = !fnmatch(user, ks, 0) || !fnmatch(kg, us, FNM_PATHNAME);

	free(ks);
	free(kg);
	free(us);
	return ok;
}

char *userspace_glob_wildcards(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		size_t j = i + 1;

		if (s[i] == '$' && j < n && (s[j] == '{' || s[j] == '(')) {
			char open = s[j], close = open == '{' ? '}' : ')';
			int depth = 0;

			for (; j < n; j++) {
				depth += s[j] == open;
				depth -= s[j] == close;
				if (!depth)
					break;
			}
			i = j;
		} else if (s[i] == '$' && j < n && (isalnum((unsigned char)s[j]) || s[j] == '_')) {
			while (j + 1 < n && (isalnum((unsigned char)s[j + 1]) || s[j + 1] == '_'))
				j++;
			i = j;
		} else if (s[i] == '%' && j < n && isalpha((unsigned char)s[j])) {
			i = j;
			if (j + 1 < n && s[j + 1] == '{') {
				const char *close = memchr(s + j, '}', n - j);

				if (close)
					i = (size_t)(close - s);
			}
		} else {
			strbuf_addch(&sb, s[i]);
			continue;
		}
		if (!sb.len || sb.buf[sb.len - 1] != '*')
			strbuf_addch(&sb, '*');
	}
	return strbuf_detach(&sb, NULL);
}
