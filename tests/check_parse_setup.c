/*
 * check_parse_setup: the one place that decides a file's parse arguments
 * (analyze/parse-setup.h) and the kernel facts it reads (kernel/arch.h):
 * the autoconf.h of an arch's defconfig and Kconfig defaults, the arch of
 * each file, --arch over both.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/parse-setup.h"
#include "base/cache.h"
#include "base/util.h"
#include "kernel/arch.h"
#include "kernel/kconfig.h"
#include "kernel/kbuild.h"
#include "test-lib.h"

/* A tree with i386 and ia64 headers, an i386 defconfig of the era and its Kconfig. */
static char *small_tree(void)
{
	char *dir = test_tmpdir("check_parse_setup");

	test_put(dir, "Makefile", "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 16\n");
	test_put(dir, "include/linux/kernel.h", "/* */\n");
	test_put(dir, "include/asm-i386/module.h", "/* */\n");
	test_put(dir, "include/asm-i386/mach-default/irq_vectors.h", "/* */\n");
	test_put(dir, "include/asm-ia64/module.h", "/* */\n");
	test_put(dir, "include/asm-ia64/sn/addrs.h", "/* */\n");
	test_put(dir, "include/asm-mips/sn/addrs.h", "/* */\n");
	test_put(dir, "include/asm-mips/sn/klconfig.h", "/* */\n");
	test_put(dir, "arch/i386/defconfig",
		 "#\n# Automatically generated make config: don't edit\n# Linux kernel version: 2.6.16\n#\n"
		 "CONFIG_X86=y\nCONFIG_MPENTIUM4=y\n# CONFIG_M686 is not set\n"
		 "CONFIG_X86_L1_CACHE_SHIFT=7\nCONFIG_USB=m\n# CONFIG_PCMCIA is not set\n"
		 "CONFIG_NLS_DEFAULT=\"iso8859-1\"\n");
	test_put(dir, "arch/i386/Kconfig",
		 "mainmenu \"Linux Kernel Configuration\"\n\n"
		 "config X86\n\tbool\n\tdefault y\n\n"
		 "choice\n\tprompt \"Processor family\"\n\tdefault M686\n\n"
		 "config M686\n\tbool \"Pentium-Pro\"\n\thelp\n\t  default y here is help text\n\n"
		 "config MPENTIUM4\n\tbool \"Pentium-4\"\n\nendchoice\n\n"
		 "source \"kernel/Kconfig.hz\"\n"
		 "source \"arch/$ARCH/Kconfig.numa\"\n");
	test_put(dir, "kernel/Kconfig.hz",
		 "choice\n\tprompt \"Timer frequency\"\n\tdefault HZ_250\n"
		 "config HZ_100\n\tbool \"100 HZ\"\nconfig HZ_250\n\tbool \"250 HZ\"\nendchoice\n\n"
		 "config HZ\n\tint\n\tdefault 100 if HZ_100\n\tdefault 250 if HZ_250\n");
	test_put(dir, "arch/i386/Kconfig.numa",
		 "config NEED_NODES\n\tbool\n\tdefault y\n"
		 "config NODES_SHIFT\n\tint\n\tdefault \"3\"\n\tdepends on NEED_NODES\n"
		 "config PAGE_SHIFT\n\tint\n\tdefault \"12\"\n\tdepends on X86\n");
	test_put(dir, "drivers/char/plain.c", "#include <linux/kernel.h>\n#include <asm/module.h>\n");
	test_put(dir, "drivers/char/snsc.c", "#include <linux/kernel.h>\n#include <asm/sn/addrs.h>\n");
	test_put(dir, "drivers/char/ioc.c", "# include <asm/sn/klconfig.h>\n");
	test_put(dir, "drivers/char/named.c", "#include <asm-ia64/module.h>\n");
	test_put(dir, "arch/ia64/sn/kernel/io.c", "/* */\n");
	test_put(dir, "drivers/net/my-card.c", "/* */\n");
	return dir;
}

/* kconfig_autoconf() of `arch` in the tree at `dir`. */
static char *autoconf_of(const char *dir, const char *arch, const char *const *forced)
{
	struct arch_layout layout;
	char *text;

	arch_layout_init(&layout, dir);
	text = kconfig_autoconf(&layout, arch, forced, NULL);
	arch_layout_release(&layout);
	return text;
}

static int has_line(const char *text, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = text; (p = strstr(p, line)); p++)
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || !p[n]))
			return 1;
	return 0;
}

/* Free a test's setup, then remove and free its scratch folder and tree. */
static void setup_and_folders_free(struct parse_setup *ps, char *scratch, char *dir)
{
	parse_setup_free(ps, 0);
	test_rm_rf(scratch);
	free(scratch);
	test_rm_rf(dir);
	free(dir);
}

START_TEST(autoconf_from_defconfig_and_kconfig_defaults)
{
	static const char *const forced[] = { "PCMCIA", "SYSFS", NULL };
	char *dir = small_tree();
	char *text = autoconf_of(dir, "i386", forced);

	/* The defconfig, as autoconf.h writes it. */
	ck_assert(has_line(text, "#define CONFIG_X86 1"));
	ck_assert(has_line(text, "#define CONFIG_MPENTIUM4 1"));
	ck_assert(!strstr(text, "CONFIG_M686 "));
	ck_assert(has_line(text, "#define CONFIG_X86_L1_CACHE_SHIFT 7"));
	ck_assert(has_line(text, "#define CONFIG_USB_MODULE 1"));
	ck_assert(has_line(text, "#define CONFIG_NLS_DEFAULT \"iso8859-1\""));
	/* Kconfig: a choice it does not set takes its default, a number the first default that holds. */
	ck_assert(has_line(text, "#define CONFIG_HZ_250 1"));
	ck_assert(has_line(text, "#define CONFIG_HZ 250"));
	ck_assert(!strstr(text, "CONFIG_HZ_100"));
	/* A number whose dependency the defconfig leaves off stays out; int defaults lose their quotes. */
	ck_assert(!strstr(text, "CONFIG_NODES_SHIFT"));
	ck_assert(has_line(text, "#define CONFIG_PAGE_SHIFT 12"));
	/* A bool a full defconfig of this kernel omits has its dependencies unmet: left out. */
	ck_assert(!strstr(text, "CONFIG_NEED_NODES"));
	/* Forced options win over "is not set", add what is missing. */
	ck_assert(has_line(text, "#define CONFIG_PCMCIA 1"));
	ck_assert(has_line(text, "#define CONFIG_SYSFS 1"));
	free(text);

	/* No defconfig: the Kconfig defaults alone (here the CPU family's). */
	test_rm_rf(dir);
	free(dir);
	dir = small_tree();
	{
		char *p = xstrfmt("%s/arch/i386/defconfig", dir);

		unlink(p);
		free(p);
	}
	text = autoconf_of(dir, "i386", NULL);
	ck_assert(has_line(text, "#define CONFIG_M686 1"));
	ck_assert(has_line(text, "#define CONFIG_X86 1"));
	ck_assert(has_line(text, "#define CONFIG_NEED_NODES 1"));
	ck_assert(has_line(text, "#define CONFIG_NODES_SHIFT 3"));
	free(text);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

/*
 * A defconfig older than the tree lacks the options added since: they take
 * their Kconfig defaults, as `make oldconfig` gives them.  Dependencies are
 * Kconfig expressions, and the `if` and `menu` blocks around an option or
 * a choice are dependencies too.
 */
START_TEST(autoconf_of_an_older_defconfig_follows_kconfig_expressions)
{
	char *dir = small_tree();
	char *text;

	test_put(dir, "arch/i386/defconfig",
		 "#\n# Automatically generated make config: don't edit\n# Linux kernel version: 2.6.12\n#\n"
		 "CONFIG_X86=y\nCONFIG_MPENTIUM4=y\nCONFIG_EXPERIMENTAL=y\n# CONFIG_NUMA is not set\n"
		 "CONFIG_INITRAMFS_SOURCE=\"\"\nCONFIG_TAGS=0\n");
	test_put(dir, "arch/i386/Kconfig",
		 "config X86\n\tbool\n\tdefault y\n"
		 "config EXPERIMENTAL\n\tbool \"Experimental\"\n"
		 "config NUMA\n\tbool \"NUMA\"\n"
		 "config NEED_NODES\n\tbool\n\tdefault y\n"
		 "source \"mm/Kconfig\"\n"
		 "if NUMA\n"
		 "choice\n\tprompt \"Node model\"\n\tdefault NODE_FAKE\n"
		 "config NODE_FAKE\n\tbool \"fake\"\nconfig NODE_REAL\n\tbool \"real\"\nendchoice\n"
		 "config NUMA_STATS\n\tbool\n\tdefault y\n"
		 "endif\n"
		 "menu \"Gadgets\"\n\tdepends on GADGET\n"
		 "choice\n\tprompt \"Gadget\"\n\tdefault GADGET_ETH\n"
		 "config GADGET_ETH\n\tbool \"eth\"\nendchoice\n"
		 "endmenu\n"
		 "config UART_B\n\tbool\n\tdepends UART_A && X86\n\tdefault y\n"
		 "config EARLY\n\tbool\n\tdepends on LATE\n\tdefault y\n"
		 "menu\t\"Tabbed\"\n\tdepends on GADGET\nconfig TABBED\n\tbool\n\tdefault y\nendmenu\n"
		 "config INITRAMFS_SOURCE\n\tstring \"source\"\n"
		 "config ROOT_UID\n\tint\n\tdepends on INITRAMFS_SOURCE!=\"\"\n\tdefault \"0\"\n"
		 "config TAGS\n\tint \"tags\"\n"
		 "config NO_TAGS\n\tbool\n\tdepends on TAGS=0\n\tdefault y\n"
		 "source \"arch/i386/Kconfig.open\"\n"
		 "config AFTER_OPEN\n\tbool\n\tdefault y\n"
		 "config LATE\n\tbool\n\tdefault y\n"
		 "# a comment line\nconfig UART_C\n\tbool \"C # not a comment\"\n\tdefault y if X86\t\t# a comment\n"
		 "config OLD_API\n\tbool \"old\"\n\tdepends on X86 != n && (NUMA || !NEED_NODES || X86=y)\n"
		 "\tdefault y\n");
	test_put(dir, "mm/Kconfig",
		 "config SELECT_MEMORY_MODEL\n\tdef_bool y\n\tdepends on EXPERIMENTAL || ARCH_SELECT\n"
		 "choice\n\tprompt \"Memory model\"\n\tdepends on SELECT_MEMORY_MODEL\n"
		 "\tdefault DISCONTIGMEM_MANUAL if ARCH_DISCONTIG_DEFAULT\n\tdefault FLATMEM_MANUAL\n"
		 "config FLATMEM_MANUAL\n\tbool \"Flat\"\n"
		 "config DISCONTIGMEM_MANUAL\n\tbool \"Discontiguous\"\nendchoice\n"
		 "config DISCONTIGMEM\n\tdef_bool y\n"
		 "\tdepends on (!SELECT_MEMORY_MODEL && ARCH_DISCONTIG) || DISCONTIGMEM_MANUAL\n"
		 "config FLATMEM\n\tdef_bool y\n\tdepends on (!DISCONTIGMEM && !SPARSEMEM) || FLATMEM_MANUAL\n");
	/* a block a sourced file leaves open ends with that file */
	test_put(dir, "arch/i386/Kconfig.open", "if NUMA\nconfig IN_OPEN\n\tbool\n\tdefault y\n");
	text = autoconf_of(dir, "i386", NULL);
	/* what the older defconfig lacks takes its default */
	ck_assert(has_line(text, "#define CONFIG_NEED_NODES 1"));
	/* a derived option, a choice shown by it, and an option of || and && over both */
	ck_assert(has_line(text, "#define CONFIG_SELECT_MEMORY_MODEL 1"));
	ck_assert(has_line(text, "#define CONFIG_FLATMEM_MANUAL 1"));
	ck_assert(!strstr(text, "DISCONTIGMEM"));
	ck_assert(has_line(text, "#define CONFIG_FLATMEM 1"));
	/* `if NUMA` and a menu's `depends on` hide what they enclose, choices too */
	ck_assert(!strstr(text, "CONFIG_NODE_FAKE"));
	ck_assert(!strstr(text, "CONFIG_NUMA_STATS"));
	ck_assert(!strstr(text, "CONFIG_GADGET_ETH"));
	/* `depends` without `on`; != and = against y; comments */
	ck_assert(!strstr(text, "CONFIG_UART_B"));
	/* a # outside quotes starts a comment */
	ck_assert(has_line(text, "#define CONFIG_UART_C 1"));
	ck_assert(has_line(text, "#define CONFIG_OLD_API 1"));
	/* an option depending on one defined later; a keyword and a tab */
	ck_assert(has_line(text, "#define CONFIG_EARLY 1"));
	ck_assert(!strstr(text, "CONFIG_TABBED"));
	/* a string compares by what it holds, a number as a number */
	ck_assert(!strstr(text, "CONFIG_ROOT_UID"));
	ck_assert(has_line(text, "#define CONFIG_NO_TAGS 1"));
	ck_assert(!strstr(text, "CONFIG_IN_OPEN"));
	ck_assert(has_line(text, "#define CONFIG_AFTER_OPEN 1"));
	/* "is not set" in the defconfig still wins */
	ck_assert(!strstr(text, "CONFIG_NUMA "));
	free(text);

	/* The same Kconfig under a defconfig of this kernel: omitted bools stay off. */
	test_put(dir, "arch/i386/defconfig",
		 "#\n# Linux kernel version: 2.6.16\n#\nCONFIG_X86=y\nCONFIG_EXPERIMENTAL=y\n");
	text = autoconf_of(dir, "i386", NULL);
	ck_assert(!strstr(text, "CONFIG_NEED_NODES"));
	ck_assert(!strstr(text, "CONFIG_FLATMEM 1"));
	free(text);

	/* No version line at all (v2.6.16's i386 defconfig): older than the tree. */
	test_put(dir, "arch/i386/defconfig", "#\n# Automatically generated make config\n#\nCONFIG_X86=y\n");
	text = autoconf_of(dir, "i386", NULL);
	ck_assert(has_line(text, "#define CONFIG_NEED_NODES 1"));
	free(text);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

static char *arch_of(struct parse_setup *ps, const char *file)
{
	return parse_setup_arch(ps, file, NULL, 0);
}

/* The arch parse_setup_arch() picks for `file` is `want`. */
static void assert_arch(struct parse_setup *ps, const char *file, const char *want)
{
	char *a = arch_of(ps, file);

	ck_assert_msg(!strcmp(a, want), "%s: %s, not %s", file, a, want);
	free(a);
}

static void unlink_in(const char *dir, const char *file)
{
	char *path = path_join(dir, file);

	ck_assert_int_eq(unlink(path), 0);
	free(path);
}

START_TEST(arch_per_file)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	struct parse_setup *ps = parse_setup_new(&po);
	char *a;

	assert_arch(ps, "drivers/char/plain.c", "i386");
	/* <asm/sn/...>: i386 has none, ia64 (the first that has it) does. */
	assert_arch(ps, "drivers/char/snsc.c", "ia64");
	/* Only mips has every header asked for. */
	assert_arch(ps, "drivers/char/ioc.c", "mips");
	assert_arch(ps, "drivers/char/named.c", "ia64");
	assert_arch(ps, "arch/ia64/sn/kernel/io.c", "ia64");
	/* Content given wins over the disk's. */
	a = parse_setup_arch(ps, "drivers/char/plain.c", "#include <asm/sn/addrs.h>\n", 26);
	ck_assert_str_eq(a, "ia64");
	free(a);
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST

static int has_arg(const struct strvec *args, const char *arg)
{
	for (size_t i = 0; i < args->nr; i++)
		if (!strcmp(args->v[i], arg))
			return 1;
	return 0;
}

START_TEST(args_of_a_file)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	struct parse_setup *ps = parse_setup_new(&po);
	struct strvec args = STRVEC_INIT;
	char *want, *autoconf;

	parse_setup_args(ps, "drivers/net/my-card.c", NULL, 0, &args);
	ck_assert(has_arg(&args, "-m32"));
	ck_assert(has_arg(&args, "-DKBUILD_BASENAME=\"my_card\""));
	ck_assert(has_arg(&args, "-DKBUILD_MODNAME=\"my_card\""));
	ck_assert(has_arg(&args, "-include"));
	want = xstrfmt("%s/i386/linux/autoconf.h", scratch);
	ck_assert(has_arg(&args, want));
	autoconf = test_read(scratch, "i386/linux/autoconf.h");
	ck_assert_ptr_nonnull(autoconf);
	ck_assert(has_line(autoconf, "#define CONFIG_MPENTIUM4 1"));
	free(autoconf);
	free(want);
	want = xstrfmt("-I%s/include/asm-i386/mach-default", dir);
	ck_assert(has_arg(&args, want));
	free(want);
	/* no GCC of the host is looked for: -nostdinc reads none */
	want = xstrfmt("--gcc-toolchain=%s/i386", scratch);
	ck_assert(has_arg(&args, want));
	free(want);
	strvec_clear(&args);

	parse_setup_args(ps, "drivers/char/snsc.c", NULL, 0, &args);
	ck_assert(has_arg(&args, "-m64"));
	want = xstrfmt("-I%s/ia64", scratch);
	ck_assert(has_arg(&args, want));
	free(want);
	/* ia64 has no mach-default: not asked for. */
	want = xstrfmt("-I%s/include/asm-ia64/mach-default", dir);
	ck_assert(!has_arg(&args, want));
	free(want);
	strvec_clear(&args);
	/* What it wrote goes with it, unless kept. */
	parse_setup_free(ps, 0);
	autoconf = test_read(scratch, "i386/linux/autoconf.h");
	ck_assert_ptr_null(autoconf);
	test_rm_rf(scratch);
	free(scratch);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

/* The header of `headers` looked up at <root>/<rel>, or NULL. */
static const struct parse_header *header_at(const struct parse_header *headers, size_t nr,
					    const char *root, const char *rel)
{
	char *path = xstrfmt("%s/%s", root, rel);
	const struct parse_header *found = NULL;

	for (size_t i = 0; i < nr && !found; i++)
		if (!strcmp(headers[i].path, path))
			found = &headers[i];
	free(path);
	return found;
}

/*
 * scan's parse: the headers of include/ that define functions and do not
 * name the API are handed to it with their bodies blank, every line in
 * place; an arch's own asm folders are blanked for its parses, another
 * arch's stay whole; nothing is written but the arch's scratch folder,
 * and nothing stays.
 */
START_TEST(blanked_header_bodies_in_memory)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 1 };
	struct parse_setup *ps;
	struct strvec args = STRVEC_INIT;
	struct parse_header *h;
	const struct parse_header *got;
	char *want;
	size_t n;

	test_put(dir, "include/linux/inline.h",
		 "struct s { int a; };\nstatic inline int f(struct s *p)\n{\n\treturn p->a;\n}\n");
	test_put(dir, "include/asm-i386/io.h", "static inline void out(int x) { asm(\"out\"); }\n");
	test_put(dir, "include/asm-x86_64/io.h", "static inline void out(int x) { asm(\"outq\"); }\n");
	test_put(dir, "include/linux/api.h", "static inline void g(struct class_device *cd) { h(cd); }\n");
	/* an i386 file by its path, whatever asm folder it names */
	test_put(dir, "arch/i386/kernel/card.c",
		 "#include <linux/inline.h>\n#include <linux/api.h>\n#include <asm/io.h>\n"
		 "#include <asm-x86_64/io.h>\n");
	ps = parse_setup_new(&po);
	parse_setup_args(ps, "arch/i386/kernel/card.c", NULL, 0, &args);
	for (size_t i = 0; i < args.nr; i++)
		ck_assert_ptr_null(strstr(args.v[i], "overlay"));
	n = parse_setup_headers(ps, "arch/i386/kernel/card.c", NULL, 0, &args, &h);
	ck_assert_uint_eq(n, 4);
	got = header_at(h, n, dir, "include/linux/inline.h");
	ck_assert_str_eq(got->text, "struct s { int a; };\nstatic inline int f(struct s *p)\n{\n"
				    "             \n}\n");
	got = header_at(h, n, scratch, "i386/asm/io.h");
	ck_assert_str_eq(got->text, "static inline void out(int x) {             }\n");
	got = header_at(h, n, dir, "include/linux/api.h");
	ck_assert_str_eq(got->text, "static inline void g(struct class_device *cd) { h(cd); }\n");
	got = header_at(h, n, dir, "include/asm-x86_64/io.h");
	ck_assert_str_eq(got->text, "static inline void out(int x) { asm(\"outq\"); }\n");
	parse_headers_free(h, n);
	want = xstrfmt("%s/bodies", scratch);
	ck_assert_int_ne(access(want, F_OK), 0);
	free(want);
	strvec_clear(&args);
	/* an x86_64 file: its own asm folder is blanked */
	test_put(dir, "arch/x86_64/kernel/setup.c", "#include <asm/io.h>\n");
	parse_setup_args(ps, "arch/x86_64/kernel/setup.c", NULL, 0, &args);
	n = parse_setup_headers(ps, "arch/x86_64/kernel/setup.c", NULL, 0, &args, &h);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(h[0].text, "static inline void out(int x) {              }\n");
	parse_headers_free(h, n);
	strvec_clear(&args);
	parse_setup_free(ps, 0);
	want = xstrfmt("%s/i386", scratch);
	ck_assert_int_ne(access(want, F_OK), 0);
	free(want);
	test_rm_rf(scratch);
	free(scratch);
	test_rm_rf(dir);
	free(dir);
}
END_TEST


/*
 * One setup switched between whole and blank header bodies between
 * parses (verify's parse before a change, a step pass's queries): a
 * setup made whole reads the bodies whole, then blank once switched,
 * then whole again, from the text it read once.
 */
START_TEST(blank_header_bodies_switched)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	static const char whole[] = "static inline int f(int *p)\n{\n\treturn *p;\n}\n";
	static const char blank[] = "static inline int f(int *p)\n{\n           \n}\n";
	const char *const want[] = { whole, blank, whole };
	struct parse_setup *ps;
	struct strvec args = STRVEC_INIT;
	struct parse_header *h;
	size_t n;

	test_put(dir, "include/linux/inline.h", whole);
	test_put(dir, "drivers/misc/user.c", "#include <linux/inline.h>\n");
	ps = parse_setup_new(&po);
	parse_setup_args(ps, "drivers/misc/user.c", NULL, 0, &args);
	for (int round = 0; round < 3; round++) {
		parse_setup_set_blank_header_bodies(ps, round == 1);
		ck_assert_int_eq(parse_setup_blanks_bodies(ps), round == 1);
		n = parse_setup_headers(ps, "drivers/misc/user.c", NULL, 0, &args, &h);
		ck_assert_uint_eq(n, 1);
		ck_assert_str_eq(h[0].text, want[round]);
		parse_headers_free(h, n);
	}
	strvec_clear(&args);
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST


/*
 * The headers a parse reads, worked out from the #include lines: each
 * looked up where the parser looks (a quoted name beside its includer
 * first, then the -I folders in order, the arch's asm link among them),
 * with the text the parse reads there (bodies blank for scan's parse),
 * every #if branch followed, a cycle once, what exists nowhere left out;
 * and the hash of each file as read.
 */
START_TEST(headers_a_parse_reads)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 1 };
	struct parse_setup *ps;
	struct strvec args = STRVEC_INIT;
	struct parse_header *h;
	const struct parse_header *got;
	char *want;
	size_t n;

	test_put(dir, "include/linux/inline.h",
		 "#ifndef INLINE_H\n#define INLINE_H\n#include <linux/kernel.h>\n"
		 "#ifdef CONFIG_NOWHERE\n# include \"local.h\"\n#endif\n"
		 "#include <linux/inline.h>\n#include <linux/missing.h>\n"
		 "static inline int f(void)\n{\n\treturn 1;\n}\n#endif\n");
	test_put(dir, "include/linux/local.h", "#include_next <local.h>\n#include <asm/module.h>\n");
	test_put(dir, "drivers/char/local.h", "/* beside the driver */\n");
	test_put(dir, "drivers/char/two.c",
		 "#include <linux/inline.h>\n#include \"local.h\"\n#include </abs/path.h>\n");
	ps = parse_setup_new(&po);
	parse_setup_args(ps, "drivers/char/two.c", NULL, 0, &args);
	n = parse_setup_headers(ps, "drivers/char/two.c", NULL, 0, &args, &h);
	/* inline.h, kernel.h, include/linux/local.h, module.h through the link, drivers/char/local.h */
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(h[0].path, (want = xstrfmt("%s/include/linux/inline.h", dir)));
	free(want);
	/* the parse reads the blanked copy */
	ck_assert_ptr_nonnull(strstr(h[0].text, "{\n          \n}"));
	ck_assert_uint_eq(h[0].len, strlen(h[0].text));
	ck_assert_ptr_nonnull(header_at(h, n, dir, "include/linux/kernel.h"));
	/* a quoted name inside include/linux/ is looked up there first */
	got = header_at(h, n, dir, "include/linux/local.h");
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got->text, "#include_next <local.h>\n#include <asm/module.h>\n");
	/* <asm/...> through the arch's link in the scratch folder: the file is the tree's */
	got = header_at(h, n, scratch, "i386/asm/module.h");
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got->file, (want = xstrfmt("%s/include/asm-i386/module.h", dir)));
	free(want);
	got = header_at(h, n, dir, "drivers/char/local.h");
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got->text, "/* beside the driver */\n");
	ck_assert_ptr_null(header_at(h, n, dir, "include/linux/missing.h"));
	/* the hash of each as read, the disk's before blanking, whatever path named it */
	{
		const char *const read[][2] = {
			{ dir, "include/linux/inline.h" }, { scratch, "i386/asm/module.h" },
			{ dir, "drivers/char/../char/local.h" },
		};
		char got_hash[33], disk_hash[33];

		for (size_t i = 0; i < 3; i++) {
			char *path = xstrfmt("%s/%s", read[i][0], read[i][1]);

			ck_assert_msg(parse_setup_read_hash(ps, path, got_hash), "%s", path);
			ck_assert_int_eq(cache_file_hash(path, disk_hash), 0);
			ck_assert_str_eq(got_hash, disk_hash);
			free(path);
		}
		want = xstrfmt("%s/drivers/char/two.c", dir);
		ck_assert(!parse_setup_read_hash(ps, want, got_hash));
		free(want);
	}
	parse_headers_free(h, n);
	/* the text given, not the disk's */
	n = parse_setup_headers(ps, "drivers/char/two.c", "#include \"local.h\"\n", 19, &args, &h);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_nonnull(header_at(h, n, dir, "drivers/char/local.h"));
	parse_headers_free(h, n);
	strvec_clear(&args);
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST

/* A tree whose Makefiles build files under options the defconfig leaves off. */
static char *kbuild_tree(void)
{
	char *dir = small_tree();

	test_put(dir, "drivers/Makefile", "obj-$(CONFIG_GIZMO)\t+= gizmo/\nobj-y += char/\n");
	test_put(dir, "drivers/gizmo/Makefile",
		 "# gizmo core and its parts\n"
		 "obj-$(CONFIG_GIZMO_CORE) += gizmo.o\n"
		 "gizmo-y := gizmo-main.o \\\n\tgizmo-sysfs.o\n"
		 "gizmo-$(CONFIG_GIZMO_RAW) += gizmo-raw.o\n"
		 "obj-y += always.o\n"
		 "EXTRA_CFLAGS += -Idrivers/gizmo/include -I$(src)/local -DGIZMO_DEBUG\n"
		 "CFLAGS_gizmo-raw.o := -DRAW_NAME='\"raw\"'\n"
		 "ifeq ($(CONFIG_GIZMO_DEBUG),y)\nEXTRA_CFLAGS += -DDEBUG -Idebug\nendif\n");
	test_put(dir, "drivers/gizmo/Kconfig",
		 "menu \"Gizmos\"\n\tdepends on X86\n"
		 "config GIZMO\n\tbool \"Gizmo support\"\n\tdepends on PCI_BASE && (FOO || BAR)\n"
		 "if GIZMO\n"
		 "config GIZMO_CORE\n\tbool\n\tdefault GIZMO_BUS\n"
		 "config GIZMO_RAW\n\ttristate \"raw\"\n\tdepends on GIZMO_CORE && !BROKEN\n"
		 "endif\nendmenu\n");
	test_put(dir, "drivers/Kconfig", "source \"drivers/gizmo/Kconfig\"\n");
	test_put(dir, "arch/i386/Kconfig.numa",
		 "config NEED_NODES\n\tbool\n\tdefault y\n"
		 "config NODES_SHIFT\n\tint\n\tdefault \"3\"\n\tdepends on NEED_NODES\n"
		 "config PAGE_SHIFT\n\tint\n\tdefault \"12\"\n\tdepends on X86\n"
		 "source \"drivers/Kconfig\"\n");
	test_put(dir, "drivers/gizmo/gizmo-raw.c", "/* */\n");
	test_put(dir, "drivers/gizmo/gizmo-main.c", "/* */\n");
	test_put(dir, "drivers/gizmo/always.c", "/* */\n");
	test_put(dir, "drivers/gizmo/stray.c", "/* */\n");
	return dir;
}

START_TEST(platform_folder_arch)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	struct parse_setup *ps;

	test_put(dir, "include/asm-ppc/posix_types.h", "/* */\n");
	test_put(dir, "include/asm-powerpc/posix_types.h", "/* */\n");
	ps = parse_setup_new(&po);
	assert_arch(ps, "drivers/macintosh/adb.c", "ppc");
	parse_setup_free(ps, 0);
	/* 2.6.25: asm-ppc only adds to asm-powerpc */
	unlink_in(dir, "include/asm-ppc/posix_types.h");
	test_put(dir, "include/asm-ppc/ppc_asm.h", "/* */\n");
	ps = parse_setup_new(&po);
	assert_arch(ps, "drivers/macintosh/adb.c", "powerpc");
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST

/* ppc's Makefile links include/asm-powerpc as a second asm folder: both are searched. */
START_TEST(second_asm_folder_of_an_arch)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	struct parse_setup *ps;
	struct strvec args = STRVEC_INIT;
	struct arch_layout layout;
	char *want, *text;

	test_put(dir, "include/asm-ppc/mpc52xx_psc.h", "/* */\n");
	test_put(dir, "include/asm-powerpc/of_platform.h", "/* */\n");
	test_put(dir, "include/asm-powerpc/types.h", "/* powerpc types */\n");
	test_put(dir, "arch/ppc/Makefile",
		 "# Temporary hack until we have migrated to asm-powerpc\n"
		 "arch/$(ARCH)/include/asm:\n"
		 "\t$(Q)ln -fsn $(srctree)/include/asm-powerpc arch/$(ARCH)/include/asm\n");
	/* a folder named by a make variable is no one folder: none */
	test_put(dir, "arch/powerpc/Makefile",
		 "\t$(Q)ln -fsn $(srctree)/include/asm-$(OLDARCH) arch/$(ARCH)/include/asm\n");
	test_put(dir, "drivers/spi/psc_spi.c",
		 "#include <asm/of_platform.h>\n#include <asm/mpc52xx_psc.h>\n");
	arch_layout_init(&layout, dir);
	ck_assert_str_eq(arch_second_source(&layout, "ppc"), "powerpc");
	ck_assert_ptr_null(arch_second_source(&layout, "powerpc"));
	ck_assert_ptr_null(arch_second_source(&layout, "i386"));
	arch_layout_release(&layout);

	ps = parse_setup_new(&po);
	/* neither folder alone has both headers; ppc with its second one has */
	assert_arch(ps, "drivers/spi/psc_spi.c", "ppc");
	parse_setup_args(ps, "drivers/spi/psc_spi.c", NULL, 0, &args);
	want = xstrfmt("-I%s/ppc/second", scratch);
	ck_assert(has_arg(&args, want));
	free(want);
	text = test_read(scratch, "ppc/second/asm/types.h");
	ck_assert_ptr_nonnull(text);
	ck_assert(strstr(text, "powerpc types"));
	free(text);
	strvec_clear(&args);
	/* i386 has no second folder */
	parse_setup_args(ps, "drivers/net/my-card.c", NULL, 0, &args);
	want = xstrfmt("-I%s/i386/second", scratch);
	ck_assert(!has_arg(&args, want));
	free(want);
	strvec_clear(&args);
	parse_setup_free(ps, 0);
	text = test_read(scratch, "ppc/second/asm/types.h");
	ck_assert_ptr_null(text);
	test_rm_rf(scratch);
	free(scratch);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(kbuild_flags_of_a_file)
{
	char *dir = kbuild_tree();
	struct kbuild_flags f = KBUILD_FLAGS_INIT;

	/* gizmo-raw.o: its own option, the composite gizmo.o's, the folder's */
	kbuild_flags_of(dir, "drivers/gizmo/gizmo-raw.c", &f);
	ck_assert_uint_eq(f.options.nr, 3);
	ck_assert_str_eq(f.options.v[0], "GIZMO");
	ck_assert_str_eq(f.options.v[1], "GIZMO_CORE");
	ck_assert_str_eq(f.options.v[2], "GIZMO_RAW");
	ck_assert_uint_eq(f.includes.nr, 2);
	ck_assert_str_eq(f.includes.v[0], "drivers/gizmo/include");
	ck_assert_str_eq(f.includes.v[1], "drivers/gizmo/local");
	ck_assert_uint_eq(f.defines.nr, 2);
	ck_assert_str_eq(f.defines.v[0], "GIZMO_DEBUG");
	ck_assert_str_eq(f.defines.v[1], "RAW_NAME=\"raw\"");
	kbuild_flags_release(&f);
	/* a continuation line still names gizmo-main.o; CFLAGS_ of another file is not its */
	kbuild_flags_of(dir, "drivers/gizmo/gizmo-main.c", &f);
	ck_assert_uint_eq(f.options.nr, 2);
	ck_assert_uint_eq(f.defines.nr, 1);
	kbuild_flags_release(&f);
	/* obj-y: only the folder's own option */
	kbuild_flags_of(dir, "drivers/gizmo/always.c", &f);
	ck_assert_uint_eq(f.options.nr, 1);
	ck_assert_str_eq(f.options.v[0], "GIZMO");
	kbuild_flags_release(&f);
	/* no Makefile line names it: no option, folder flags still */
	kbuild_flags_of(dir, "drivers/gizmo/stray.c", &f);
	ck_assert_uint_eq(f.options.nr, 0);
	ck_assert_uint_eq(f.includes.nr, 2);
	kbuild_flags_release(&f);
	kbuild_flags_of(dir, "drivers/char/plain.c", &f);
	ck_assert_uint_eq(f.options.nr + f.includes.nr + f.defines.nr, 0);
	kbuild_flags_release(&f);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(args_switch_on_what_builds_the_file)
{
	char *dir = kbuild_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	struct parse_setup *ps = parse_setup_new(&po);
	struct strvec args = STRVEC_INIT;
	char *want;

	parse_setup_args(ps, "drivers/gizmo/gizmo-raw.c", NULL, 0, &args);
	ck_assert(has_arg(&args, "-DCONFIG_GIZMO=1"));
	ck_assert(has_arg(&args, "-DCONFIG_GIZMO_CORE=1"));
	ck_assert(has_arg(&args, "-DCONFIG_GIZMO_RAW=1"));
	/* what they need: GIZMO's plain conjunct, GIZMO_CORE's only default */
	ck_assert(has_arg(&args, "-DCONFIG_PCI_BASE=1"));
	ck_assert(has_arg(&args, "-DCONFIG_GIZMO_BUS=1"));
	/* not a choice inside || nor a negation, not what the defconfig has on */
	ck_assert(!has_arg(&args, "-DCONFIG_FOO=1"));
	ck_assert(!has_arg(&args, "-DCONFIG_BAR=1"));
	ck_assert(!has_arg(&args, "-DCONFIG_BROKEN=1"));
	ck_assert(!has_arg(&args, "-DCONFIG_X86=1"));
	ck_assert(has_arg(&args, "-DGIZMO_DEBUG"));
	want = xstrfmt("-I%s/drivers/gizmo/include", dir);
	ck_assert(has_arg(&args, want));
	free(want);
	strvec_clear(&args);
	parse_setup_args(ps, "drivers/char/plain.c", NULL, 0, &args);
	for (size_t i = 0; i < args.nr; i++)
		ck_assert_msg(!starts_with(args.v[i], "-DCONFIG_"), "%s", args.v[i]);
	strvec_clear(&args);
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST

START_TEST(arch_not_from_an_include_under_an_option)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	struct parse_setup *ps = parse_setup_new(&po);
	const char *text = "#ifndef _GUARD_H\n#define _GUARD_H\n#include <linux/kernel.h>\n"
			   "#ifdef CONFIG_SN_BOARD\n#  include <asm/sn/addrs.h>\n#endif\n#endif\n";
	char *a = parse_setup_arch(ps, "drivers/char/guarded.c", text, strlen(text));

	ck_assert_str_eq(a, "i386");
	free(a);
	/* a header guard alone is no option: the include counts */
	text = "#ifndef _GUARD_H\n#define _GUARD_H\n#include <asm/sn/addrs.h>\n#endif\n";
	a = parse_setup_arch(ps, "drivers/char/guarded.c", text, strlen(text));
	ck_assert_str_eq(a, "ia64");
	free(a);
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST

START_TEST(arch_option_overrides)
{
	char *dir = small_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, "ia64", 0, 0 };
	struct parse_setup *ps = parse_setup_new(&po);

	/* The setup's own --arch (scan, report). */
	assert_arch(ps, "drivers/char/plain.c", "ia64");
	parse_setup_free(ps, 0);
	/* options_set_arch() of the other commands: over every setup, whatever the file. */
	po.arch = NULL;
	ps = parse_setup_new(&po);
	parse_setup_force_arch("mips");
	assert_arch(ps, "drivers/char/plain.c", "mips");
	assert_arch(ps, "arch/ia64/sn/kernel/io.c", "mips");
	parse_setup_force_arch(NULL);
	assert_arch(ps, "arch/ia64/sn/kernel/io.c", "ia64");
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST

/*
 * After the x86 merge (2.6.24) i386 and x86_64 share arch/x86/ and
 * include/asm-x86/: the top Makefile says so (SRCARCH), each has its
 * defconfig in arch/x86/configs/, and Kconfig tells them apart by ARCH.
 */
static char *merged_tree(void)
{
	char *dir = test_tmpdir("check_parse_setup_x86");

	test_put(dir, "Makefile",
		 "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 25\n"
		 "SRCARCH \t:= $(ARCH)\n\n"
		 "# Additional ARCH settings for x86\nifeq ($(ARCH),i386)\n        SRCARCH := x86\nendif\n"
		 "ifeq ($(ARCH),x86_64)\n        SRCARCH := x86\nendif\n");
	test_put(dir, "include/linux/kernel.h", "/* */\n");
	test_put(dir, "include/asm-x86/module.h", "/* */\n");
	test_put(dir, "include/asm-x86/page_64.h", "/* */\n");
	test_put(dir, "include/asm-x86/mach-default/irq_vectors.h", "/* */\n");
	test_put(dir, "include/asm-ia64/module.h", "/* */\n");
	test_put(dir, "include/asm-ia64/sn/addrs.h", "/* */\n");
	test_put(dir, "arch/x86/configs/i386_defconfig",
		 "#\n# Linux kernel version: 2.6.22-git14\n#\nCONFIG_X86_32=y\nCONFIG_MPENTIUM4=y\n");
	test_put(dir, "arch/x86/Kconfig",
		 "mainmenu \"Linux Kernel Configuration for x86\"\n\n"
		 "config 64BIT\n\tbool \"64-bit kernel\" if ARCH = \"x86\"\n\tdefault ARCH = \"x86_64\"\n\n"
		 "config X86_32\n\tdef_bool !64BIT\n\nconfig X86_64\n\tdef_bool 64BIT\n\n"
		 "config PAGE_OFFSET\n\thex\n\tdefault 0xC0000000\n\tdepends on X86_32\n\n"
		 "source \"init/Kconfig\"\nsource \"arch/x86/Kconfig.cpu\"\n");
	test_put(dir, "init/Kconfig", "config ARCH\n\tstring\n\toption env=\"ARCH\"\n");
	test_put(dir, "arch/x86/Kconfig.cpu",
		 "choice\n\tprompt \"Processor family\"\n\tdefault M686 if X86_32\n\tdefault GENERIC_CPU if X86_64\n"
		 "config M686\n\tbool \"Pentium-Pro\"\n\tdepends on X86_32\n"
		 "config MPENTIUM4\n\tbool \"Pentium-4\"\n\tdepends on X86_32\n"
		 "config GENERIC_CPU\n\tbool \"Generic-x86-64\"\n\tdepends on X86_64\nendchoice\n");
	test_put(dir, "drivers/char/plain.c", "#include <linux/kernel.h>\n#include <asm/module.h>\n");
	test_put(dir, "drivers/char/snsc.c", "#include <asm/sn/addrs.h>\n");
	test_put(dir, "drivers/char/named.c", "#include <asm-x86/module.h>\n");
	test_put(dir, "arch/x86/kernel/setup_64.c", "/* */\n");
	test_put(dir, "arch/x86/kernel/cpuid.c", "/* */\n");
	return dir;
}

START_TEST(merged_x86_layout)
{
	char *dir = merged_tree();
	char *scratch = test_tmpdir("check_parse_setup_scratch");
	struct parse_setup_options po = { dir, dir, scratch, NULL, 0, 0 };
	struct parse_setup *ps = parse_setup_new(&po);
	struct strvec args = STRVEC_INIT;
	struct arch_layout layout;
	char *want, *text, *link;

	arch_layout_init(&layout, dir);
	/* the arches are i386 and x86_64, not the folder they share */
	ck_assert(arch_exists(&layout, "i386"));
	ck_assert(arch_exists(&layout, "x86_64"));
	ck_assert(!arch_exists(&layout, "x86"));
	ck_assert(arch_exists(&layout, "ia64"));
	ck_assert_str_eq(arch_source(&layout, "x86_64"), "x86");
	ck_assert_str_eq(arch_source(&layout, "ia64"), "ia64");
	ck_assert_str_eq(arch_canonical(&layout, "x86"), "i386");
	ck_assert_str_eq(arch_canonical(&layout, "x86_64"), "x86_64");

	/* i386's defconfig is older than the tree: Kconfig fills in; ARCH is make's, never written */
	text = kconfig_autoconf(&layout, "i386", NULL, NULL);
	ck_assert(has_line(text, "/* synthesized by cdmigrate from arch/x86/configs/i386_defconfig and Kconfig defaults */"));
	ck_assert(has_line(text, "#define CONFIG_X86_32 1"));
	ck_assert(!strstr(text, "CONFIG_64BIT"));
	ck_assert(!strstr(text, "CONFIG_X86_64"));
	ck_assert(has_line(text, "#define CONFIG_MPENTIUM4 1"));
	ck_assert(has_line(text, "#define CONFIG_PAGE_OFFSET 0xC0000000"));
	ck_assert(!strstr(text, "CONFIG_ARCH"));
	ck_assert(!strstr(text, "CONFIG_SRCARCH"));
	free(text);
	/* x86_64 has no defconfig here: `default ARCH = "x86_64"` and def_bool expressions decide */
	text = kconfig_autoconf(&layout, "x86_64", NULL, NULL);
	ck_assert(has_line(text, "#define CONFIG_64BIT 1"));
	ck_assert(has_line(text, "#define CONFIG_X86_64 1"));
	ck_assert(!strstr(text, "CONFIG_X86_32"));
	ck_assert(!strstr(text, "CONFIG_PAGE_OFFSET"));
	ck_assert(has_line(text, "#define CONFIG_GENERIC_CPU 1"));
	free(text);
	arch_layout_release(&layout);

	assert_arch(ps, "drivers/char/plain.c", "i386");
	assert_arch(ps, "drivers/char/snsc.c", "ia64");
	/* <asm-x86/...> names the shared folder: the default arch has it */
	assert_arch(ps, "drivers/char/named.c", "i386");
	assert_arch(ps, "arch/x86/kernel/setup_64.c", "x86_64");
	assert_arch(ps, "arch/x86/kernel/cpuid.c", "i386");
	assert_arch(ps, "include/asm-x86/page_64.h", "x86_64");

	/* the asm link and mach-default are the shared folder's, -m32/-m64 the arch's */
	parse_setup_args(ps, "drivers/char/plain.c", NULL, 0, &args);
	ck_assert(has_arg(&args, "-m32"));
	want = xstrfmt("-I%s/include/asm-x86/mach-default", dir);
	ck_assert(has_arg(&args, want));
	free(want);
	strvec_clear(&args);
	link = xstrfmt("%s/i386/asm", scratch);
	want = xstrfmt("%s/include/asm-x86", dir);
	{
		char target[4096];
		ssize_t n = readlink(link, target, sizeof(target) - 1);

		ck_assert_int_gt(n, 0);
		target[n] = '\0';
		ck_assert_str_eq(target, want);
	}
	free(link);
	free(want);
	parse_setup_args(ps, "arch/x86/kernel/setup_64.c", NULL, 0, &args);
	ck_assert(has_arg(&args, "-m64"));
	strvec_clear(&args);

	/* --arch x86 is what `make ARCH=x86` builds by default: i386 */
	parse_setup_force_arch("x86");
	assert_arch(ps, "arch/x86/kernel/setup_64.c", "i386");
	parse_setup_force_arch(NULL);
	setup_and_folders_free(ps, scratch, dir);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("parse_setup");
	TCase *tc = tcase_create("parse_setup");

	tcase_add_test(tc, autoconf_from_defconfig_and_kconfig_defaults);
	tcase_add_test(tc, autoconf_of_an_older_defconfig_follows_kconfig_expressions);
	tcase_add_test(tc, arch_per_file);
	tcase_add_test(tc, args_of_a_file);
	tcase_add_test(tc, blanked_header_bodies_in_memory);
	tcase_add_test(tc, blank_header_bodies_switched);
	tcase_add_test(tc, headers_a_parse_reads);
	tcase_add_test(tc, arch_option_overrides);
	tcase_add_test(tc, merged_x86_layout);
	tcase_add_test(tc, platform_folder_arch);
	tcase_add_test(tc, second_asm_folder_of_an_arch);
	tcase_add_test(tc, kbuild_flags_of_a_file);
	tcase_add_test(tc, args_switch_on_what_builds_the_file);
	tcase_add_test(tc, arch_not_from_an_include_under_an_option);
	suite_add_tcase(s, tc);
	return s;
}
