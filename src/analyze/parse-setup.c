#define _GNU_SOURCE
#include "analyze/parse-setup.h"
#include "analyze/prefilter.h"
#include "base/walk.h"
#include "kernel/kernel.h"
#include "lex/bodies.h"
#include "lex/lexscan.h"
#include "base/cache.h"
#include "base/hash.h"
#include "kernel/arch.h"
#include "kernel/kconfig.h"
#include "kernel/kbuild.h"
#include "kernel/kernel-version.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

struct include_name {
	const char *name;	/* into the header's text */
	size_t len;
	int quoted;
};

/* A file parse_setup_headers() read, once a setup: immutable once made. */
struct header_text {
	char *key;		/* 'B' (bodies blank) or 'W' (whole), then the file read */
	struct strbuf text;
	int readable;
	char disk_hash[33];	/* of the file as read, before any blanking (cache_file_hash()'s) */
	struct include_name *includes;
	size_t nr_includes, alloc_includes;
};

struct kbuild_of_file {
	char *file;
	struct kbuild_flags flags;
};

/* The names in a folder (a link to one followed), read once a setup. */
struct folder_listing {
	char *folder;
	char *names;		/* NUL-separated */
	struct hash_table index;
};

struct parse_setup {
	char *tree, *kernel, *scratch;
	char *arch;			/* forced, or NULL */
	int out_of_tree;
	int blank_bodies;
	struct strvec include_folders;	/* include/'s folders every arch reads, sorted */
	int include_folders_read;
	/* parse_setup_headers(), under texts_lock */
	pthread_mutex_t texts_lock;
	struct header_text **texts;	/* each file read, by the path read */
	size_t nr_texts, alloc_texts;
	struct hash_table texts_index;
	struct folder_listing **folders;
	size_t nr_folders, alloc_folders;
	struct hash_table folders_index;
	/* each file's kbuild flags, worked out once a setup (under texts_lock) */
	struct kbuild_of_file **kbuild;
	size_t nr_kbuild, alloc_kbuild;
	struct hash_table kbuild_index;
	char *version_h;
	struct arch_layout layout;
	pthread_mutex_t lock;
	struct strvec ready;		/* arches whose scratch directory is written */
	struct strvec defined;		/* "ARCH\tCONFIG_X" each option its autoconf.h defines, sorted */
	struct strvec requires;		/* "ARCH\tX\tY": option X needs Y on (kconfig_autoconf()), sorted */
};

static const char *forced_arch;

/*
 * Options every site needs parsed whatever the defconfig says: the
 * class_device users sit behind them (hotplug and sysfs code, the buses
 * and the subsystems with class devices).  Then the values headers check
 * (jiffies.h errors out without HZ) when the tree gives none.
 */
static const char *const needed_options[] = {
	"HOTPLUG", "SYSFS", "PCI", "MODULES", "NET", "INPUT", "SCSI", "PCMCIA",
	"HWMON", "LEDS_CLASS", "HZ=250", "X86_L1_CACHE_SHIFT=7", NULL,
};

void parse_setup_force_arch(const char *arch)
{
	forced_arch = arch;
}

/* linux/version.h of the kernel's Makefile; 2.6.15 if it names none. */
static char *make_version_h(const char *kernel)
{
	unsigned code = kernel_version_code(kernel);

	if (!code)
		code = KERNEL_VERSION_CODE(2, 6, 15);
	return xstrfmt("/* synthesized by cdmigrate from the tree's Makefile */\n"
		       "#define LINUX_VERSION_CODE %u\n"
		       "#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + (c))\n"
		       "#define UTS_RELEASE \"%u.%u.%u\"\n",
		       code, code >> 16, (code >> 8) & 0xff, code & 0xff);
}

/* The folders of <kernel>/include that are no arch's asm folder, sorted. */
static void read_include_folders(const char *kernel, struct strvec *folders)
{
	char *include = path_join(kernel, "include");
	DIR *d = opendir(include);
	struct dirent *e;
	struct stat st;

	while (d && (e = readdir(d))) {
		char *p;

		if (e->d_name[0] == '.' || arch_is_asm_folder(e->d_name))
			continue;
		p = path_join(include, e->d_name);
		/* a built tree's include/asm is a link the walk does not follow */
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			strvec_push(folders, e->d_name);
		free(p);
	}
	if (d)
		closedir(d);
	free(include);
	strvec_sort(folders);
}

struct parse_setup *parse_setup_new(const struct parse_setup_options *opts)
{
	struct parse_setup *ps = xcalloc(1, sizeof(*ps));

	ps->tree = xstrdup(opts->tree);
	ps->kernel = xstrdup(opts->kernel ? opts->kernel : opts->tree);
	ps->scratch = xstrdup(opts->scratch);
	ps->arch = opts->arch ? xstrdup(opts->arch) : NULL;
	ps->out_of_tree = opts->out_of_tree;
	ps->version_h = make_version_h(ps->kernel);
	arch_layout_init(&ps->layout, ps->kernel);
	parse_setup_set_blank_header_bodies(ps, opts->blank_header_bodies);
	pthread_mutex_init(&ps->lock, NULL);
	pthread_mutex_init(&ps->texts_lock, NULL);
	return ps;
}

int parse_setup_blanks_bodies(const struct parse_setup *ps)
{
	return ps->blank_bodies;
}

void parse_setup_set_blank_header_bodies(struct parse_setup *ps, int blank)
{
	ps->blank_bodies = !!blank;
	/* the folders are read once: a setup in whole mode never needs them */
	if (ps->blank_bodies && !ps->include_folders_read) {
		read_include_folders(ps->kernel, &ps->include_folders);
		ps->include_folders_read = 1;
	}
}

static void remove_arch_dir(const char *dir)
{
	static const char *const entries[] = { "asm", "second/asm", "second", "linux/autoconf.h", "linux/version.h",
						"linux", NULL };
	struct stat st;

	for (size_t i = 0; entries[i]; i++) {
		char *p = path_join(dir, entries[i]);

		if (lstat(p, &st) == 0)
			S_ISDIR(st.st_mode) ? rmdir(p) : unlink(p);
		free(p);
	}
	rmdir(dir);
}

void parse_setup_free(struct parse_setup *ps, int keep)
{
	if (!ps)
		return;
	for (size_t i = 0; !keep && i < ps->ready.nr; i++) {
		char *dir = path_join(ps->scratch, ps->ready.v[i]);

		remove_arch_dir(dir);
		free(dir);
	}
	for (size_t i = 0; i < ps->nr_texts; i++) {
		free(ps->texts[i]->key);
		strbuf_release(&ps->texts[i]->text);
		free(ps->texts[i]->includes);
		free(ps->texts[i]);
	}
	free(ps->texts);
	hash_table_release(&ps->texts_index);
	for (size_t i = 0; i < ps->nr_folders; i++) {
		free(ps->folders[i]->folder);
		free(ps->folders[i]->names);
		hash_table_release(&ps->folders[i]->index);
		free(ps->folders[i]);
	}
	free(ps->folders);
	hash_table_release(&ps->folders_index);
	for (size_t i = 0; i < ps->nr_kbuild; i++) {
		free(ps->kbuild[i]->file);
		kbuild_flags_release(&ps->kbuild[i]->flags);
		free(ps->kbuild[i]);
	}
	free(ps->kbuild);
	hash_table_release(&ps->kbuild_index);
	pthread_mutex_destroy(&ps->texts_lock);
	strvec_clear(&ps->include_folders);
	strvec_clear(&ps->ready);
	strvec_clear(&ps->defined);
	strvec_clear(&ps->requires);
	pthread_mutex_destroy(&ps->lock);
	arch_layout_release(&ps->layout);
	free(ps->version_h);
	free(ps->arch);
	free(ps->scratch);
	free(ps->kernel);
	free(ps->tree);
	free(ps);
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return error_errno("%s: cannot write", path);
	fputs(text, f);
	return fclose(f) ? error_errno("%s: cannot write", path) : 0;
}

/* <dir>/second/asm -> <kernel>/include/asm-<second> (arch_second_source()). */
static void link_second_asm(const struct parse_setup *ps, const char *dir, const char *second)
{
	char *second_dir = path_join(dir, "second");
	char *link = path_join(second_dir, "asm");
	char *target = xstrfmt("%s/include/asm-%s", ps->kernel, second);

	mkdir(second_dir, 0700);
	if (symlink(target, link) < 0 && errno != EEXIST)
		warning("%s: cannot link asm headers: %s", link, strerror(errno));
	free(target);
	free(link);
	free(second_dir);
}

/* Write <scratch>/<arch>/{asm,linux/autoconf.h,linux/version.h} once. */
static void prepare_arch(struct parse_setup *ps, const char *arch)
{
	char *dir, *linux_dir, *link, *target, *file, *autoconf;
	const char *second = arch_second_source(&ps->layout, arch);
	struct strvec requires = STRVEC_INIT;

	pthread_mutex_lock(&ps->lock);
	if (strvec_has(&ps->ready, arch))
		goto out;
	dir = path_join(ps->scratch, arch);
	linux_dir = path_join(dir, "linux");
	mkdir(dir, 0700);
	mkdir(linux_dir, 0700);
	link = path_join(dir, "asm");
	target = xstrfmt("%s/include/asm-%s", ps->kernel, arch_source(&ps->layout, arch));
	if (symlink(target, link) < 0 && errno != EEXIST)
		warning("%s: cannot link asm headers: %s", link, strerror(errno));
	if (second)
		link_second_asm(ps, dir, second);
	autoconf = kconfig_autoconf(&ps->layout, arch, needed_options, &requires);
	for (size_t i = 0; i < requires.nr; i++)
		strvec_pushf(&ps->requires, "%s\t%s", arch, requires.v[i]);
	strvec_sort(&ps->requires);
	strvec_clear(&requires);
	for (const char *p = autoconf; (p = strstr(p, "#define CONFIG_")); p++) {
		const char *name = p + strlen("#define ");

		strvec_pushf(&ps->defined, "%s\t%.*s", arch, (int)strcspn(name, " \n"), name);
	}
	strvec_sort(&ps->defined);
	file = path_join(linux_dir, "autoconf.h");
	write_text(file, autoconf);
	free(file);
	free(autoconf);
	file = path_join(linux_dir, "version.h");
	write_text(file, ps->version_h);
	free(file);
	free(target);
	free(link);
	free(linux_dir);
	free(dir);
	strvec_push(&ps->ready, arch);
out:
	pthread_mutex_unlock(&ps->lock);
}

char *parse_setup_arch(struct parse_setup *ps, const char *file, const char *text, size_t len)
{
	const char *dflt = arch_default(&ps->layout);
	struct strbuf sb = STRBUF_INIT;
	char *arch;

	if (forced_arch)
		return xstrdup(arch_canonical(&ps->layout, forced_arch));
	if (ps->arch)
		return xstrdup(arch_canonical(&ps->layout, ps->arch));
	arch = arch_from_path(&ps->layout, file);
	if (arch)
		return arch;
	if (!text) {
		char *abs = path_join(ps->tree, file);

		if (strbuf_read_file(&sb, abs) == 0) {
			text = sb.buf;
			len = sb.len;
		}
		free(abs);
	}
	if (text)
		arch = arch_from_includes(&ps->layout, text, len, dflt);
	strbuf_release(&sb);
	return arch ? arch : xstrdup(dflt);
}

static int option_is_on(const struct parse_setup *ps, const char *arch, const char *option)
{
	char *on = xstrfmt("%s\tCONFIG_%s", arch, option);
	char *module = xstrfmt("%s_MODULE", on);
	int yes = strvec_sorted_has(&ps->defined, on) || strvec_sorted_has(&ps->defined, module);

	free(on);
	free(module);
	return yes;
}

/*
 * -DCONFIG_X=1 for each option that builds the file and the arch's
 * configuration leaves off, and for what X needs on in turn: SPI_MASTER
 * builds drivers/spi/spi.c and sits in `if SPI`; without SPI the header's
 * stub of a function spi.c defines is a redefinition no build sees.
 */
static void switch_on_options(struct parse_setup *ps, const char *arch, const struct strvec *options,
			      struct strvec *args)
{
	struct strvec todo = STRVEC_INIT, done = STRVEC_INIT;

	pthread_mutex_lock(&ps->lock);
	for (size_t i = 0; i < options->nr; i++)
		strvec_push(&todo, options->v[i]);
	while (todo.nr) {
		char *option = todo.v[--todo.nr];
		char *prefix;
		size_t lo = 0, hi = ps->requires.nr, n;

		if (option_is_on(ps, arch, option) || strvec_has(&done, option)) {
			free(option);
			continue;
		}
		strvec_push(&done, option);
		prefix = xstrfmt("%s\t%s\t", arch, option);
		n = strlen(prefix);
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (strncmp(ps->requires.v[mid], prefix, n) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < ps->requires.nr && !strncmp(ps->requires.v[lo], prefix, n); lo++)
			strvec_push(&todo, ps->requires.v[lo] + n);
		free(prefix);
		free(option);
	}
	pthread_mutex_unlock(&ps->lock);
	strvec_sort(&done);
	for (size_t i = 0; i < done.nr; i++)
		strvec_pushf(args, "-DCONFIG_%s=1", done.v[i]);
	strvec_clear(&done);
	free(todo.v);
}

/*
 * kbuild_flags_of() once a setup: it reads the file's Makefile and those
 * above it, and every parse and memo key of a file asks (the Makefiles
 * do not change under a run).
 */
static void kbuild_flags_once(struct parse_setup *ps, const char *file, struct kbuild_flags *out)
{
	struct kbuild_of_file *k;
	size_t *at;

	pthread_mutex_lock(&ps->texts_lock);
	at = hash_table_find(&ps->kbuild_index, file, strlen(file));
	if (at) {
		k = ps->kbuild[*at];
	} else {
		k = xcalloc(1, sizeof(*k));
		k->file = xstrdup(file);
		k->flags = (struct kbuild_flags)KBUILD_FLAGS_INIT;
		kbuild_flags_of(ps->kernel, file, &k->flags);
		ALLOC_GROW(ps->kbuild, ps->nr_kbuild + 1, ps->alloc_kbuild);
		ps->kbuild[ps->nr_kbuild] = k;
		hash_table_add(&ps->kbuild_index, k->file, strlen(k->file), ps->nr_kbuild);
		ps->nr_kbuild++;
	}
	pthread_mutex_unlock(&ps->texts_lock);
	/* immutable once made: copied outside the lock */
	for (size_t i = 0; i < k->flags.options.nr; i++)
		strvec_push(&out->options, k->flags.options.v[i]);
	for (size_t i = 0; i < k->flags.includes.nr; i++)
		strvec_push(&out->includes, k->flags.includes.v[i]);
	for (size_t i = 0; i < k->flags.defines.nr; i++)
		strvec_push(&out->defines, k->flags.defines.v[i]);
}

void parse_setup_args(struct parse_setup *ps, const char *file, const char *text, size_t len,
		      struct strvec *args)
{
	char *arch = parse_setup_arch(ps, file, text, len);
	const char *base = strrchr(file, '/');
	char *stem = xstrdup(base ? base + 1 : file);
	char *dot = strrchr(stem, '.');
	char *mach = xstrfmt("%s/include/asm-%s/mach-default", ps->kernel, arch_source(&ps->layout, arch));
	struct kbuild_flags kbuild = KBUILD_FLAGS_INIT;
	struct stat st;

	if (dot)
		*dot = '\0';
	for (char *p = stem; *p; p++)
		if (*p == '-')
			*p = '_';
	prepare_arch(ps, arch);
	kbuild_flags_once(ps, file, &kbuild);
	strvec_push(args, "-x");
	strvec_push(args, "c");
	strvec_push(args, "-nostdinc");
	/*
	 * clang's driver otherwise looks for every GCC of the host on each
	 * parse (about 100 lookups and 16 folder reads), and -nostdinc takes
	 * nothing from it: the parse no longer depends on what the host has
	 */
	strvec_pushf(args, "--gcc-toolchain=%s/%s", ps->scratch, arch);
	strvec_push(args, "-isystem");
	strvec_push(args, CLANG_RESOURCE_DIR);
	strvec_pushf(args, "-I%s/%s", ps->scratch, arch);
	if (ps->out_of_tree)
		strvec_pushf(args, "-I%s", ps->tree);
	strvec_pushf(args, "-I%s/include", ps->kernel);
	if (stat(mach, &st) == 0 && S_ISDIR(st.st_mode))
		strvec_pushf(args, "-I%s", mach);
	if (arch_second_source(&ps->layout, arch))
		strvec_pushf(args, "-I%s/%s/second", ps->scratch, arch);
	for (size_t i = 0; i < kbuild.includes.nr; i++)
		strvec_pushf(args, "-I%s%s%s", ps->kernel, *kbuild.includes.v[i] ? "/" : "", kbuild.includes.v[i]);
	strvec_push(args, "-include");
	strvec_pushf(args, "%s/%s/linux/autoconf.h", ps->scratch, arch);
	switch_on_options(ps, arch, &kbuild.options, args);
	for (size_t i = 0; i < kbuild.defines.nr; i++)
		strvec_pushf(args, "-D%s", kbuild.defines.v[i]);
	strvec_push(args, "-D__KERNEL__");
	strvec_pushf(args, "-DKBUILD_BASENAME=\"%s\"", stem);
	strvec_pushf(args, "-DKBUILD_MODNAME=\"%s\"", stem);
	strvec_push(args, arch_is_64bit(arch) ? "-m64" : "-m32");
	strvec_push(args, "-std=gnu89");
	strvec_push(args, "-Wno-everything");
	strvec_push(args, "-Wincompatible-pointer-types");
	strvec_push(args, "-Wint-conversion");
	strvec_push(args, "-Wimplicit-function-declaration");
	strvec_push(args, "-ferror-limit=0");
	kbuild_flags_release(&kbuild);
	free(mach);
	free(stem);
	free(arch);
}

/* The file at lookup path `path` (absolute): dots collapsed, the asm links of <scratch>/<arch> followed. */
static char *file_of(const struct parse_setup *ps, const char *arch, const char *path)
{
	char *file = path_collapse(path);
	const char *const links[] = { "asm", "second/asm" };
	const char *const sources[] = { arch_source(&ps->layout, arch), arch_second_source(&ps->layout, arch) };

	for (size_t i = 0; i < 2 && sources[i]; i++) {
		char *link = xstrfmt("%s/%s/%s/", ps->scratch, arch, links[i]);
		size_t n = strlen(link);

		if (!strncmp(file, link, n)) {
			char *real = xstrfmt("%s/include/asm-%s/%s", ps->kernel, sources[i], file + n);

			free(link);
			free(file);
			return real;
		}
		free(link);
	}
	return file;
}

/*
 * Whether a parse for arch reads `file` (file_of()) with its function
 * bodies blank: a header of a folder of include/ every arch reads, or of
 * the arch's own asm folders (another arch's stay whole: a parse reads
 * the same whatever else the run parses).
 */
static int blanked_for(const struct parse_setup *ps, const char *arch, const char *file)
{
	char *include = xstrfmt("%s/include/", ps->kernel);
	size_t n = strlen(include);
	int blanked = 0;

	if (ps->blank_bodies && !strncmp(file, include, n) && ends_with(file, ".h")) {
		const char *rest = file + n, *slash = strchr(rest, '/');
		char *folder = slash ? xstrndup(rest, (size_t)(slash - rest)) : NULL;
		const char *source = arch_source(&ps->layout, arch);
		const char *second = arch_second_source(&ps->layout, arch);

		blanked = folder && (strvec_sorted_has(&ps->include_folders, folder) ||
				     (starts_with(folder, "asm-") &&
				      ((source && !strcmp(folder + 4, source)) ||
				       (second && !strcmp(folder + 4, second)))));
		free(folder);
	}
	free(include);
	return blanked;
}

static void add_include(const char *name, size_t len, int quoted, void *data)
{
	struct header_text *h = data;

	ALLOC_GROW(h->includes, h->nr_includes + 1, h->alloc_includes);
	h->includes[h->nr_includes].name = name;
	h->includes[h->nr_includes].len = len;
	h->includes[h->nr_includes].quoted = quoted;
	h->nr_includes++;
}

/*
 * The text a parse reads at `file`, read once a setup (under texts_lock):
 * with `blanked`, the function bodies of a header that defines functions
 * and does not name the API blank (lex/bodies.h), every line in place.
 */
static struct header_text *text_at(struct parse_setup *ps, const char *file, int blanked)
{
	char *key = xstrfmt("%c%s", blanked ? 'B' : 'W', file);
	size_t *at = hash_table_find(&ps->texts_index, key, strlen(key));
	struct header_text *h;

	if (at) {
		free(key);
		return ps->texts[*at];
	}
	h = xcalloc(1, sizeof(*h));
	h->key = key;
	h->text = (struct strbuf)STRBUF_INIT;
	h->readable = strbuf_read_file(&h->text, file) == 0;
	if (h->readable) {
		cache_content_hash(h->text.buf, h->text.len, h->disk_hash);
		lexscan_includes(h->text.buf, h->text.len, add_include, h);
	}
	if (h->readable && blanked &&
	    prefilter_buffer(h->text.buf, h->text.len, kernel_api_tokens) == PREFILTER_SKIP) {
		char *out = xmalloc(h->text.len + 1);

		/* the includes point into the text: blanking keeps every directive in place */
		if (lex_blank_function_bodies(h->text.buf, h->text.len, out) > 0)
			memcpy(h->text.buf, out, h->text.len);
		free(out);
	}
	ALLOC_GROW(ps->texts, ps->nr_texts + 1, ps->alloc_texts);
	ps->texts[ps->nr_texts] = h;
	hash_table_add(&ps->texts_index, h->key, strlen(h->key), ps->nr_texts);
	ps->nr_texts++;
	return h;
}

/* Whether the folder of the absolute path holds its last name (under texts_lock). */
static int names_a_file(struct parse_setup *ps, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t folder_len = (size_t)(slash - path);
	size_t *at = hash_table_find(&ps->folders_index, path, folder_len);
	struct folder_listing *f;

	if (!at) {
		struct strbuf names = STRBUF_INIT;
		DIR *d;
		struct dirent *e;

		f = xcalloc(1, sizeof(*f));
		f->folder = xstrndup(path, folder_len);
		d = opendir(f->folder);
		while (d && (e = readdir(d)))
			strbuf_add(&names, e->d_name, strlen(e->d_name) + 1);
		if (d)
			closedir(d);
		size_t names_len = names.len;

		f->names = strbuf_detach(&names, NULL);
		for (const char *p = f->names; p < f->names + names_len; p += strlen(p) + 1)
			hash_table_add(&f->index, p, strlen(p), 0);
		ALLOC_GROW(ps->folders, ps->nr_folders + 1, ps->alloc_folders);
		ps->folders[ps->nr_folders] = f;
		hash_table_add(&ps->folders_index, f->folder, folder_len, ps->nr_folders);
		ps->nr_folders++;
	} else {
		f = ps->folders[*at];
	}
	return hash_table_find(&f->index, slash + 1, strlen(slash + 1)) != NULL;
}

struct closure {
	struct parse_setup *ps;
	const char *arch;
	const struct strvec *dirs;	/* the -I folders, in order */
	struct hash_table seen;		/* lookup paths, keys in `paths` */
	struct strvec paths;
	struct parse_header *headers;
	size_t nr, alloc;
};

/* Where `#include name` in the file at lookup path `from` resolves, or NULL. */
static char *resolve_include(struct closure *cl, const char *from, const struct include_name *inc)
{
	char *path;

	if (memchr(inc->name, '/', inc->len) == inc->name)
		return NULL;	/* an absolute path: left to the parser */
	if (inc->quoted) {
		const char *slash = strrchr(from, '/');

		path = xstrfmt("%.*s/%.*s", (int)(slash - from), from, (int)inc->len, inc->name);
		if (names_a_file(cl->ps, path))
			return path;
		free(path);
	}
	for (size_t i = 0; i < cl->dirs->nr; i++) {
		path = xstrfmt("%s/%.*s", cl->dirs->v[i], (int)inc->len, inc->name);
		if (names_a_file(cl->ps, path))
			return path;
		free(path);
	}
	return NULL;
}

static void follow_includes(struct closure *cl, const char *from, const struct header_text *h)
{
	for (size_t i = 0; i < h->nr_includes; i++) {
		char *path = resolve_include(cl, from, &h->includes[i]);
		struct header_text *got;
		char *file;

		if (!path)
			continue;
		if (hash_table_find(&cl->seen, path, strlen(path))) {
			free(path);
			continue;
		}
		strvec_push(&cl->paths, path);
		free(path);
		path = cl->paths.v[cl->paths.nr - 1];
		hash_table_add(&cl->seen, path, strlen(path), 0);
		file = file_of(cl->ps, cl->arch, path);
		got = text_at(cl->ps, file, blanked_for(cl->ps, cl->arch, file));
		if (!got->readable) {
			free(file);
			continue;
		}
		ALLOC_GROW(cl->headers, cl->nr + 1, cl->alloc);
		cl->headers[cl->nr].path = xstrdup(path);
		cl->headers[cl->nr].file = file;
		cl->headers[cl->nr].text = got->text.buf;
		cl->headers[cl->nr].len = got->text.len;
		cl->nr++;
		follow_includes(cl, path, got);
	}
}

size_t parse_setup_headers(struct parse_setup *ps, const char *file, const char *text, size_t len,
			   const struct strvec *args, struct parse_header **headers)
{
	struct strvec dirs = STRVEC_INIT;
	struct closure cl = { ps, NULL, &dirs, HASH_TABLE_INIT, STRVEC_INIT, NULL, 0, 0 };
	char *scratch_arg = xstrfmt("-I%s/", ps->scratch);
	char *abs = path_join(ps->tree, file), *arch = NULL;
	struct header_text main_text;

	for (size_t i = 0; i < args->nr; i++) {
		if (!starts_with(args->v[i], "-I"))
			continue;
		strvec_push(&dirs, args->v[i] + 2);
		if (!arch && starts_with(args->v[i], scratch_arg))
			arch = xstrdup(args->v[i] + strlen(scratch_arg));
	}
	memset(&main_text, 0, sizeof(main_text));
	main_text.text = (struct strbuf)STRBUF_INIT;
	if (!text && strbuf_read_file(&main_text.text, abs) == 0) {
		text = main_text.text.buf;
		len = main_text.text.len;
	}
	if (arch && text) {
		cl.arch = arch;
		lexscan_includes(text, len, add_include, &main_text);
		/* the main file's own name is never looked up as a header */
		strvec_push(&cl.paths, abs);
		hash_table_add(&cl.seen, cl.paths.v[0], strlen(abs), 0);
		pthread_mutex_lock(&ps->texts_lock);
		follow_includes(&cl, abs, &main_text);
		pthread_mutex_unlock(&ps->texts_lock);
	}
	free(main_text.includes);
	strbuf_release(&main_text.text);
	hash_table_release(&cl.seen);
	strvec_clear(&cl.paths);
	strvec_clear(&dirs);
	free(scratch_arg);
	free(arch);
	free(abs);
	*headers = cl.headers;
	return cl.nr;
}

int parse_setup_read_hash(struct parse_setup *ps, const char *path, char hash[33])
{
	size_t n = strlen(ps->scratch);
	char *file = NULL, *key;
	int found = 0;

	/* <scratch>/<arch>/asm/...: the arch is in the path */
	if (!strncmp(path, ps->scratch, n) && path[n] == '/') {
		const char *slash = strchr(path + n + 1, '/');
		char *arch = slash ? xstrndup(path + n + 1, (size_t)(slash - path - n - 1)) : NULL;
		int ready;

		pthread_mutex_lock(&ps->lock);
		ready = arch && strvec_has(&ps->ready, arch);
		pthread_mutex_unlock(&ps->lock);
		if (ready)
			file = file_of(ps, arch, path);
		free(arch);
	}
	if (!file)
		file = path_collapse(path);
	pthread_mutex_lock(&ps->texts_lock);
	for (const char *mark = "WB"; *mark && !found; mark++) {
		size_t *at;

		key = xstrfmt("%c%s", *mark, file);
		at = hash_table_find(&ps->texts_index, key, strlen(key));
		if (at && ps->texts[*at]->readable) {
			memcpy(hash, ps->texts[*at]->disk_hash, 33);
			found = 1;
		}
		free(key);
	}
	pthread_mutex_unlock(&ps->texts_lock);
	free(file);
	return found;
}

void parse_headers_free(struct parse_header *headers, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(headers[i].path);
		free(headers[i].file);
	}
	free(headers);
}
