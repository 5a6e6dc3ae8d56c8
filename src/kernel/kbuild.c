#define _GNU_SOURCE
#include "kernel/kbuild.h"

#include <stdlib.h>
#include <string.h>

/* One assignment of a Makefile: `lhs op rhs`. */
struct assignment {
	char *lhs, *rhs;
	int conditional;	/* inside ifeq/ifneq/ifdef/ifndef */
};

struct makefile {
	struct assignment *v;
	size_t nr, alloc;
};

static char *trim(char *s)
{
	char *e;

	s += strspn(s, " \t");
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* The assignments of `dir`/Makefile (or Kbuild), continuation lines joined. */
static void read_makefile(const char *kernel, const char *dir, struct makefile *m)
{
	static const char *const names[] = { "Makefile", "Kbuild", NULL };
	struct strbuf sb = STRBUF_INIT, joined = STRBUF_INIT;
	char *line, *save = NULL;
	unsigned depth = 0;

	for (size_t i = 0; names[i]; i++) {
		char *path = xstrfmt("%s/%s%s%s", kernel, dir, *dir ? "/" : "", names[i]);
		int ok = strbuf_read_file(&sb, path) == 0;

		free(path);
		if (ok)
			break;
		strbuf_reset(&sb);
	}
	for (size_t i = 0; i < sb.len; i++) {
		if (sb.buf[i] == '\\' && i + 1 < sb.len && sb.buf[i + 1] == '\n') {
			strbuf_addch(&joined, ' ');
			i++;
		} else {
			strbuf_addch(&joined, sb.buf[i]);
		}
	}
	for (line = joined.len ? strtok_r(joined.buf, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		char *hash = strchr(line, '#'), *op, *lhs, *word = line + strspn(line, " \t");
		size_t len;

		if (hash)
			*hash = '\0';
		if (starts_with(word, "ifeq") || starts_with(word, "ifneq") || starts_with(word, "ifdef") ||
		    starts_with(word, "ifndef")) {
			depth++;
			continue;
		}
		if (starts_with(word, "endif") && depth) {
			depth--;
			continue;
		}
		op = strchr(line, '=');
		if (!op || op == line)
			continue;
		len = (size_t)(op - line);
		if (strchr("+:?", op[-1]))
			len--;
		lhs = xstrndup(line, len);
		ALLOC_GROW(m->v, m->nr + 1, m->alloc);
		m->v[m->nr].lhs = xstrdup(trim(lhs));
		m->v[m->nr].rhs = xstrdup(trim(op + 1));
		m->v[m->nr].conditional = depth > 0;
		m->nr++;
		free(lhs);
	}
	strbuf_release(&joined);
	strbuf_release(&sb);
}

static void makefile_release(struct makefile *m)
{
	for (size_t i = 0; i < m->nr; i++) {
		free(m->v[i].lhs);
		free(m->v[i].rhs);
	}
	free(m->v);
}

/* The words of rhs as make's shell would split them: blanks, one level of quotes off. */
static void shell_words(const char *rhs, struct strvec *out)
{
	struct strbuf word = STRBUF_INIT;
	const char *p = rhs;

	while (*p) {
		char quote = 0;
		int any = 0;

		p += strspn(p, " \t");
		if (!*p)
			break;
		strbuf_reset(&word);
		for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
			any = 1;
			if (quote && *p == quote)
				quote = 0;
			else if (!quote && (*p == '\'' || *p == '"'))
				quote = *p;
			else
				strbuf_addch(&word, *p);
		}
		if (any)
			strvec_push(out, word.buf);
	}
	strbuf_release(&word);
}

/* Whether `word` is a word of rhs. */
static int has_word(const char *rhs, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = rhs; (p = strstr(p, word)); p += n)
		if ((p == rhs || p[-1] == ' ' || p[-1] == '\t') && (!p[n] || p[n] == ' ' || p[n] == '\t'))
			return 1;
	return 0;
}

static void push_option(struct strvec *options, const char *name, size_t len)
{
	char *o = xstrndup(name, len);

	if (!strvec_sorted_has(options, o)) {
		strvec_push(options, o);
		strvec_sort(options);
	}
	free(o);
}

/* The options that build `object` (f.o): obj-$(CONFIG_X), and through a composite object. */
static void options_of(const struct makefile *m, const char *object, int depth, struct strvec *options)
{
	static const char config[] = "-$(CONFIG_";

	if (depth > 4)
		return;
	for (size_t i = 0; i < m->nr; i++) {
		const char *lhs = m->v[i].lhs, *c = strstr(lhs, config);
		size_t n = strlen(lhs), composite;

		if (!has_word(m->v[i].rhs, object))
			continue;
		if (c && lhs[n - 1] == ')') {
			push_option(options, c + strlen(config), n - 1 - (size_t)(c - lhs) - strlen(config));
			composite = (size_t)(c - lhs);
		} else if (ends_with(lhs, "-y") || ends_with(lhs, "-m")) {
			composite = n - 2;
		} else if (ends_with(lhs, "-objs")) {
			composite = n - 5;
		} else {
			continue;
		}
		/* comp-...: what builds comp.o builds this object */
		if (composite && strncmp(lhs, "obj", composite) && strncmp(lhs, "lib", composite)) {
			char *name = xstrfmt("%.*s.o", (int)composite, lhs);

			if (strcmp(name, object))
				options_of(m, name, depth + 1, options);
			free(name);
		}
	}
}

/* A -I folder as the compiler, run at the tree's root, sees it. */
static char *include_dir(const char *dir, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = path;

	if (starts_with(p, "$(srctree)/") || starts_with(p, "$(objtree)/"))
		p += 11;
	else if (starts_with(p, "$(src)") || starts_with(p, "$(obj)")) {
		strbuf_addstr(&sb, dir);
		p += 6;
		if (*p == '/' && !*dir)
			p++;
	}
	if (strstr(p, "$(")) {
		strbuf_release(&sb);
		return NULL;
	}
	strbuf_addstr(&sb, p);
	while (sb.len > 1 && sb.buf[sb.len - 1] == '/')
		sb.buf[--sb.len] = '\0';
	if (!strcmp(sb.buf, "."))
		strbuf_reset(&sb);
	return strbuf_detach(&sb, NULL);
}

static void flags_of(const struct makefile *m, const char *dir, const char *object, struct kbuild_flags *out)
{
	char *per_file = object ? xstrfmt("CFLAGS_%s", object) : NULL;

	for (size_t i = 0; i < m->nr; i++) {
		struct strvec words = STRVEC_INIT;
		const char *lhs = m->v[i].lhs;

		/* a flag under ifeq ($(CONFIG_PCMCIA_DEBUG),y) is the option's, which is off */
		if (m->v[i].conditional)
			continue;
		if (strcmp(lhs, "EXTRA_CFLAGS") && strcmp(lhs, "ccflags-y") && (!per_file || strcmp(lhs, per_file)))
			continue;
		shell_words(m->v[i].rhs, &words);
		for (size_t w = 0; w < words.nr; w++) {
			const char *word = words.v[w];

			if (starts_with(word, "-I")) {
				const char *path = word[2] ? word + 2 : (w + 1 < words.nr ? words.v[++w] : NULL);
				char *inc = path ? include_dir(dir, path) : NULL;

				if (inc && !strvec_sorted_has(&out->includes, inc)) {
					strvec_push(&out->includes, inc);
					strvec_sort(&out->includes);
				}
				free(inc);
			} else if (starts_with(word, "-D") && word[2] && !strstr(word, "$(")) {
				strvec_push(&out->defines, word + 2);
			}
		}
		strvec_clear(&words);
	}
	free(per_file);
}

/*
 * The options under which the Makefiles above `dir` descend into it
 * (`obj-$(CONFIG_X) += dir/` or `+= dir/built-in.o`), up to the first
 * folder entered unconditionally or three levels up.
 */
static void descent_options(const char *kernel, const char *dir, struct strvec *options)
{
	char *child = xstrdup(dir);

	for (int level = 0; level < 3 && *child; level++) {
		char *slash = strrchr(child, '/');
		char *parent = slash ? xstrndup(child, (size_t)(slash - child)) : xstrdup("");
		const char *leaf = slash ? slash + 1 : child;
		char *entry = xstrfmt("%s/", leaf), *built_in = xstrfmt("%s/built-in.o", leaf);
		struct makefile m = { NULL, 0, 0 };
		size_t before = options->nr;

		read_makefile(kernel, parent, &m);
		options_of(&m, entry, 0, options);
		options_of(&m, built_in, 0, options);
		makefile_release(&m);
		free(entry);
		free(built_in);
		free(child);
		child = parent;
		if (options->nr == before)
			break;
	}
	free(child);
}

void kbuild_flags_of(const char *kernel, const char *file, struct kbuild_flags *out)
{
	const char *slash = strrchr(file, '/');
	char *dir = slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup("");
	const char *base = slash ? slash + 1 : file;
	struct makefile m = { NULL, 0, 0 };
	char *object = NULL;

	if (ends_with(base, ".c"))
		object = xstrfmt("%.*s.o", (int)(strlen(base) - 2), base);
	read_makefile(kernel, dir, &m);
	if (object) {
		int named = 0;

		for (size_t i = 0; i < m.nr && !named; i++)
			named = has_word(m.v[i].rhs, object);
		options_of(&m, object, 0, &out->options);
		/* a file no line names is built by nothing we know of */
		if (named)
			descent_options(kernel, dir, &out->options);
	}
	flags_of(&m, dir, object, out);
	makefile_release(&m);
	free(object);
	free(dir);
}

void kbuild_flags_release(struct kbuild_flags *flags)
{
	strvec_clear(&flags->options);
	strvec_clear(&flags->includes);
	strvec_clear(&flags->defines);
}
