#define _GNU_SOURCE
#include "kernel/arch.h"
#include "base/util.h"

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

/* The top Makefile's `ifeq ($(ARCH),A)` ... `SRCARCH := S` pairs. */
static void read_srcarch(const char *kernel, struct strvec *sources)
{
	char *path = path_join(kernel, "Makefile");
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL, *arch = NULL;
	int found = strbuf_read_file(&sb, path) == 0;

	free(path);
	for (line = found ? strtok_r(sb.buf, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		char *s = line + strspn(line, " \t");
		const char *value;
		size_t n;

		if (starts_with(s, "ifeq ($(ARCH),")) {
			s += strlen("ifeq ($(ARCH),");
			free(arch);
			arch = xstrndup(s, strcspn(s, ")"));
		} else if (starts_with(s, "endif")) {
			free(arch);
			arch = NULL;
		} else if (arch && starts_with(s, "SRCARCH")) {
			s += strlen("SRCARCH");
			s += strspn(s, " \t");
			if (!starts_with(s, ":="))
				continue;
			value = s + 2 + strspn(s + 2, " \t");
			n = strcspn(value, " \t");
			if (n && (strlen(arch) != n || strncmp(value, arch, n)))
				strvec_pushf(sources, "%s\t%.*s", arch, (int)n, value);
		}
	}
	free(arch);
	strbuf_release(&sb);
	strvec_sort(sources);
}

/* Nonzero when `dir` is the SRCARCH of some arch. */
static int is_shared_source(const struct arch_layout *layout, const char *dir)
{
	for (size_t i = 0; i < layout->sources.nr; i++)
		if (!strcmp(strchr(layout->sources.v[i], '\t') + 1, dir))
			return 1;
	return 0;
}

/*
 * The asm folder an arch's own Makefile links under arch/$(ARCH)/include
 * while it moves to another arch's headers (2.6.15-2.6.26 ppc:
 * `ln -fsn $(srctree)/include/asm-powerpc arch/$(ARCH)/include/asm`),
 * as "ARCH\tFOLDER".  A link whose folder is a make variable is left:
 * it names no one folder.
 */
static void read_second_asm(const char *kernel, const char *arch, struct strvec *second)
{
	char *path = xstrfmt("%s/arch/%s/Makefile", kernel, arch);
	struct strbuf sb = STRBUF_INIT;
	static const char link[] = "ln -fsn $(srctree)/include/asm-";
	const char *p;

	if (strbuf_read_file(&sb, path) == 0)
		for (p = sb.buf; (p = strstr(p, link)); p++) {
			const char *name = p + strlen(link), *end = name + strcspn(name, " \t\n");
			const char *target = end + strspn(end, " \t");
			char *dir;

			if (end == name || memchr(name, '$', end - name) ||
			    !starts_with(target, "arch/$(ARCH)/include/asm"))
				continue;
			dir = xstrfmt("%s/include/asm-%.*s", kernel, (int)(end - name), name);
			if (is_dir(dir) && !strvec_has(second, arch))
				strvec_pushf(second, "%s\t%.*s", arch, (int)(end - name), name);
			free(dir);
		}
	strbuf_release(&sb);
	free(path);
}

void arch_layout_init(struct arch_layout *layout, const char *kernel)
{
	struct arch_layout empty = ARCH_LAYOUT_INIT;
	char *inc = path_join(kernel, "include");
	DIR *d = opendir(inc);
	struct dirent *e;

	*layout = empty;
	layout->kernel = xstrdup(kernel);
	read_srcarch(kernel, &layout->sources);
	while (d && (e = readdir(d))) {
		char *p;

		if (!arch_is_asm_folder(e->d_name))
			continue;
		p = path_join(inc, e->d_name);
		if (is_dir(p) && !is_shared_source(layout, e->d_name + 4))
			strvec_push(&layout->arches, e->d_name + 4);
		free(p);
	}
	if (d)
		closedir(d);
	free(inc);
	/* the arches of a shared folder the tree has */
	for (size_t i = 0; i < layout->sources.nr; i++) {
		const char *entry = layout->sources.v[i], *tab = strchr(entry, '\t');
		char *dir = xstrfmt("%s/include/asm-%s", kernel, tab + 1);

		if (is_dir(dir))
			strvec_pushf(&layout->arches, "%.*s", (int)(tab - entry), entry);
		free(dir);
	}
	strvec_sort(&layout->arches);
	for (size_t i = 0; i < layout->arches.nr; i++)
		read_second_asm(kernel, arch_source(layout, layout->arches.v[i]), &layout->second);
	strvec_sort(&layout->second);
}

void arch_layout_release(struct arch_layout *layout)
{
	free(layout->kernel);
	layout->kernel = NULL;
	strvec_clear(&layout->arches);
	strvec_clear(&layout->sources);
	strvec_clear(&layout->second);
}

const char *arch_second_source(const struct arch_layout *layout, const char *arch)
{
	const char *src = arch_source(layout, arch);
	size_t n = strlen(src);

	for (size_t i = 0; i < layout->second.nr; i++)
		if (!strncmp(layout->second.v[i], src, n) && layout->second.v[i][n] == '\t')
			return layout->second.v[i] + n + 1;
	return NULL;
}

const char *arch_source(const struct arch_layout *layout, const char *arch)
{
	size_t n = strlen(arch);

	for (size_t i = 0; i < layout->sources.nr; i++)
		if (!strncmp(layout->sources.v[i], arch, n) && layout->sources.v[i][n] == '\t')
			return layout->sources.v[i] + n + 1;
	return arch;
}

const char *arch_canonical(const struct arch_layout *layout, const char *name)
{
	if (strvec_sorted_has(&layout->arches, name) || !is_shared_source(layout, name))
		return name;
	for (size_t i = 0; i < layout->arches.nr; i++) {
		const char *a = layout->arches.v[i];

		if (!strcmp(arch_source(layout, a), name) && !arch_is_64bit(a))
			return a;
	}
	return name;
}

int arch_is_asm_folder(const char *name)
{
	return starts_with(name, "asm-") && name[4] && strcmp(name + 4, "generic");
}

int arch_exists(const struct arch_layout *layout, const char *arch)
{
	return strvec_sorted_has(&layout->arches, arch);
}

int arch_is_64bit(const char *arch)
{
	static const char *const wide[] = {
		"x86_64", "ia64", "alpha", "sparc64", "ppc64", "s390x", "mips64", "sh64", NULL,
	};

	return strlist_has(wide, arch);
}

const char *arch_default(const struct arch_layout *layout)
{
	(void)layout;
	return "i386";
}

/*
 * The arch of a file in the source folder `dir` several arches share
 * (arch/x86/, include/asm-x86/): a `_64` file (setup_64.c, page_64.h) is
 * the 64-bit arch's, any other the other arch's, as the kernel's
 * Makefiles pick `foo_$(BITS).o`.
 */
static char *shared_source_arch(const struct arch_layout *layout, const char *dir, const char *file)
{
	const char *base = strrchr(file, '/');
	const char *dot;
	int wide;

	base = base ? base + 1 : file;
	dot = strrchr(base, '.');
	wide = dot && dot - base >= 3 && !strncmp(dot - 3, "_64", 3);
	for (size_t i = 0; i < layout->arches.nr; i++) {
		const char *a = layout->arches.v[i];

		if (!strcmp(arch_source(layout, a), dir) && a != dir && strcmp(a, dir) &&
		    arch_is_64bit(a) == wide)
			return xstrdup(a);
	}
	return NULL;
}

static int arch_has(const struct arch_layout *layout, const char *arch, const char *header);

char *arch_from_path(const struct arch_layout *layout, const char *file)
{
	/*
	 * Buses and platforms only one arch has; the second when the first's
	 * headers, its second folder included, are not a whole arch (2.6.25's
	 * include/asm-ppc holds what arch/ppc adds to asm-powerpc, no
	 * posix_types.h).
	 */
	static const struct {
		const char *prefix, *arch, *instead;
	} by_dir[] = {
		{ "drivers/s390/", "s390", NULL },
		{ "drivers/sbus/", "sparc", NULL },
		{ "drivers/macintosh/", "ppc", "powerpc" },
		{ "drivers/parisc/", "parisc", NULL },
		{ "drivers/zorro/", "m68k", NULL },
		{ "drivers/tc/", "mips", NULL },
		{ "drivers/sn/", "ia64", NULL },
	};
	char *arch = NULL;

	if (starts_with(file, "arch/") || starts_with(file, "include/asm-")) {
		const char *s = file + (file[0] == 'a' ? 5 : 12);
		const char *slash = strchr(s, '/');

		if (slash) {
			arch = xstrndup(s, (size_t)(slash - s));
			if (is_shared_source(layout, arch)) {
				char *shared = shared_source_arch(layout, arch, file);

				free(arch);
				arch = shared;
			}
		}
	}
	for (size_t i = 0; !arch && i < sizeof(by_dir) / sizeof(by_dir[0]); i++)
		if (starts_with(file, by_dir[i].prefix))
			arch = xstrdup(by_dir[i].instead && !arch_has(layout, by_dir[i].arch, "posix_types.h") ?
				       by_dir[i].instead : by_dir[i].arch);
	if (arch && !arch_exists(layout, arch)) {
		free(arch);
		arch = NULL;
	}
	return arch;
}

/*
 * Each `#include <asm/X>` (header "X") or `#include <asm-A/X>` (arch A) of
 * text, but those inside a conditional on a CONFIG_ option: `#ifdef
 * CONFIG_PMAC_BACKLIGHT` / `#include <asm/backlight.h>` says which
 * machine has the header, not that the file is that machine's.
 */
static void asm_includes(const char *text, size_t len, struct strvec *headers, struct strvec *named)
{
	const char *p = text, *end = text + len;
	unsigned depth = 0, config_depth = 0;	/* #if nesting; the outermost on a CONFIG_ option, 0 none */

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
			if (!strncmp(q, "if", 2)) {
				depth++;
				if (!config_depth && memmem(q, (size_t)(eol - q), "CONFIG_", 7))
					config_depth = depth;
			} else if (!strncmp(q, "endif", 5) && depth) {
				if (config_depth == depth)
					config_depth = 0;
				depth--;
			} else if (!config_depth && (size_t)(eol - q) > 7 && !strncmp(q, "include", 7)) {
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

static int arch_has(const struct arch_layout *layout, const char *arch, const char *header)
{
	const char *second = arch_second_source(layout, arch);
	char *p = xstrfmt("%s/include/asm-%s/%s", layout->kernel, arch_source(layout, arch), header);
	int ok = is_file(p);

	free(p);
	if (!ok && second) {
		p = xstrfmt("%s/include/asm-%s/%s", layout->kernel, second, header);
		ok = is_file(p);
		free(p);
	}
	return ok;
}

char *arch_from_includes(const struct arch_layout *layout, const char *text, size_t len,
			 const char *dflt)
{
	struct strvec headers = STRVEC_INIT, named = STRVEC_INIT;
	char *found = NULL;
	int missing = 0;

	asm_includes(text, len, &headers, &named);
	for (size_t i = 0; i < named.nr && !found; i++) {
		const char *a = arch_canonical(layout, named.v[i]);

		if (strcmp(arch_source(layout, a), arch_source(layout, dflt)) && arch_exists(layout, a))
			found = xstrdup(a);
	}
	for (size_t i = 0; i < headers.nr && !found && !missing; i++)
		missing = !arch_has(layout, dflt, headers.v[i]);
	for (size_t a = 0; missing && a < layout->arches.nr && !found; a++) {
		int all = 1;

		for (size_t i = 0; i < headers.nr && all; i++)
			all = arch_has(layout, layout->arches.v[a], headers.v[i]);
		if (all)
			found = xstrdup(layout->arches.v[a]);
	}
	strvec_clear(&headers);
	strvec_clear(&named);
	return found;
}
