#include "report/userspace.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * The keys of udev 0.70-0.114 (2.6.15-2.6.22), and the few later releases
 * added (DEVTYPE, TAG...), so that a newer system's rules read too;
 * anything else is a typo.  Sorted: parse_rule() searches it.
 */
static const char *const known_keys[] = {
	"ACTION", "ATTR", "ATTRS", "BUS", "CONST", "DEVPATH", "DEVTYPE", "DRIVER", "DRIVERS", "ENV", "GOTO",
	"GROUP", "ID", "IMPORT", "KERNEL", "KERNELS", "LABEL", "MODE", "NAME", "OPTIONS", "OWNER", "PLACE",
	"PROGRAM", "RESULT", "RUN", "SECLABEL", "SUBSYSTEM", "SUBSYSTEMS", "SYMLINK", "SYSCTL", "SYSFS", "TAG",
	"TAGS", "TEST", "WAIT_FOR_SYSFS",
};

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void rule_release(struct userspace_rule *rule)
{
	for (size_t i = 0; i < rule->nr_keys; i++) {
		free(rule->keys[i].name);
		free(rule->keys[i].attr);
		free(rule->keys[i].value);
	}
	free(rule->keys);
	free(rule->file);
	free(rule->text);
}

/* Parse one logical line into rule->keys.  0, or -1 with *why set (caller frees). */
static int parse_rule(const char *s, struct userspace_rule *rule, char **why)
{
	const char *p = s;
	size_t alloc = 0;

	for (;;) {
		struct userspace_key key = { NULL, NULL, "", NULL };
		const char *k, *v;
		struct strbuf value = STRBUF_INIT;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		for (k = p; isupper((unsigned char)*p) || isdigit((unsigned char)*p) || *p == '_'; p++)
			;
		if (p == k) {
			*why = xstrfmt("column %zu: a KEY was expected, not '%c'", (size_t)(p - s) + 1, *p);
			return -1;
		}
		key.name = xstrndup(k, (size_t)(p - k));
		if (*p == '{') {
			const char *close = strchr(p, '}');

			if (!close) {
				*why = xstrfmt("%s{ has no closing }", key.name);
				free(key.name);
				return -1;
			}
			key.attr = xstrndup(p + 1, (size_t)(close - p - 1));
			p = close + 1;
		}
		while (*p == ' ' || *p == '\t')
			p++;
		if ((p[0] == '=' || p[0] == '!' || p[0] == '+' || p[0] == ':') && p[1] == '=') {
			key.op[0] = p[0];
			key.op[1] = '=';
			p += 2;
		} else if (p[0] == '=') {
			key.op[0] = '=';
			p++;
		} else {
			*why = xstrfmt("%s has no operator (== != = += :=)", key.name);
			free(key.name);
			free(key.attr);
			return -1;
		}
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '"') {
			*why = xstrfmt("the value of %s is not quoted", key.name);
			free(key.name);
			free(key.attr);
			return -1;
		}
		for (v = p + 1; *v && *v != '"'; v++) {
			if (*v == '\\' && v[1] == '"')
				v++;
			strbuf_addch(&value, *v);
		}
		if (*v != '"') {
			*why = xstrfmt("the value of %s has no closing quote", key.name);
			free(key.name);
			free(key.attr);
			strbuf_release(&value);
			return -1;
		}
		p = v + 1;
		if (!bsearch(&key.name, known_keys, sizeof(known_keys) / sizeof(*known_keys), sizeof(*known_keys),
			     compare_names)) {
			*why = xstrfmt("unknown key %s", key.name);
			free(key.name);
			free(key.attr);
			strbuf_release(&value);
			return -1;
		}
		if (*p && *p != ',' && *p != ' ' && *p != '\t') {
			*why = xstrfmt("',' expected after the value of %s", key.name);
			free(key.name);
			free(key.attr);
			strbuf_release(&value);
			return -1;
		}
		key.value = strbuf_detach(&value, NULL);
		ALLOC_GROW(rule->keys, rule->nr_keys + 1, alloc);
		rule->keys[rule->nr_keys++] = key;
	}
	return 0;
}

/* s trimmed, every run of blanks outside quotes one space (continuations join with indentation). */
static char *collapse_blanks(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	int quoted = 0;

	for (; *s; s++) {
		if (*s == '"')
			quoted = !quoted;
		if (!quoted && (*s == ' ' || *s == '\t' || *s == '\r')) {
			if (sb.len && sb.buf[sb.len - 1] != ' ')
				strbuf_addch(&sb, ' ');
			continue;
		}
		strbuf_addch(&sb, *s);
	}
	if (sb.len && sb.buf[sb.len - 1] == ' ')
		sb.buf[--sb.len] = '\0';
	return strbuf_detach(&sb, NULL);
}

void userspace_parse_rules(const char *file, const char *text, size_t len, struct userspace_report *r)
{
	size_t pos = 0;
	unsigned line = 1;

	while (pos < len) {
		struct strbuf logical = STRBUF_INIT;
		struct userspace_rule rule;
		unsigned first = line;
		int comment = -1;
		char *why = NULL;

		/* one logical line: physical lines joined while they end in '\' */
		for (;;) {
			const char *nl = memchr(text + pos, '\n', len - pos);
			size_t start = pos, stop = nl ? (size_t)(nl - text) : len;
			int more;

			pos = nl ? stop + 1 : len;
			line++;
			if (stop > start && text[stop - 1] == '\r')
				stop--;
			if (comment < 0) {
				size_t i = start;

				while (i < stop && (text[i] == ' ' || text[i] == '\t'))
					i++;
				comment = i == stop || text[i] == '#';
			}
			more = !comment && stop > start && text[stop - 1] == '\\' && pos < len;
			strbuf_add(&logical, text + start, stop - start - (size_t)more);
			if (!more)
				break;
		}
		if (comment) {
			strbuf_release(&logical);
			continue;
		}
		memset(&rule, 0, sizeof(rule));
		if (parse_rule(logical.buf, &rule, &why) < 0) {
			warning("%s:%u: malformed rule, skipped (the rest of the file is read): %s", file, first, why);
			strvec_pushf(&r->warnings, "%s:%u: warning: malformed rule, skipped: %s", file, first, why);
			free(why);
			rule_release(&rule);
			strbuf_release(&logical);
			continue;
		}
		rule.file = xstrdup(file);
		rule.line = first;
		rule.text = collapse_blanks(logical.buf);
		ALLOC_GROW(r->rules, r->nr_rules + 1, r->alloc_rules);
		r->rules[r->nr_rules++] = rule;
		strbuf_release(&logical);
	}
}

static void read_one(const char *path, struct userspace_report *r, int given)
{
	struct strbuf text = STRBUF_INIT;
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (strbuf_read_file(&text, path) < 0) {
		warning("%s: cannot read it (%s): skipped", path, strerror(errno));
		strbuf_release(&text);
		return;
	}
	if (ends_with(base, ".rules")) {
		r->rules_files++;
		userspace_parse_rules(path, text.buf, text.len, r);
	} else if (starts_with(text.buf, "#!") && !memchr(text.buf, '\0', text.len)) {
		ALLOC_GROW(r->scripts, r->nr_scripts + 1, r->alloc_scripts);
		r->scripts[r->nr_scripts].file = xstrdup(path);
		r->scripts[r->nr_scripts].text = strbuf_detach(&text, NULL);
		r->nr_scripts++;
	} else if (given) {
		warning("%s: neither a rules file (*.rules) nor a script (#!): not read", path);
	}
	strbuf_release(&text);
}

static int read_path(const char *path, struct userspace_report *r, int given)
{
	struct stat st;
	DIR *dir;
	struct dirent *de;
	struct strvec names = STRVEC_INIT;

	if (given ? stat(path, &st) < 0 : lstat(path, &st) < 0) {
		if (given)
			return error_errno("--userspace %s", path);
		warning("%s: cannot read it (%s): skipped", path, strerror(errno));
		return 0;
	}
	if (S_ISLNK(st.st_mode) && (stat(path, &st) < 0 || !S_ISREG(st.st_mode)))
		return 0;	/* a link to a directory could loop: not followed */
	if (S_ISREG(st.st_mode)) {
		read_one(path, r, given);
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		return given ? error("--userspace %s: not a file or a directory", path) : 0;
	dir = opendir(path);
	if (!dir) {
		if (given)
			return error_errno("--userspace %s: cannot read the directory", path);
		warning("%s: cannot read the directory (%s): skipped", path, strerror(errno));
		return 0;
	}
	while ((de = readdir(dir)))
		if (de->d_name[0] != '.')
			strvec_push(&names, de->d_name);
	closedir(dir);
	if (names.nr)
		sort_array(names.v, names.nr, sizeof(*names.v), compare_names);
	for (size_t i = 0; i < names.nr; i++) {
		char *child = path_join(path, names.v[i]);

		read_path(child, r, 0);
		free(child);
	}
	strvec_clear(&names);
	return 0;
}

int userspace_read(const struct strvec *paths, struct userspace_report *r)
{
	r->checked = 1;
	for (size_t i = 0; i < paths->nr; i++) {
		strvec_push(&r->paths, paths->v[i]);
		if (read_path(paths->v[i], r, 1) < 0)
			return -1;
	}
	return 0;
}

void userspace_report_release(struct userspace_report *r)
{
	strvec_clear(&r->paths);
	for (size_t i = 0; i < r->nr_rules; i++)
		rule_release(&r->rules[i]);
	free(r->rules);
	for (size_t i = 0; i < r->nr_scripts; i++) {
		free(r->scripts[i].file);
		free(r->scripts[i].text);
	}
	free(r->scripts);
	for (size_t i = 0; i < r->nr; i++) {
		struct userspace_finding *f = &r->findings[i];

		free(f->file);
		free(f->text);
		free(f->key);
		free(f->class_name);
		free(f->device);
		free(f->what);
		free(f->rewrite);
	}
	free(r->findings);
	strvec_clear(&r->warnings);
	memset(r, 0, sizeof(*r));
}
