#define _GNU_SOURCE
#include "kernel/arch.h"
#include "base/util.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int arch_exists(const char *kernel, const char *arch)
{
	char *dir = xstrfmt("%s/include/asm-%s", kernel, arch);
	int ok = is_dir(dir);

	free(dir);
	return ok;
}

int arch_is_64bit(const char *arch)
{
	static const char *const wide[] = {
		"x86_64", "ia64", "alpha", "sparc64", "ppc64", "s390x", "mips64", "sh64", NULL,
	};

	for (size_t i = 0; wide[i]; i++)
		if (!strcmp(arch, wide[i]))
			return 1;
	return 0;
}

const char *arch_default(const char *kernel)
{
	if (!arch_exists(kernel, "i386") && arch_exists(kernel, "x86"))
		return "x86";
	return "i386";
}

char *arch_from_path(const char *kernel, const char *file)
{
	/* Buses and platforms only one arch has. */
	static const struct {
		const char *prefix, *arch;
	} by_dir[] = {
		{ "drivers/s390/", "s390" },
		{ "drivers/sbus/", "sparc" },
		{ "drivers/macintosh/", "ppc" },
		{ "drivers/parisc/", "parisc" },
		{ "drivers/zorro/", "m68k" },
		{ "drivers/tc/", "mips" },
		{ "drivers/sn/", "ia64" },
	};
	char *arch = NULL;

	if (starts_with(file, "arch/") || starts_with(file, "include/asm-")) {
		const char *s = file + (file[0] == 'a' ? 5 : 12);
		const char *slash = strchr(s, '/');

		if (slash)
			arch = xstrndup(s, (size_t)(slash - s));
	}
	for (size_t i = 0; !arch && i < sizeof(by_dir) / sizeof(by_dir[0]); i++)
		if (starts_with(file, by_dir[i].prefix))
			arch = xstrdup(by_dir[i].arch);
	if (arch && !arch_exists(kernel, arch)) {
		free(arch);
		arch = NULL;
	}
	return arch;
}

/* The arches whose include/asm-<a>/ the kernel has, sorted. */
static void list_arches(const char *kernel, struct strvec *out)
{
	char *inc = path_join(kernel, "include");
	DIR *d = opendir(inc);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		if (starts_with(e->d_name, "asm-") && e->d_name[4]) {
			char *p = path_join(inc, e->d_name);

			if (is_dir(p) && strcmp(e->d_name + 4, "generic"))
				strvec_push(out, e->d_name + 4);
			free(p);
		}
	}
	if (d)
		closedir(d);
	free(inc);
	strvec_sort(out);
}

/* Each `#include <asm/X>` (header "X") or `#include <asm-A/X>` (arch A) of text. */
static void asm_includes(const char *text, size_t len, struct strvec *headers, struct strvec *named)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *q = p;

		if (!eol)
			eol = end;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (q < eol && *q == '#') {
			q++;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			if ((size_t)(eol - q) > 7 && !strncmp(q, "include", 7)) {
				q += 7;
				while (q < eol && (*q == ' ' || *q == '\t'))
					q++;
				if (q < eol && *q == '<') {
					const char *close = memchr(q, '>', (size_t)(eol - q));

					q++;
					if (close && close - q > 4 && !strncmp(q, "asm/", 4)) {
						char *h = xstrndup(q + 4, (size_t)(close - q - 4));

						strvec_push(headers, h);
						free(h);
					} else if (close && close - q > 4 && !strncmp(q, "asm-", 4)) {
						const char *slash = memchr(q, '/', (size_t)(close - q));

						if (slash) {
							char *a = xstrndup(q + 4, (size_t)(slash - q - 4));

							if (strcmp(a, "generic"))
								strvec_push(named, a);
							free(a);
						}
					}
				}
			}
		}
		p = eol + 1;
	}
}

static int arch_has(const char *kernel, const char *arch, const char *header)
{
	char *p = xstrfmt("%s/include/asm-%s/%s", kernel, arch, header);
	int ok = is_file(p);

	free(p);
	return ok;
}

char *arch_from_includes(const char *kernel, const char *text, size_t len, const char *dflt)
{
	struct strvec headers = STRVEC_INIT, named = STRVEC_INIT, arches = STRVEC_INIT;
	char *found = NULL;
	int missing = 0;

	asm_includes(text, len, &headers, &named);
	for (size_t i = 0; i < named.nr && !found; i++)
		if (strcmp(named.v[i], dflt) && arch_exists(kernel, named.v[i]))
			found = xstrdup(named.v[i]);
	for (size_t i = 0; i < headers.nr && !found && !missing; i++)
		missing = !arch_has(kernel, dflt, headers.v[i]);
	if (!found && missing) {
		list_arches(kernel, &arches);
		for (size_t a = 0; a < arches.nr && !found; a++) {
			int all = 1;

			for (size_t i = 0; i < headers.nr && all; i++)
				all = arch_has(kernel, arches.v[a], headers.v[i]);
			if (all)
				found = xstrdup(arches.v[a]);
		}
	}
	strvec_clear(&headers);
	strvec_clear(&named);
	strvec_clear(&arches);
	return found;
}

/* One option: its value as autoconf.h writes it ("1", "128", "\"x\""), or n. */
struct option {
	char *name;		/* without CONFIG_ */
	char *value;		/* NULL: not set (n) */
	int module;		/* =m */
};

struct config {
	struct option *v;
	size_t nr, alloc;
};

static struct option *config_find(struct config *c, const char *name)
{
	for (size_t i = 0; i < c->nr; i++)
		if (!strcmp(c->v[i].name, name))
			return &c->v[i];
	return NULL;
}

static void config_set(struct config *c, const char *name, const char *value, int module)
{
	struct option *o;

	if (config_find(c, name))
		return;
	ALLOC_GROW(c->v, c->nr + 1, c->alloc);
	o = &c->v[c->nr++];
	o->name = xstrdup(name);
	o->value = value ? xstrdup(value) : NULL;
	o->module = module;
}

/* arch/<arch>/defconfig: `CONFIG_X=v` and `# CONFIG_X is not set`. */
static int read_defconfig(const char *kernel, const char *arch, struct config *c)
{
	char *path = xstrfmt("%s/arch/%s/defconfig", kernel, arch);
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL;
	int found = strbuf_read_file(&sb, path) == 0;

	free(path);
	for (line = found ? strtok_r(sb.buf, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		char *eq;

		if (starts_with(line, "# CONFIG_") && strstr(line, " is not set")) {
			char *name = xstrndup(line + 9, strcspn(line + 9, " "));

			config_set(c, name, NULL, 0);
			free(name);
		} else if (starts_with(line, "CONFIG_") && (eq = strchr(line, '='))) {
			char *name = xstrndup(line + 7, (size_t)(eq - line - 7));
			const char *v = eq + 1;

			if (!strcmp(v, "y"))
				config_set(c, name, "1", 0);
			else if (!strcmp(v, "m"))
				config_set(c, name, "1", 1);
			else if (strcmp(v, "n"))
				config_set(c, name, v, 0);
			else
				config_set(c, name, NULL, 0);
			free(name);
		}
	}
	strbuf_release(&sb);
	return found;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

struct kconfig_walk {
	const char *kernel, *arch;
	struct strvec seen;		/* files read, against loops */
	struct strvec defaults;		/* "NAME\tVALUE\tCONDITION" in file order */
	struct strvec choice_defaults;	/* the default member of each choice */
	struct strvec choices;		/* the members of each choice, "A B C" */
	struct strvec bools;		/* options of type bool or tristate */
	struct strvec numbers;		/* options of type int or hex */
	struct strvec depends;		/* "NAME\tEXPRESSION" of each `depends on` */
};

/* A Kconfig value as autoconf.h writes it, or NULL for n or an expression. */
static char *default_value(const char *v)
{
	if (!strcmp(v, "y"))
		return xstrdup("1");
	if (v[0] == '"')
		return xstrdup(v);
	if (isdigit((unsigned char)v[0]) || (v[0] == '-' && isdigit((unsigned char)v[1])))
		return strspn(v, "0123456789abcdefxABCDEFX-") == strlen(v) ? xstrdup(v) : NULL;
	return NULL;
}

/* Record `default V [if COND]` (v is what follows the keyword) of option `name`. */
static void add_default(struct kconfig_walk *w, const char *name, const char *v)
{
	const char *cond = strstr(v, " if ");
	char *value = cond ? xstrndup(v, (size_t)(cond - v)) : xstrdup(v);

	strvec_pushf(&w->defaults, "%s\t%s\t%s", name, trim(value), cond ? cond + 4 : "");
	free(value);
}

static void kconfig_read(struct kconfig_walk *w, const char *rel)
{
	struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT, members = STRBUF_INIT;
	char *line, *save = NULL, *current = NULL, *choice_default = NULL;
	int in_choice = 0, in_help = 0;

	/* $ARCH in a source line names the arch read. */
	for (const char *p = rel; *p; p++) {
		if (!strncmp(p, "$ARCH", 5)) {
			strbuf_addstr(&path, w->arch);
			p += 4;
		} else {
			strbuf_addch(&path, *p);
		}
	}
	for (size_t i = 0; i < w->seen.nr; i++)
		if (!strcmp(w->seen.v[i], path.buf))
			goto out;
	strvec_push(&w->seen, path.buf);
	{
		char *abs = path_join(w->kernel, path.buf);
		int rc = strbuf_read_file(&sb, abs);

		free(abs);
		if (rc < 0)
			goto out;
	}
	for (line = strtok_r(sb.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *s = trim(line);
		int indented = line[0] == ' ' || line[0] == '\t';

		if (in_help) {
			if (indented || !*s)
				continue;
			in_help = 0;
		}
		if (!strcmp(s, "help") || !strcmp(s, "---help---")) {
			in_help = 1;
			continue;
		}
		if (starts_with(s, "config ") || starts_with(s, "menuconfig ")) {
			free(current);
			current = xstrdup(trim(strchr(s, ' ')));
			if (in_choice)
				strbuf_addf(&members, " %s", current);
		} else if (starts_with(s, "source ")) {
			char *f = trim(s + 7);
			size_t n = strlen(f);

			if (n >= 2 && f[0] == '"' && f[n - 1] == '"') {
				f[n - 1] = '\0';
				f++;
			}
			free(current);
			current = NULL;
			kconfig_read(w, f);
		} else if (!strcmp(s, "choice")) {
			in_choice = 1;
			free(current);
			current = NULL;
			free(choice_default);
			choice_default = NULL;
			strbuf_reset(&members);
		} else if (!strcmp(s, "endchoice")) {
			in_choice = 0;
			strvec_push(&w->choices, members.buf);
			strvec_push(&w->choice_defaults, choice_default ? choice_default : "");
		} else if (starts_with(s, "menu ") || starts_with(s, "endmenu") || starts_with(s, "if ") ||
			   starts_with(s, "endif") || starts_with(s, "comment ") || starts_with(s, "mainmenu")) {
			free(current);
			current = NULL;
		} else if (starts_with(s, "bool") || starts_with(s, "tristate") || starts_with(s, "def_bool") ||
			   starts_with(s, "def_tristate")) {
			if (current)
				strvec_push(&w->bools, current);
			if (current && starts_with(s, "def_"))
				add_default(w, current, trim(strchr(s, ' ') ? strchr(s, ' ') : s + strlen(s)));
		} else if (current && (starts_with(s, "int") || starts_with(s, "hex")) &&
			   (!s[3] || s[3] == ' ' || s[3] == '\t')) {
			strvec_push(&w->numbers, current);
		} else if (current && starts_with(s, "depends on ")) {
			strvec_pushf(&w->depends, "%s\t%s", current, trim(s + 11));
		} else if (starts_with(s, "default ") || starts_with(s, "default\t")) {
			char *v = trim(s + 8);

			if (!current && in_choice) {
				if (!choice_default && !strstr(v, " if "))
					choice_default = xstrdup(v);
			} else if (current) {
				add_default(w, current, v);
			}
		}
	}
out:
	free(current);
	free(choice_default);
	strbuf_release(&members);
	strbuf_release(&path);
	strbuf_release(&sb);
}

static int in_list(const struct strvec *v, const char *s)
{
	for (size_t i = 0; i < v->nr; i++)
		if (!strcmp(v->v[i], s))
			return 1;
	return 0;
}

/*
 * 1 when a default's condition holds in `c` (none, SYM, !SYM), 0 when it
 * does not, -1 when we cannot tell (an expression): its option is left out.
 */
static int condition_holds(struct config *c, const char *cond)
{
	int negate = cond[0] == '!';
	const char *sym = cond + negate;
	struct option *o;

	if (!*cond)
		return 1;
	if (!*sym || strspn(sym, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != strlen(sym))
		return -1;
	o = config_find(c, sym);
	return ((o && o->value) != 0) != negate;
}

/* Nonzero when every `depends on` of `name` is a conjunction of conditions that hold. */
static int depends_hold(struct config *c, const struct strvec *depends, const char *name)
{
	size_t n = strlen(name);
	int ok = 1;

	for (size_t i = 0; i < depends->nr && ok; i++) {
		char *expr, *save = NULL, *term;

		if (strncmp(depends->v[i], name, n) || depends->v[i][n] != '\t')
			continue;
		expr = xstrdup(depends->v[i] + n + 1);
		for (term = strtok_r(expr, "&", &save); term && ok; term = strtok_r(NULL, "&", &save))
			ok = condition_holds(c, trim(term)) == 1;
		free(expr);
	}
	return ok;
}

char *arch_autoconf(const char *kernel, const char *arch, const char *const *forced)
{
	struct config c = { NULL, 0, 0 };
	struct kconfig_walk w;
	struct strvec decided = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;
	int have_defconfig = read_defconfig(kernel, arch, &c);
	char *root = xstrfmt("arch/%s/Kconfig", arch);

	memset(&w, 0, sizeof(w));
	w.kernel = kernel;
	w.arch = arch;
	kconfig_read(&w, root);
	free(root);
	/* A choice none of whose members the defconfig sets takes its default. */
	for (size_t i = 0; i < w.choices.nr; i++) {
		char *members = xstrdup(w.choices.v[i]), *save = NULL, *m;
		int set = 0;

		for (m = strtok_r(members, " ", &save); m && !set; m = strtok_r(NULL, " ", &save)) {
			struct option *o = config_find(&c, m);

			set = o && o->value;
		}
		if (!set && w.choice_defaults.v[i][0])
			config_set(&c, w.choice_defaults.v[i], "1", 0);
		free(members);
	}
	/*
	 * A full defconfig omits the bools whose dependencies it does not meet:
	 * their defaults would turn them on.  Numbers and strings are harmless.
	 */
	for (size_t i = 0; i < w.defaults.nr; i++) {
		char *name = xstrdup(w.defaults.v[i]);
		char *value = strchr(name, '\t');
		char *cond = strchr(value + 1, '\t');
		char *val;

		*value++ = '\0';
		*cond++ = '\0';
		if (config_find(&c, name) || (have_defconfig && in_list(&w.bools, name)) ||
		    in_list(&decided, name) || !depends_hold(&c, &w.depends, name)) {
			free(name);
			continue;
		}
		/* Kconfig takes the first default whose condition holds. */
		switch (condition_holds(&c, trim(cond))) {
		case 1:
			if (in_list(&w.numbers, name) && value[0] == '"' && strlen(value) > 2) {
				memmove(value, value + 1, strlen(value));
				value[strlen(value) - 1] = '\0';
			}
			val = default_value(value);
			if (val)
				config_set(&c, name, val, 0);
			free(val);
			/* fall through */
		case -1:
			strvec_push(&decided, name);
			break;
		default:
			break;
		}
		free(name);
	}
	for (size_t i = 0; forced && forced[i]; i++) {
		const char *eq = strchr(forced[i], '=');
		char *name = eq ? xstrndup(forced[i], (size_t)(eq - forced[i])) : xstrdup(forced[i]);
		struct option *o = config_find(&c, name);

		if (eq) {
			if (!o || !o->value) {
				if (o) {
					o->value = xstrdup(eq + 1);
				} else {
					config_set(&c, name, eq + 1, 0);
				}
			}
		} else if (o && !o->value) {
			o->value = xstrdup("1");
			o->module = 0;
		} else if (!o) {
			config_set(&c, name, "1", 0);
		}
		free(name);
	}
	strbuf_addf(&out, "/* synthesized by cdmigrate from arch/%s/%s and Kconfig defaults */\n"
		    "#define AUTOCONF_INCLUDED\n", arch, have_defconfig ? "defconfig" : "Kconfig");
	for (size_t i = 0; i < c.nr; i++) {
		if (c.v[i].value)
			strbuf_addf(&out, "#define CONFIG_%s%s %s\n", c.v[i].name,
				    c.v[i].module ? "_MODULE" : "", c.v[i].value);
		free(c.v[i].name);
		free(c.v[i].value);
	}
	free(c.v);
	strvec_clear(&w.defaults);
	strvec_clear(&decided);
	strvec_clear(&w.seen);
	strvec_clear(&w.choices);
	strvec_clear(&w.choice_defaults);
	strvec_clear(&w.bools);
	strvec_clear(&w.numbers);
	strvec_clear(&w.depends);
	return strbuf_detach(&out, NULL);
}
