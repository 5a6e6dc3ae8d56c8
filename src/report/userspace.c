#define _GNU_SOURCE
#include "report/userspace.h"
#include "kernel/manifest.h"
#include "report/userspace-glob.h"
#include "rewrite/attr-names.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Keys that name the parent every attribute key must match on. */
static const char *const pinning_keys[] = {
	"BUS", "ID", "DRIVER", "KERNELS", "SUBSYSTEMS", "DRIVERS", NULL,
};

static const char *const physdev_vars[] = { "PHYSDEVPATH", "PHYSDEVBUS", "PHYSDEVDRIVER", NULL };

const char *userspace_change_name(enum userspace_change c)
{
	switch (c) {
	case USERSPACE_DEVPATH:
		return "devpath";
	case USERSPACE_VIRTUAL:
		return "virtual";
	case USERSPACE_SYMLINK:
		return "symlink";
	case USERSPACE_ATTR_RENAMED:
		return "attribute-renamed";
	case USERSPACE_PARENT:
		return "parent";
	case USERSPACE_PHYSDEV:
		return "physdev";
	}
	BUG("change %d", (int)c);
}

/* ------------------------------------------------------- the device kinds */

struct kind {
	const struct sysfs_device *d;
	const char *cls;
	char *devpath;			/* before, as a DEVPATH: /class/input/input<N>/event<N> */
	struct strvec comps;		/* of the path before, below /sys/class/ */
	const struct kind *parent;	/* the class-device parent, nested devices only */
};

struct ctx {
	struct userspace_report *r;
	struct kind *kinds;
	size_t nr_kinds;
	const struct manifest_step *convert, *rename, *virtual;
	/* the rule or line being matched */
	const char *file;
	unsigned line;
	int script;
	const char *text;
};

static void split_path(const char *s, struct strvec *out)
{
	while (*s) {
		const char *slash = strchr(s, '/');
		size_t n = slash ? (size_t)(slash - s) : strlen(s);

		if (n) {
			char *c = xstrndup(s, n);

			strvec_push(out, c);
			free(c);
		}
		s += n + (slash != NULL);
	}
}

static const struct sysfs_attr *device_attr(const struct sysfs_device *d, const char *name)
{
	for (size_t i = 0; i < d->nr_attrs; i++)
		if (!strcmp(d->attrs[i].name, name))
			return &d->attrs[i];
	return NULL;
}

/* The name a clashing attribute gets: the attr-names pass's stem of the file listing it. */
static char *renamed(const struct sysfs_attr *a)
{
	struct strbuf sb = STRBUF_INIT;

	attr_names_stem(a->file, &sb);
	strbuf_addf(&sb, "_%s", a->name);
	return strbuf_detach(&sb, NULL);
}

/* The step whose C rewriter runs `pass` (prepare or after the patches). */
static const struct manifest_step *step_running(const char *pass)
{
	for (size_t i = 0; i < manifest_nr_steps; i++) {
		const struct manifest_step *m = &manifest_steps[i];

		for (size_t k = 0; m->prepare && m->prepare[k]; k++)
			if (!strcmp(m->prepare[k], pass))
				return m;
		for (size_t k = 0; m->rewriter && m->rewriter[k]; k++)
			if (!strcmp(m->rewriter[k], pass))
				return m;
	}
	return NULL;
}

static void add_finding(struct ctx *c, enum userspace_change change, const struct kind *k, const char *key,
			char *what, char *rewrite)
{
	struct userspace_report *r = c->r;
	struct userspace_finding *f;
	const struct manifest_step *step = change == USERSPACE_VIRTUAL ? c->virtual :
					   change == USERSPACE_ATTR_RENAMED ? c->rename : c->convert;

	for (size_t i = 0; i < r->nr; i++) {
		f = &r->findings[i];
		if (f->line == c->line && f->change == change && f->script == c->script &&
		    !strcmp(f->file, c->file) && !strcmp(f->class_name, k->cls) && !strcmp(f->device, k->d->name) &&
		    !strcmp(f->key, key)) {
			free(what);
			free(rewrite);
			return;
		}
	}
	ALLOC_GROW(r->findings, r->nr + 1, r->alloc);
	f = &r->findings[r->nr++];
	f->file = xstrdup(c->file);
	f->line = c->line;
	f->script = c->script;
	f->text = xstrdup(c->text);
	f->change = change;
	f->key = xstrdup(key);
	f->class_name = xstrdup(k->cls);
	f->device = xstrdup(k->d->name);
	f->step = step ? step->order : 0;
	f->step_name = step ? step->name : "?";
	f->what = what;
	f->rewrite = rewrite;
}

/* "DEVPATH was ...; it is now ..., /sys/class/<c>/<n> a symlink to it" */
static char *devpath_what(const struct kind *k)
{
	const char *after = k->d->after + strlen("/sys");

	if (k->d->parent_kind == SYSFS_PARENT_NONE)
		return xstrfmt("DEVPATH was %s; the device has no parent: it is now %s, and %s a symlink to it",
			       k->devpath, after, k->d->link);
	return xstrfmt("DEVPATH was %s; it is now %s, under the device's parent, and %s a symlink to it",
		       k->devpath, after, k->d->link);
}

/* The kernel name as a KERNEL glob: <N> and other placeholders are *. */
static char *name_glob(const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	for (const char *p = name; *p; p++) {
		const char *end = *p == '<' ? userspace_glob_placeholder_end(p) : NULL;

		if (end) {
			strbuf_addch(&sb, '*');
			p = end;
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	return strbuf_detach(&sb, NULL);
}

/* ------------------------------------------------------------- paths */

/* Characters that end a path in a shell line or a udev value. */
static int path_stop(char ch)
{
	return !ch || isspace((unsigned char)ch) || strchr("'\"`;|&<>(),", ch);
}

/* The end of the path starting at s[p]; ${...} and $(...) are read whole. */
static size_t path_end(const char *s, size_t p)
{
	while (!path_stop(s[p])) {
		if (s[p] == '$' && (s[p + 1] == '{' || s[p + 1] == '(')) {
			char close = s[p + 1] == '{' ? '}' : ')';
			const char *e = strchr(s + p, close);

			if (!e)
				return strlen(s);
			p = (size_t)(e - s) + 1;
			continue;
		}
		p++;
	}
	return p;
}

/* s with s[at, at + len) replaced by `with` (caller frees). */
static char *spliced(const char *s, size_t at, size_t len, const char *with)
{
	return xstrfmt("%.*s%s%s", (int)at, s, with, s + at + len);
}

/*
 * How a finding's text is rewritten: given the string that was searched
 * with one edit made, return the whole rule or line (caller frees).
 */
typedef char *(*rewrite_fn)(struct ctx *c, const char *edited, void *data);

/* One component of a path being matched: where it is in the searched string. */
struct comp {
	size_t at, len;
	char *glob;
};

/* Words before a command that leave it the first word: `if ! test -h ...`. */
static int is_shell_prefix(const char *w, size_t n)
{
	static const char *const words[] = { "!", "if", "elif", "while", "until", "then", "do", "else", NULL };

	for (size_t i = 0; words[i]; i++)
		if (strlen(words[i]) == n && !memcmp(words[i], w, n))
			return 1;
	return 0;
}

/* What a command does with a path it is given: does it see a symlink as one? */
static const char *symlink_use(const char *s, size_t path_at, size_t *word_at, size_t *word_len)
{
	size_t start = path_at;
	const char *verdict = NULL;
	int test = 0, first = 1;

	while (start > 0 && !strchr(";|&(`\n", s[start - 1]))
		start--;
	for (size_t i = start; i < path_at;) {
		size_t j;

		while (i < path_at && isspace((unsigned char)s[i]))
			i++;
		for (j = i; j < path_at && !isspace((unsigned char)s[j]); j++)
			;
		if (j == i)
			break;
		if (first && j - i == 4 && !memcmp(s + i, "find", 4)) {
			*word_at = i;
			*word_len = 4;
			return "find";
		}
		if (first && j - i == 8 && !memcmp(s + i, "readlink", 8)) {
			*word_at = i;
			*word_len = 8;
			verdict = "readlink";
		} else if (verdict && s[i] == '-' && j - i == 2 && strchr("fem", s[i + 1])) {
			return NULL;	/* readlink -f: the target either way */
		}
		if (first && ((j - i == 4 && !memcmp(s + i, "test", 4)) || (j - i == 1 && s[i] == '[')))
			test = 1;
		if (test && j - i == 2 && s[i] == '-' && (s[i + 1] == 'h' || s[i + 1] == 'L')) {
			*word_at = i;
			*word_len = 2;
			return "test";
		}
		if (!(first && is_shell_prefix(s + i, j - i)))
			first = 0;
		i = j;
	}
	return verdict;
}

/* The checks after a device's own directory: rest[0] an attribute or `device`. */
static void check_rest(struct ctx *c, const struct kind *k, const char *s, const struct comp *rest, size_t nr_rest,
		       const char *key, rewrite_fn fn, void *data)
{
	char *name, *edited;
	const struct sysfs_attr *a;

	if (!nr_rest)
		return;
	name = xstrndup(s + rest[0].at, rest[0].len);
	if (strcmp(name, rest[0].glob)) {
		free(name);	/* a wildcard: no one attribute */
		return;
	}
	a = device_attr(k->d, name);
	if (a && a->clash) {
		char *to = renamed(a);

		edited = spliced(s, rest[0].at, rest[0].len, to);
		add_finding(c, USERSPACE_ATTR_RENAMED, k, key,
			    xstrfmt("the attribute %s becomes %s: every struct device has a %s entry of its own "
				    "(the attribute is listed in %s)", name, to, name, a->file),
			    fn(c, edited, data));
		free(edited);
		free(to);
	} else if (!strcmp(name, "device") && k->parent) {
		edited = spliced(s, rest[0].at, rest[0].len, "device/device");
		add_finding(c, USERSPACE_PARENT, k, key,
			    xstrfmt("device links to the parent %s/%s now (a struct device itself), no longer to the "
				    "physical device, which is its device in turn", k->parent->cls, k->parent->d->name),
			    fn(c, edited, data));
		free(edited);
	}
	free(name);
}

/* The components of s[from, to) split at '/'. */
static size_t split_comps(const char *s, size_t from, size_t to, struct comp **out)
{
	size_t nr = 0, alloc = 0;

	*out = NULL;
	while (from < to) {
		size_t e = from;

		while (e < to && s[e] != '/') {
			if (s[e] == '$' && (s[e + 1] == '{' || s[e + 1] == '(')) {
				const char *close = memchr(s + e, s[e + 1] == '{' ? '}' : ')', to - e);

				e = close ? (size_t)(close - s) : to - 1;
			}
			e++;
		}
		if (e > from) {
			ALLOC_GROW(*out, nr + 1, alloc);
			(*out)[nr].at = from;
			(*out)[nr].len = e - from;
			(*out)[nr].glob = userspace_glob_wildcards(s + from, e - from);
			nr++;
		}
		from = e + 1;
	}
	return nr;
}

static void comps_free(struct comp *v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(v[i].glob);
	free(v);
}

/* Every /sys/class/... path of s, against every device kind. */
static void scan_sysfs_paths(struct ctx *c, const char *s, rewrite_fn fn, void *data)
{
	static const char prefix[] = "/sys/class/";

	for (const char *hit = strstr(s, prefix); hit; hit = strstr(hit + 1, prefix)) {
		size_t at = (size_t)(hit - s), end = path_end(s, at), nr, wat = 0, wlen = 0;
		struct comp *pc;
		char *key = xstrndup(hit, end - at);
		const char *use = symlink_use(s, at, &wat, &wlen);

		nr = split_comps(s, at + strlen(prefix), end, &pc);
		for (size_t i = 0; nr && i < c->nr_kinds; i++) {
			const struct kind *k = &c->kinds[i];
			size_t m = k->comps.nr, j = 0;

			while (j < nr && j < m && userspace_glob_meets(pc[j].glob, k->comps.v[j]))
				j++;
			if (j < nr && j < m)
				continue;
			if (nr > m) {
				check_rest(c, k, s, pc + m, nr - m, key, fn, data);
				continue;
			}
			if (use && (nr == m || nr == 1)) {
				const char *with = !strcmp(use, "find") ? "find -L" :
						   !strcmp(use, "test") ? "-d" : "readlink -f";
				char *edited = spliced(s, wat, wlen, with);

				add_finding(c, USERSPACE_SYMLINK, k, key,
					    xstrfmt("%s is a symlink to %s after the conversion, no longer a directory: %s",
						    k->d->link, k->d->after,
						    !strcmp(use, "find") ? "find does not descend into it" :
						    !strcmp(use, "test") ? "the test for a symlink is true now" :
						    "readlink prints its target now"),
					    fn(c, edited, data));
				free(edited);
			}
		}
		comps_free(pc, nr);
		free(key);
	}
}

/* /sys%p/<x> or /sys$devpath/<x> in a value of a rule about k. */
static void scan_own_paths(struct ctx *c, const struct kind *k, const char *s, rewrite_fn fn, void *data)
{
	static const char *const own[] = { "/sys%p/", "/sys$devpath/", NULL };

	for (size_t o = 0; own[o]; o++) {
		for (const char *hit = strstr(s, own[o]); hit; hit = strstr(hit + 1, own[o])) {
			size_t at = (size_t)(hit - s), end = path_end(s, at), nr;
			struct comp *pc;
			char *key = xstrndup(hit, end - at);

			nr = split_comps(s, at + strlen(own[o]), end, &pc);
			check_rest(c, k, s, pc, nr, key, fn, data);
			comps_free(pc, nr);
			free(key);
		}
	}
}

/* Literal "/class/..." paths of a script (not /sys/class/): what $DEVPATH is compared with. */
static void scan_devpaths(struct ctx *c, const char *s)
{
	static const char prefix[] = "/class/";

	for (const char *hit = strstr(s, prefix); hit; hit = strstr(hit + 1, prefix)) {
		size_t at = (size_t)(hit - s), end = path_end(s, at), last;
		char *raw, *glob, *with, *edited;

		if (at >= 4 && !memcmp(hit - 4, "/sys", 4))
			continue;
		if (at > 0 && !path_stop(s[at - 1]) && s[at - 1] != '=')
			continue;	/* inside another path */
		raw = xstrndup(hit, end - at);
		glob = userspace_glob_wildcards(raw, strlen(raw));
		last = end;
		while (last > at && s[last - 1] == '/')
			last--;
		while (last > at && s[last - 1] != '/')
			last--;
		for (size_t i = 0; i < c->nr_kinds; i++) {
			const struct kind *k = &c->kinds[i];

			if (!userspace_glob_meets(glob, k->devpath))
				continue;
			with = xstrfmt("*/%.*s", (int)(end - last), s + last);
			edited = spliced(s, at, end - at, with);
			add_finding(c, k->d->parent_kind == SYSFS_PARENT_NONE ? USERSPACE_VIRTUAL : USERSPACE_DEVPATH, k,
				    raw, devpath_what(k), edited);
			free(with);
		}
		free(glob);
		free(raw);
	}
}

/* ------------------------------------------------------------------ rules */

static void key_text(struct strbuf *sb, const struct userspace_key *key, const char *value)
{
	strbuf_addstr(sb, key->name);
	if (key->attr)
		strbuf_addf(sb, "{%s}", key->attr);
	strbuf_addf(sb, "%s\"%s\"", key->op, value ? value : key->value);
}

/*
 * The rule written again with key `at` replaced by `with` ("": dropped)
 * and `insert` (or NULL) put before it.
 */
static char *rule_edited(const struct userspace_rule *rule, size_t at, const char *with, const char *insert)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < rule->nr_keys; i++) {
		if (i == at && insert)
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", insert);
		if (i == at && with) {
			if (*with)
				strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", with);
			continue;
		}
		if (sb.len)
			strbuf_addstr(&sb, ", ");
		key_text(&sb, &rule->keys[i], NULL);
	}
	return strbuf_detach(&sb, NULL);
}

struct value_edit {
	const struct userspace_rule *rule;
	size_t key;
};

static char *rewrite_value(struct ctx *c, const char *edited, void *data)
{
	const struct value_edit *e = data;
	struct strbuf sb = STRBUF_INIT;
	char *out;

	key_text(&sb, &e->rule->keys[e->key], edited);
	out = rule_edited(e->rule, e->key, sb.buf, NULL);
	strbuf_release(&sb);
	return out;
}

static char *rewrite_line(struct ctx *c, const char *edited, void *data)
{
	return xstrdup(edited);
}

static int is_op(const struct userspace_key *key, const char *op)
{
	return !strcmp(key->op, op);
}

static int is_match(const struct userspace_key *key)
{
	return is_op(key, "==") || is_op(key, "!=");
}

static const struct userspace_key *find_key(const struct userspace_rule *rule, const char *name, const char *op)
{
	for (size_t i = 0; i < rule->nr_keys; i++)
		if (!strcmp(rule->keys[i].name, name) && is_op(&rule->keys[i], op))
			return &rule->keys[i];
	return NULL;
}

/* Is the rule about device kind k?  (userspace.h) */
static int rule_about(const struct userspace_rule *rule, const struct kind *k)
{
	const char *kernel = NULL;
	int named = 0;

	for (size_t i = 0; i < rule->nr_keys; i++) {
		const struct userspace_key *key = &rule->keys[i];

		if (!is_op(key, "=="))
			continue;
		if (!strcmp(key->name, "SUBSYSTEM") || !strcmp(key->name, "DEVPATH")) {
			if (!userspace_glob_meets(key->value, key->name[0] == 'S' ? k->cls : k->devpath))
				return 0;
			named = 1;
		} else if (!strcmp(key->name, "KERNEL")) {
			kernel = key->value;
		}
	}
	if (kernel && ((!k->d->name_predicted && !named) || !userspace_glob_meets(kernel, k->d->name)))
		return 0;
	return 1;
}

/* An attribute looked up by a rule about k: renamed, or found on another parent first. */
static void attr_lookup(struct ctx *c, const struct userspace_rule *rule, size_t at, const struct kind *k,
			const char *attr, const char *key, int walks, int pinned, const char *replaced)
{
	const struct sysfs_attr *a = device_attr(k->d, attr);

	if (a && a->clash) {
		char *to = renamed(a), *with, *rewrite;
		struct strbuf sb = STRBUF_INIT;
		const struct userspace_key *kk = &rule->keys[at];

		if (replaced) {
			char *value = xstrdup(kk->value), *hit = strstr(value, replaced), *nv;

			/* replaced is "%s{power}": rename inside the braces */
			nv = hit ? xstrfmt("%.*s%.*s{%s}%s", (int)(hit - value), value,
					   (int)(strchr(replaced, '{') - replaced), replaced, to,
					   hit + strlen(replaced)) : xstrdup(value);
			key_text(&sb, kk, nv);
			free(nv);
			free(value);
		} else {
			strbuf_addf(&sb, "%s{%s}%s\"%s\"", kk->name, to, kk->op, kk->value);
		}
		with = strbuf_detach(&sb, NULL);
		rewrite = rule_edited(rule, at, with, NULL);
		add_finding(c, USERSPACE_ATTR_RENAMED, k, key,
			    xstrfmt("the attribute %s becomes %s: every struct device has a %s entry of its own "
				    "(the attribute is listed in %s)", attr, to, attr, a->file),
			    rewrite);
		free(with);
		free(to);
		return;
	}
	if (a || !walks || pinned || !k->parent || !device_attr(k->parent->d, attr))
		return;
	add_finding(c, USERSPACE_PARENT, k, key,
		    xstrfmt("%s has no attribute %s; the lookup walks its parents, and the first is now the class "
			    "device %s/%s, which has one: it answers, no longer the physical device; pin the "
			    "parent meant with a BUS key", k->d->name, attr, k->parent->cls, k->parent->d->name),
		    rule_edited(rule, at, NULL, "BUS==\"<bus of the physical device>\""));
}

/* %s{x}, $sysfs{x}, $attr{x} in a value: attribute lookups that walk the parents. */
static void value_lookups(struct ctx *c, const struct userspace_rule *rule, size_t at, const struct kind *k,
			  int pinned)
{
	static const char *const subst[] = { "%s{", "$sysfs{", "$attr{", NULL };
	const char *value = rule->keys[at].value;

	for (size_t s = 0; subst[s]; s++) {
		for (const char *hit = strstr(value, subst[s]); hit; hit = strstr(hit + 1, subst[s])) {
			const char *open = hit + strlen(subst[s]), *close = strchr(open, '}');
			char *attr, *text;

			if (!close)
				break;
			attr = xstrndup(open, (size_t)(close - open));
			text = xstrndup(hit, (size_t)(close - hit) + 1);
			attr_lookup(c, rule, at, k, attr, text, 1, pinned, text);
			free(text);
			free(attr);
		}
	}
}

static void devpath_key(struct ctx *c, const struct userspace_rule *rule, size_t at, const struct kind *k)
{
	const struct userspace_key *key = &rule->keys[at];
	const char *slash = strrchr(key->value, '/');
	char *glob = slash && slash[1] && userspace_glob_meets(slash + 1, k->d->name) ? xstrdup(slash + 1)
											     : name_glob(k->d->name);
	struct strbuf with = STRBUF_INIT, text = STRBUF_INIT;

	if (is_op(key, "!=")) {
		strbuf_addf(&with, "KERNEL!=\"%s\"", glob);
	} else {
		if (!find_key(rule, "SUBSYSTEM", "=="))
			strbuf_addf(&with, "SUBSYSTEM==\"%s\"", k->cls);
		if (!find_key(rule, "KERNEL", "==") && strcmp(glob, "*"))
			strbuf_addf(&with, "%sKERNEL==\"%s\"", with.len ? ", " : "", glob);
	}
	key_text(&text, key, NULL);
	add_finding(c, k->d->parent_kind == SYSFS_PARENT_NONE ? USERSPACE_VIRTUAL : USERSPACE_DEVPATH, k, text.buf,
		    devpath_what(k), rule_edited(rule, at, with.buf, NULL));
	strbuf_release(&with);
	strbuf_release(&text);
	free(glob);
}

/* "has a parent", or what is known of it. */
static const char *has_parent(const struct kind *k)
{
	return k->d->parent_kind == SYSFS_PARENT_UNKNOWN ? "may have a parent (it is not predicted)" : "has a parent";
}

static void physdev_key(struct ctx *c, const struct userspace_rule *rule, size_t at, const struct kind *k)
{
	const struct userspace_key *key = &rule->keys[at];
	struct strbuf with = STRBUF_INIT, text = STRBUF_INIT;
	size_t n = strlen(key->value);

	if (k->d->parent_kind == SYSFS_PARENT_NONE)
		return;	/* no parent: the class device had no PHYSDEV* either */
	if (!strcmp(key->attr, "PHYSDEVBUS"))
		strbuf_addf(&with, "BUS%s\"%s\"", key->op, key->value);
	else if (!strcmp(key->attr, "PHYSDEVDRIVER"))
		strbuf_addf(&with, "DRIVER%s\"%s\"", key->op, key->value);
	else
		strbuf_addf(&with, "DEVPATH%s\"%s%s\"", key->op, key->value, n && key->value[n - 1] == '*' ? "" : "/*");
	key_text(&text, key, NULL);
	add_finding(c, USERSPACE_PHYSDEV, k, text.buf,
		    xstrfmt("%s is not in the uevent of a struct device (only CONFIG_SYSFS_DEPRECATED kernels add "
			    "it): the key no longer matches %s/%s, which %s", key->attr, k->cls, k->d->name,
			    has_parent(k)),
		    rule_edited(rule, at, with.buf, NULL));
	strbuf_release(&with);
	strbuf_release(&text);
}

static void match_rule(struct ctx *c, const struct userspace_rule *rule)
{
	int pinned = 0;

	for (size_t i = 0; i < rule->nr_keys; i++)
		pinned |= is_op(&rule->keys[i], "==") && strlist_has(pinning_keys, rule->keys[i].name);
	c->file = rule->file;
	c->line = rule->line;
	c->script = 0;
	c->text = rule->text;
	for (size_t n = 0; n < c->nr_kinds; n++) {
		const struct kind *k = &c->kinds[n];

		if (!rule_about(rule, k))
			continue;
		for (size_t i = 0; i < rule->nr_keys; i++) {
			const struct userspace_key *key = &rule->keys[i];
			struct value_edit e = { rule, i };

			if (!strcmp(key->name, "DEVPATH") && is_match(key) && userspace_glob_meets(key->value, k->devpath)) {
				devpath_key(c, rule, i, k);
			} else if (key->attr && is_match(key) && (!strcmp(key->name, "SYSFS") ||
								   !strcmp(key->name, "ATTR") ||
								   !strcmp(key->name, "ATTRS"))) {
				struct strbuf text = STRBUF_INIT;

				strbuf_addf(&text, "%s{%s}", key->name, key->attr);
				attr_lookup(c, rule, i, k, key->attr, text.buf, strcmp(key->name, "ATTR") != 0, pinned,
					    NULL);
				strbuf_release(&text);
			} else if (key->attr && is_match(key) && !strcmp(key->name, "ENV") &&
				   strlist_has(physdev_vars, key->attr)) {
				physdev_key(c, rule, i, k);
			}
			value_lookups(c, rule, i, k, pinned);
			scan_own_paths(c, k, key->value, rewrite_value, &e);
		}
	}
	for (size_t i = 0; i < rule->nr_keys; i++) {
		struct value_edit e = { rule, i };

		scan_sysfs_paths(c, rule->keys[i].value, rewrite_value, &e);
	}
}

/* ---------------------------------------------------------------- scripts */

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* The device kinds a script serves: the rules that run it, or its name <class>.agent. */
static void script_kinds(struct ctx *c, const struct userspace_script *s, char *mark)
{
	const char *base = base_name(s->file);

	for (size_t r = 0; r < c->r->nr_rules; r++) {
		const struct userspace_rule *rule = &c->r->rules[r];

		for (size_t i = 0; i < rule->nr_keys; i++) {
			const char *v = rule->keys[i].value, *sp;
			char *program;

			if (strcmp(rule->keys[i].name, "RUN") && strcmp(rule->keys[i].name, "PROGRAM"))
				continue;
			sp = strpbrk(v, " \t");
			program = xstrndup(v, sp ? (size_t)(sp - v) : strlen(v));
			if (!strcmp(base_name(program), base))
				for (size_t n = 0; n < c->nr_kinds; n++)
					mark[n] |= rule_about(rule, &c->kinds[n]);
			free(program);
		}
	}
	if (ends_with(base, ".agent"))
		for (size_t n = 0; n < c->nr_kinds; n++)
			mark[n] |= strlen(c->kinds[n].cls) + strlen(".agent") == strlen(base) &&
				   starts_with(base, c->kinds[n].cls);
}

static void scan_physdev_vars(struct ctx *c, const char *line, const char *mark)
{
	static const char *const rewrite[] = {
		"${DEVPATH%/*}",
		"$(basename $(readlink -f /sys$DEVPATH/device/subsystem))",
		"$(basename $(readlink -f /sys$DEVPATH/device/driver))",
	};

	for (size_t v = 0; physdev_vars[v]; v++) {
		size_t n = strlen(physdev_vars[v]);

		for (const char *hit = strstr(line, physdev_vars[v]); hit; hit = strstr(hit + 1, physdev_vars[v])) {
			size_t at = (size_t)(hit - line), len = n;

			if (isalnum((unsigned char)hit[n]) || hit[n] == '_')
				continue;
			if (at >= 2 && hit[-1] == '{' && hit[-2] == '$' && hit[n] == '}') {
				at -= 2;
				len += 3;
			} else if (at >= 1 && hit[-1] == '$') {
				at -= 1;
				len += 1;
			} else {
				continue;
			}
			for (size_t k = 0; k < c->nr_kinds; k++) {
				const struct kind *kd = &c->kinds[k];
				char *key;

				if (!mark[k] || kd->d->parent_kind == SYSFS_PARENT_NONE)
					continue;
				key = xstrndup(line + at, len);
				add_finding(c, USERSPACE_PHYSDEV, kd, key,
					    xstrfmt("%s is not in the uevent of a struct device (only "
						    "CONFIG_SYSFS_DEPRECATED kernels add it): empty when the script "
						    "runs for %s/%s, which %s", physdev_vars[v], kd->cls,
						    kd->d->name, has_parent(kd)),
					    spliced(line, at, len, rewrite[v]));
				free(key);
			}
		}
	}
}

static void match_script(struct ctx *c, const struct userspace_script *s)
{
	char *mark = xcalloc(c->nr_kinds + 1, 1);
	const char *p = s->text;
	unsigned line = 0;

	script_kinds(c, s, mark);
	c->file = s->file;
	c->script = 1;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *text = xstrndup_trimmed(p, n);

		line++;
		p += n + (nl != NULL);
		if (!text[0] || text[0] == '#') {
			free(text);
			continue;
		}
		c->line = line;
		c->text = text;
		scan_sysfs_paths(c, text, rewrite_line, NULL);
		scan_devpaths(c, text);
		scan_physdev_vars(c, text, mark);
		free(text);
	}
	c->text = NULL;
	free(mark);
}

/* ----------------------------------------------------------------- match */

static int compare_findings(const void *va, const void *vb)
{
	const struct userspace_finding *a = va, *b = vb;
	int d = strcmp(a->file, b->file);

	if (d)
		return d;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->change != b->change)
		return a->change < b->change ? -1 : 1;
	if ((d = strcmp(a->class_name, b->class_name)))
		return d;
	if ((d = strcmp(a->device, b->device)))
		return d;
	return strcmp(a->key, b->key);
}

void userspace_match(struct userspace_report *r, const struct sysfs_report *sysfs)
{
	struct ctx c;

	memset(&c, 0, sizeof(c));
	c.r = r;
	c.convert = manifest_find("class-device-to-device");
	c.rename = step_running("attr-names");
	c.virtual = step_running("virtual-parent");
	c.nr_kinds = sysfs->nr_devices;
	c.kinds = xcalloc(c.nr_kinds + 1, sizeof(*c.kinds));
	for (size_t i = 0; i < sysfs->nr_devices; i++) {
		struct kind *k = &c.kinds[i];
		const struct sysfs_device *d = &sysfs->devices[i];
		size_t n = strlen(d->before);

		k->d = d;
		k->cls = sysfs->classes[d->class_index].name;
		k->devpath = xstrndup(d->before + strlen("/sys"), n - strlen("/sys") - (d->before[n - 1] == '/'));
		split_path(d->before + strlen("/sys/class/"), &k->comps);
		if (d->parent_kind == SYSFS_PARENT_CLASS_DEVICE && d->parent_device != i)
			k->parent = &c.kinds[d->parent_device];
	}
	for (size_t i = 0; i < r->nr_rules; i++)
		match_rule(&c, &r->rules[i]);
	for (size_t i = 0; i < r->nr_scripts; i++)
		match_script(&c, &r->scripts[i]);
	if (r->nr)
		sort_array(r->findings, r->nr, sizeof(*r->findings), compare_findings);
	for (size_t i = 0; i < c.nr_kinds; i++) {
		free(c.kinds[i].devpath);
		strvec_clear(&c.kinds[i].comps);
	}
	free(c.kinds);
}
