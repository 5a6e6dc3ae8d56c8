#define _GNU_SOURCE
#include "analyze/parse-setup.h"
#include "kernel/arch.h"
#include "kernel/kernel-version.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

struct parse_setup {
	char *tree, *kernel, *scratch;
	char *arch;			/* forced, or NULL */
	int out_of_tree;
	int type_errors;
	char *version_h;
	struct arch_layout layout;
	pthread_mutex_t lock;
	struct strvec ready;		/* arches whose scratch directory is written */
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

struct parse_setup *parse_setup_new(const struct parse_setup_options *opts)
{
	struct parse_setup *ps = xcalloc(1, sizeof(*ps));

	ps->tree = xstrdup(opts->tree);
	ps->kernel = xstrdup(opts->kernel ? opts->kernel : opts->tree);
	ps->scratch = xstrdup(opts->scratch);
	ps->arch = opts->arch ? xstrdup(opts->arch) : NULL;
	ps->out_of_tree = opts->out_of_tree;
	ps->type_errors = opts->type_errors;
	ps->version_h = make_version_h(ps->kernel);
	arch_layout_init(&ps->layout, ps->kernel);
	pthread_mutex_init(&ps->lock, NULL);
	return ps;
}

static void remove_arch_dir(const char *dir)
{
	static const char *const entries[] = { "asm", "linux/autoconf.h", "linux/version.h", "linux", NULL };
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
	strvec_clear(&ps->ready);
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

/* Write <scratch>/<arch>/{asm,linux/autoconf.h,linux/version.h} once. */
static void prepare_arch(struct parse_setup *ps, const char *arch)
{
	char *dir, *linux_dir, *link, *target, *file, *autoconf;

	pthread_mutex_lock(&ps->lock);
	for (size_t i = 0; i < ps->ready.nr; i++)
		if (!strcmp(ps->ready.v[i], arch))
			goto out;
	dir = path_join(ps->scratch, arch);
	linux_dir = path_join(dir, "linux");
	mkdir(dir, 0700);
	mkdir(linux_dir, 0700);
	link = path_join(dir, "asm");
	target = xstrfmt("%s/include/asm-%s", ps->kernel, arch_source(&ps->layout, arch));
	if (symlink(target, link) < 0 && errno != EEXIST)
		warning("%s: cannot link asm headers: %s", link, strerror(errno));
	autoconf = arch_autoconf(&ps->layout, arch, needed_options);
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

void parse_setup_args(struct parse_setup *ps, const char *file, const char *text, size_t len,
		      struct strvec *args)
{
	char *arch = parse_setup_arch(ps, file, text, len);
	const char *base = strrchr(file, '/');
	char *stem = xstrdup(base ? base + 1 : file);
	char *dot = strrchr(stem, '.');
	char *mach = xstrfmt("%s/include/asm-%s/mach-default", ps->kernel, arch_source(&ps->layout, arch));
	struct stat st;

	if (dot)
		*dot = '\0';
	for (char *p = stem; *p; p++)
		if (*p == '-')
			*p = '_';
	prepare_arch(ps, arch);
	strvec_push(args, "-x");
	strvec_push(args, "c");
	strvec_push(args, "-nostdinc");
	strvec_push(args, "-isystem");
	strvec_push(args, CLANG_RESOURCE_DIR);
	strvec_pushf(args, "-I%s/%s", ps->scratch, arch);
	if (ps->out_of_tree)
		strvec_pushf(args, "-I%s", ps->tree);
	strvec_pushf(args, "-I%s/include", ps->kernel);
	if (stat(mach, &st) == 0 && S_ISDIR(st.st_mode))
		strvec_pushf(args, "-I%s", mach);
	strvec_push(args, "-include");
	strvec_pushf(args, "%s/%s/linux/autoconf.h", ps->scratch, arch);
	strvec_push(args, "-D__KERNEL__");
	strvec_pushf(args, "-DKBUILD_BASENAME=\"%s\"", stem);
	strvec_pushf(args, "-DKBUILD_MODNAME=\"%s\"", stem);
	strvec_push(args, arch_is_64bit(arch) ? "-m64" : "-m32");
	strvec_push(args, "-std=gnu89");
	if (ps->type_errors) {
		strvec_push(args, "-Wno-everything");
		strvec_push(args, "-Werror=incompatible-pointer-types");
		strvec_push(args, "-Werror=int-conversion");
		strvec_push(args, "-Werror=implicit-function-declaration");
	} else {
		strvec_push(args, "-w");
	}
	strvec_push(args, "-ferror-limit=0");
	free(mach);
	free(stem);
	free(arch);
}
