/* Unit tests of the scan pipeline's pure parts: walk, prefilter, site model,
 * subsystems, lexscan; and one classifier rule on a tiny tree.  libclang
 * itself is exercised by runner/test-scan. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/classify.h"
#include "analyze/prefilter.h"
#include "analyze/scan.h"
#include "analyze/site.h"
#include "base/cache.h"
#include "base/walk.h"
#include "kernel/kernel.h"
#include "kernel/subsystem.h"
#include "lex/bodies.h"
#include "lex/lexscan.h"
#include "test-lib.h"

static char *tree;

static void setup(void)
{
	tree = test_tmpdir("check_scan");
	test_put(tree, "b.c", "int b;\n");
	test_put(tree, "a/z.h", "struct class_device *x;\n");
	test_put(tree, "a/y.c", "/* nothing */\n");
	test_put(tree, "a/readme.txt", "class_device\n");
	test_put(tree, ".git/hidden.c", "class_device\n");
	test_write(tree, "bin/blob.c", "class_device\0\1\2", 15);
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

START_TEST(walk_lists_sorted_c_sources_only)
{
	struct strvec files = STRVEC_INIT;
	struct walk_stats st = { 0, 0, NULL, NULL };

	ck_assert_int_eq(walk_tree(tree, NULL, &files, &st), 0);
	ck_assert_uint_eq(files.nr, 4);
	ck_assert_str_eq(files.v[0], "a/y.c");
	ck_assert_str_eq(files.v[1], "a/z.h");
	ck_assert_str_eq(files.v[2], "b.c");
	ck_assert_str_eq(files.v[3], "bin/blob.c");
	strvec_clear(&files);
}
END_TEST

START_TEST(walk_never_follows_symlinks)
{
	struct strvec files = STRVEC_INIT;
	char path[256];

	snprintf(path, sizeof(path), "%s/loop1", tree);
	ck_assert_int_eq(symlink("loop2", path), 0);
	snprintf(path, sizeof(path), "%s/loop2", tree);
	ck_assert_int_eq(symlink("loop1", path), 0);
	snprintf(path, sizeof(path), "%s/out", tree);
	ck_assert_int_eq(symlink("/usr/include", path), 0);
	snprintf(path, sizeof(path), "%s/link.c", tree);
	ck_assert_int_eq(symlink("b.c", path), 0);
	ck_assert_int_eq(walk_tree(tree, NULL, &files, NULL), 0);
	ck_assert_uint_eq(files.nr, 4);
	strvec_clear(&files);
}
END_TEST

START_TEST(walk_paths_restrict_and_refuse_escapes)
{
	struct strvec files = STRVEC_INIT, paths = STRVEC_INIT;

	strvec_push(&paths, "b.c");
	strvec_push(&paths, "./a/");
	ck_assert_int_eq(walk_tree(tree, &paths, &files, NULL), 0);
	ck_assert_uint_eq(files.nr, 3);
	ck_assert_str_eq(files.v[0], "a/y.c");
	ck_assert_str_eq(files.v[2], "b.c");
	strvec_clear(&files);
	strvec_clear(&paths);
	strvec_push(&paths, "../etc");
	ck_assert_int_eq(walk_tree(tree, &paths, &files, NULL), -1);
	strvec_clear(&paths);
	strvec_push(&paths, "missing.c");
	ck_assert_int_eq(walk_tree(tree, &paths, &files, NULL), -1);
	strvec_clear(&paths);
	strvec_clear(&files);
}
END_TEST

START_TEST(walk_missing_root_is_an_error)
{
	struct strvec files = STRVEC_INIT;
	char path[256];

	ck_assert_int_eq(walk_tree("/nonexistent/tree", NULL, &files, NULL), -1);
	snprintf(path, sizeof(path), "%s/b.c", tree);
	ck_assert_int_eq(walk_tree(path, NULL, &files, NULL), -1);
	strvec_clear(&files);
}
END_TEST

START_TEST(prefilter_tokens_and_binary)
{
	const char *const tokens[] = { "class_device", "struct class ", NULL };

	ck_assert_int_eq(prefilter_buffer("int x;", 6, tokens), PREFILTER_SKIP);
	ck_assert_int_eq(prefilter_buffer("struct class_device *d;", 23, tokens), PREFILTER_CANDIDATE);
	ck_assert_int_eq(prefilter_buffer("struct class foo;", 17, tokens), PREFILTER_CANDIDATE);
	ck_assert_int_eq(prefilter_buffer("struct classy foo;", 18, tokens), PREFILTER_SKIP);
	ck_assert_int_eq(prefilter_buffer("class_device\0", 13, tokens), PREFILTER_BINARY);
	ck_assert_int_eq(prefilter_buffer("a\r\nclass_device\r\n", 17, tokens), PREFILTER_CANDIDATE);
}
END_TEST

START_TEST(prefilter_files_keeps_order_whatever_jobs)
{
	struct strvec files = STRVEC_INIT, one = STRVEC_INIT, two = STRVEC_INIT;
	size_t binary = 0, unreadable = 0;

	walk_tree(tree, NULL, &files, NULL);
	prefilter_files(tree, &files, kernel_api_tokens, 1, &one, &unreadable, &binary);
	ck_assert_uint_eq(binary, 1);
	ck_assert_uint_eq(one.nr, 1);
	ck_assert_str_eq(one.v[0], "a/z.h");
	prefilter_files(tree, &files, kernel_api_tokens, 4, &two, NULL, NULL);
	ck_assert_uint_eq(two.nr, one.nr);
	strvec_clear(&files);
	strvec_clear(&one);
	strvec_clear(&two);
}
END_TEST

START_TEST(prefilter_words_match_whole_words_only)
{
	static const char *const names[] = { "foo", "bar_baz", NULL };
	static const char *const other[] = { "class_device", NULL };
	const char *const *sets[] = { names, other };
	struct strvec files = STRVEC_INIT, words[2] = { STRVEC_INIT, STRVEC_INIT };
	struct strvec bytes[2] = { STRVEC_INIT, STRVEC_INIT };
	size_t binary = 0;

	test_put(tree, "w/part.c", "int foobar, foo_x, xfoo;\n");
	test_put(tree, "w/word.c", "x = foo + 1;\n");
	test_put(tree, "w/comment.c", "/* bar_baz */\n");
	test_put(tree, "w/digits.c", "int a = 0x1foo;\n");
	walk_tree(tree, NULL, &files, NULL);
	prefilter_files_sets_words(tree, &files, sets, 2, 2, words, NULL, &binary);
	ck_assert_uint_eq(binary, 1);
	ck_assert_uint_eq(words[0].nr, 2);
	ck_assert_str_eq(words[0].v[0], "w/comment.c");
	ck_assert_str_eq(words[0].v[1], "w/word.c");
	/* struct class_device *x: a whole word; the binary file never counts */
	ck_assert_uint_eq(words[1].nr, 1);
	ck_assert_str_eq(words[1].v[0], "a/z.h");
	/* the same sets as bytes: any occurrence counts */
	prefilter_files_sets(tree, &files, sets, 2, 1, bytes, NULL, NULL);
	ck_assert_uint_eq(bytes[0].nr, 4);
	ck_assert_uint_eq(bytes[1].nr, 1);
	strvec_clear(&files);
	for (int k = 0; k < 2; k++) {
		strvec_clear(&words[k]);
		strvec_clear(&bytes[k]);
	}
}
END_TEST

START_TEST(prefilter_unreadable_file_is_skipped)
{
	struct strvec files = STRVEC_INIT, cands = STRVEC_INIT;
	size_t unreadable = 0;
	char path[256];

	if (geteuid() == 0)
		return;	/* root reads everything: nothing to test */
	snprintf(path, sizeof(path), "%s/a/z.h", tree);
	chmod(path, 0);
	walk_tree(tree, NULL, &files, NULL);
	prefilter_files(tree, &files, kernel_api_tokens, 1, &cands, &unreadable, NULL);
	ck_assert_uint_eq(unreadable, 1);
	ck_assert_uint_eq(cands.nr, 0);
	strvec_clear(&files);
	strvec_clear(&cands);
}
END_TEST

START_TEST(site_sort_and_dedupe)
{
	struct site_list list = SITE_LIST_INIT;

	site_list_add(&list, "b.c", 1, 1, "inactive", "x", "s", SITE_MANUAL, "r", NULL);
	site_list_add(&list, "a.c", 9, 2, "class-device-call", "f", "s", SITE_AUTO, "r", "fn");
	site_list_add(&list, "a.c", 9, 2, "class-device-attribute", "g", "s", SITE_AUTO, "r", NULL);
	site_list_add(&list, "a.c", 10, 1, "static-class", "c", "s", SITE_AUTO, "r", NULL);
	site_list_add(&list, "a.c", 9, 2, "class-device-call", "f", "s", SITE_AUTO, "r", "fn");
	site_list_sort(&list);
	ck_assert_uint_eq(list.nr, 4);
	ck_assert_str_eq(list.items[0].kind, "class-device-attribute");
	ck_assert_str_eq(list.items[1].kind, "class-device-call");
	ck_assert_str_eq(list.items[1].function, "fn");
	ck_assert_uint_eq(list.items[2].line, 10);
	ck_assert_str_eq(list.items[3].file, "b.c");
	ck_assert_uint_eq(site_list_count_kind(&list, "class-device-call"), 1);
	ck_assert_str_eq(site_verdict_name(list.items[3].verdict), "manual");
	site_list_release(&list);
	ck_assert_uint_eq(list.nr, 0);
}
END_TEST

START_TEST(site_records_read_back_every_field)
{
	struct site_list list = SITE_LIST_INIT, back = SITE_LIST_INIT;
	struct strbuf payload = STRBUF_INIT;
	struct cache_reader rd;
	const char *buf;
	size_t len, n = 0;
	char tag, which = 0;

	site_list_add(&list, "a.c", 9, 2, "class-device-call", "f", "sub", SITE_MANUAL, "why\nnot", "fn");
	site_list_add(&list, "b.h", 1, 30, "inactive", "x", "", SITE_AUTO, "", NULL);
	site_list_add_records(&list, 'S', &payload);
	cache_reader_init(&rd, payload.buf, payload.len);
	while (cache_record_next(&rd, &tag, &buf, &len) == 1) {
		ck_assert_int_eq(tag, 'I');
		ck_assert_int_eq(site_record_read(buf, len, &which, &back), 1);
		ck_assert_int_eq(which, 'S');
		n++;
	}
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(back.nr, 2);
	for (size_t i = 0; i < 2; i++) {
		ck_assert_str_eq(back.items[i].file, list.items[i].file);
		ck_assert_uint_eq(back.items[i].line, list.items[i].line);
		ck_assert_uint_eq(back.items[i].column, list.items[i].column);
		ck_assert_str_eq(back.items[i].kind, list.items[i].kind);
		ck_assert_str_eq(back.items[i].symbol, list.items[i].symbol);
		ck_assert_str_eq(back.items[i].subsystem, list.items[i].subsystem);
		ck_assert_int_eq(back.items[i].verdict, list.items[i].verdict);
		ck_assert_str_eq(back.items[i].reason, list.items[i].reason);
	}
	ck_assert_str_eq(back.items[0].function, "fn");
	ck_assert_ptr_null(back.items[1].function);
	/* a record cut short appends nothing */
	cache_reader_init(&rd, payload.buf, payload.len);
	ck_assert_int_eq(cache_record_next(&rd, &tag, &buf, &len), 1);
	ck_assert_int_eq(site_record_read(buf, len - 4, &which, &back), 0);
	ck_assert_uint_eq(back.nr, 2);
	site_list_release(&list);
	site_list_release(&back);
	strbuf_release(&payload);
}
END_TEST

START_TEST(subsystem_rules)
{
	struct include_graph g = INCLUDE_GRAPH_INIT;
	char *s;

#define CHECK_SUB(path, want) s = subsystem_for(path, &g); ck_assert_str_eq(s, want); free(s)
	CHECK_SUB("drivers/base/class.c", "driver-core");
	CHECK_SUB("include/linux/device.h", "driver-core");
	CHECK_SUB("drivers/input/evdev.c", "input");
	CHECK_SUB("net/core/dev.c", "net");
	CHECK_SUB("Makefile.c", "top");
	CHECK_SUB("include/linux/orphan.h", "orphan.h");
	/* a header's includers under include/ do not decide */
	include_graph_add(&g, "include/linux/other.h", "include/linux/orphan.h");
	CHECK_SUB("include/linux/orphan.h", "orphan.h");
	include_graph_add(&g, "drivers/char/a.c", "include/linux/tty.h");
	include_graph_add(&g, "drivers/serial/b.c", "include/linux/tty.h");
	include_graph_add(&g, "drivers/serial/c.c", "include/linux/tty.h");
	include_graph_add(&g, "drivers/serial/c.c", "include/linux/tty.h");
	CHECK_SUB("include/linux/tty.h", "serial");
	include_graph_add(&g, "drivers/char/d.c", "include/linux/tty.h");
	CHECK_SUB("include/linux/tty.h", "char");
#undef CHECK_SUB
	include_graph_release(&g);
}
END_TEST

START_TEST(subsystem_of_users_votes)
{
	struct strvec users = STRVEC_INIT;
	char *s;

	ck_assert_ptr_null(subsystem_of_users(&users));
	strvec_push(&users, "include/linux/a.h");
	ck_assert_ptr_null(subsystem_of_users(&users));
	strvec_push(&users, "drivers/media/video/b.c");
	s = subsystem_of_users(&users);
	ck_assert_str_eq(s, "media");
	free(s);
	/* one each: the smaller name wins, whatever the order */
	strvec_push(&users, "drivers/usb/media/c.c");
	strvec_push(&users, "drivers/infiniband/core/d.c");
	s = subsystem_of_users(&users);
	ck_assert_str_eq(s, "infiniband");
	free(s);
	strvec_push(&users, "drivers/media/dvb/e.c");
	s = subsystem_of_users(&users);
	ck_assert_str_eq(s, "media");
	free(s);
	strvec_clear(&users);
	s = subsystem_of_header_name("include/rdma/ib_verbs.h");
	ck_assert_str_eq(s, "ib_verbs.h");
	free(s);
}
END_TEST

static int exists_in_tree(const char *rel, void *data)
{
	return !strcmp(rel, "include/linux/foo.h") || !strcmp(rel, "drivers/x/local.h") ||
	       !strcmp(rel, "drivers/base.h");
}

START_TEST(include_graph_scan_resolves)
{
	struct include_graph g = INCLUDE_GRAPH_INIT;

	include_graph_scan(&g, "drivers/x/a.c",
			   "#include <linux/foo.h>\n# include \"local.h\"\n#include \"../base.h\"\n"
			   "#include <linux/missing.h>\n", exists_in_tree, NULL);
	ck_assert_uint_eq(g.nr, 3);
	ck_assert_str_eq(g.edges[0].header, "include/linux/foo.h");
	ck_assert_str_eq(g.edges[1].header, "drivers/x/local.h");
	ck_assert_str_eq(g.edges[2].header, "drivers/base.h");
	include_graph_release(&g);
}
END_TEST

struct hits {
	char text[8][64];
	unsigned line[8], column[8];
	int nr;
};

static void on_hit(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct hits *h = data;

	snprintf(h->text[h->nr], sizeof(h->text[0]), "%.*s", (int)len, ident);
	h->line[h->nr] = line;
	h->column[h->nr] = column;
	h->nr++;
}

/* every needle is a prefilter token: a file with a site is read */
START_TEST(every_needle_is_a_prefilter_token)
{
	for (size_t i = 0; kernel_api_needles[i]; i++)
		ck_assert(strlist_has(kernel_api_tokens, kernel_api_needles[i]));
}
END_TEST

START_TEST(lexscan_skips_comments_and_strings)
{
	const char *text = "int a; /* class_device */\n"
			   "\tfoo(\"class_device\", tape_class_device);\n"
			   "// class_interface\n"
			   "x = class_device_create(a); y = class_device_get(b);\n";
	struct hits h = { .nr = 0 };

	lexscan_identifiers(text, 0, strlen(text), kernel_api_needles, 1, on_hit, &h);
	ck_assert_int_eq(h.nr, 2);
	ck_assert_str_eq(h.text[0], "tape_class_device");
	ck_assert_uint_eq(h.line[0], 2);
	ck_assert_uint_eq(h.column[0], 22);
	ck_assert_str_eq(h.text[1], "class_device_create");
	ck_assert_uint_eq(h.line[1], 4);
	h.nr = 0;
	lexscan_identifiers(text, 0, strlen(text), kernel_api_needles, 0, on_hit, &h);
	ck_assert_int_eq(h.nr, 3);
}
END_TEST

/* what a parse can find a site in, and what only the prefilter's bytes hold */
START_TEST(code_uses_api_only_in_code)
{
	static const char *const uses[] = {
		"static struct class foo_class = { .name = \"foo\" };\n",
		"struct class *a, b;\n",
		"struct class *a = NULL, b;\n",
		"struct bar { struct class *owner, embedded; };\n",
		"struct class\n\tfoo;\n",
		"#define to_x(p) container_of(p, struct x, class)\n#define C struct class *c\n",
		"x = sizeof(struct class);\n",
		"void f(void) { tape_class_device_put(x); }\n",
		"#if 0\nstruct class_device *old;\n#endif\n",
		"x = FOO_CLASS_DEVICE_ATTR_RO;\n",
		"if (pci_class_device(p))\n",
		"p = class_get_devdata(cd);\n",
		"struct class *c\n",
	};
	static const char *const pointers_only[] = {
		"/* class_device is gone */ int x; // class_interface\n",
		"printk(\"class_device %d\\n\", x);\n",
		"static struct class *foo_class;\n",
		"struct class;\nint f(struct class *cls, int n);\n",
		"struct class *f(struct class *a, int b)\n{\n\treturn (struct class *)g(a, b);\n}\n",
		"struct class *c = class_create(THIS_MODULE, \"x\"), *d;\n",
		"struct class_datum *cladatum;\n",
		"struct classes { int class_devdata; };\n",
		"struct bar { struct class *owner; struct class **all; };\n",
		"#define PCI_CLASS_DEVICE 0x0a\n",
		"pci_read_config_byte(pdev, PCI_CLASS_DEVICE, &scc);\n",
		"case IB_MGMT_CLASS_DEVICE_MGMT:\n",
		"#ifdef CONFIG_BACKLIGHT_CLASS_DEVICE\nint x;\n#endif\n",
	};

	for (size_t i = 0; i < sizeof(uses) / sizeof(*uses); i++)
		ck_assert_msg(kernel_code_uses_api(uses[i], strlen(uses[i])), "uses: %s", uses[i]);
	for (size_t i = 0; i < sizeof(pointers_only) / sizeof(*pointers_only); i++)
		ck_assert_msg(!kernel_code_uses_api(pointers_only[i], strlen(pointers_only[i])),
			      "no site: %s", pointers_only[i]);
}
END_TEST

/* a header as its includers' declarations need it: bodies blank, all else in place */
START_TEST(blank_function_bodies_of_a_header)
{
	const char *text =
		"static inline int f(struct class_device *cd)\n{\n\treturn g(cd, \"}\");\n}\n"
		"extern inline void h(void) __attribute__((always_inline)) { x(); }\n"
		"struct s { int a; };\n"
		"typedef struct __attribute__((packed)) { int b; } t;\n"
		"static int table[] = { 1, 2 };\n"
		"enum e { E1, E2 };\n"
		"DECLARE_THING(name) { int c; };\n"
		"static inline int k(void)\n{\n#ifdef X\n\treturn 1;\n#endif\n\treturn 0;\n}\n"
		"int m(int a) /* ) */ { return a; }\n";
	const char *want =
		"static inline int f(struct class_device *cd)\n{\n                   \n}\n"
		"extern inline void h(void) __attribute__((always_inline)) {      }\n"
		"struct s { int a; };\n"
		"typedef struct __attribute__((packed)) { int b; } t;\n"
		"static int table[] = { 1, 2 };\n"
		"enum e { E1, E2 };\n"
		"DECLARE_THING(name) { int c; };\n"
		"static inline int k(void)\n{\n#ifdef X\n\treturn 1;\n#endif\n\treturn 0;\n}\n"
		"int m(int a) /* ) */ {           }\n";
	const char *unbalanced = "#ifdef X\nvoid f(void) {\n#else\nvoid f(int a) {\n#endif\n\ty();\n}\n";
	char out[1024];

	ck_assert_uint_eq(strlen(text), strlen(want));
	ck_assert_uint_eq(lex_blank_function_bodies(text, strlen(text), out), 3);
	ck_assert(!memcmp(out, want, strlen(want)));
	ck_assert_uint_eq(lex_blank_function_bodies(unbalanced, strlen(unbalanced), out), 0);
	ck_assert(!memcmp(out, unbalanced, strlen(unbalanced)));
}
END_TEST

static void on_definition(const char *name, size_t len, void *data)
{
	struct hits *h = data;

	snprintf(h->text[h->nr], sizeof(h->text[h->nr]), "%.*s", (int)len, name);
	h->nr++;
}

START_TEST(lexscan_definitions_of_callbacks)
{
	const char *text = "#define SHOW(x) ssize_t x(struct class_device *cd)\\\n{ }\n"
			   "ssize_t show_a(struct class_device *cd, char *buf)\n{\n\tint f(struct class_device *);\n}\n"
			   "static ssize_t show_b(struct class_device *cd, char *buf) { return 0; }\n"
			   "extern ssize_t show_c(struct class_device *cd, char *buf);\n"
			   "int other(int x) /* class_device */ { return x; }\n"
			   "void __init show_d(struct class_device *cd /* ) */) __attribute__((x)) { }\n"
			   "int (*table[])(struct class_device *) = { 0 };\n"
			   "ssize_t show_e(struct class_device *cd)\n/* c */ {\n}\n";
	struct hits h = { .nr = 0 };

	lexscan_definitions(text, strlen(text), kernel_api_needles, on_definition, &h);
	/* not the macro's, the nested prototype, a static, a prototype, other
	 * (the token is in a comment after it), show_d (an attribute before
	 * its body: missed, as the header says) nor the table */
	ck_assert_int_eq(h.nr, 2);
	ck_assert_str_eq(h.text[0], "show_a");
	ck_assert_str_eq(h.text[1], "show_e");
}
END_TEST

/* Only a branch whose condition is the number 0 alone is dead. */
START_TEST(lexscan_if_zero_branches)
{
	static const char *const dead[] = {
		"#if 0\n", "#if 0 /* driver model ordering issue */\nx\n", "  # if\t0\n",
		"\n#elif 0\n", "#if 0", "#if 0 // later\n",
	};
	static const char *const alive[] = {
		"#if 0x1\n", "#if 0 || defined(CONFIG_X)\n", "#ifdef ZERO\n", "#else\n",
		"#if 00\n", "#if 1\n", "int x;\n#if 0\n", "#if0\n", "#ifdef 0\n",
	};

	for (size_t i = 0; i < sizeof(dead) / sizeof(dead[0]); i++)
		ck_assert_msg(lexscan_starts_if_zero(dead[i], 0, strlen(dead[i])), "dead: %s", dead[i]);
	for (size_t i = 0; i < sizeof(alive) / sizeof(alive[0]); i++)
		ck_assert_msg(!lexscan_starts_if_zero(alive[i], 0, strlen(alive[i])), "alive: %s", alive[i]);
	/* the range is what counts, not the text before it */
	ck_assert(lexscan_starts_if_zero("int x;\n#if 0\n", 7, 13));
}
END_TEST

/* An interface on add_dev/remove_dev only is converted; every other one is a site. */
START_TEST(classify_converted_interface_is_not_a_site)
{
	static const char device_h[] =
		"struct class_device;\n"
		"struct device;\n"
		"struct class_interface {\n"
		"\tint (*add)(struct class_device *, struct class_interface *);\n"
		"\tvoid (*remove)(struct class_device *, struct class_interface *);\n"
		"\tint (*add_dev)(struct device *, struct class_interface *);\n"
		"\tvoid (*remove_dev)(struct device *, struct class_interface *);\n"
		"};\n";
	static const char iface_c[] =
		"#include <linux/device.h>\n"
		"static int a(struct class_device *c, struct class_interface *i) { return 0; }\n"
		"static int d(struct device *c, struct class_interface *i) { return 0; }\n"
		"static void r(struct device *c, struct class_interface *i) { }\n"
		"struct class_interface old_intf = { .add = a };\n"
		"struct class_interface new_intf = { .add_dev = d, .remove_dev = r };\n"
		"struct class_interface both_intf = { .add = a, .add_dev = d };\n"
		"struct class_interface bare_intf;\n"
		"extern struct class_interface ext_intf;\n";
	struct scan_options opts;
	struct scan_result r = SCAN_RESULT_INIT;
	char *k = path_join(tree, "k");

	test_put(k, "include/linux/device.h", device_h);
	test_put(k, "drivers/x/iface.c", iface_c);
	memset(&opts, 0, sizeof(opts));
	opts.tree = k;
	opts.jobs = 1;
	ck_assert_int_eq(scan_tree(&opts, &r), 0);
	free(k);
	ck_assert_uint_eq(site_list_count_kind(&r.sites, "class-interface"), 4);
	for (size_t i = 0; i < r.sites.nr; i++) {
		const struct site *st = &r.sites.items[i];

		if (strcmp(st->kind, "class-interface"))
			continue;
		ck_assert_str_ne(st->symbol, "new_intf");
		ck_assert_str_eq(st->reason, strcmp(st->symbol, "ext_intf") ? "definition" : "declaration");
	}
	scan_result_release(&r);
}
END_TEST

/*
 * A token of the API in a #define body no cursor covers is a macro-body
 * site: a header's macro its users expand, and one macro of a .c file the
 * file never expands.  A macro the file expands, directly or through
 * another macro's body, is covered by the sites of the expansion.
 */
START_TEST(classify_macro_body_sites)
{
	static const char device_h[] =
		"struct class_device { int x; };\n"
		"struct class_device_attribute { int y; };\n"
		"#define CLASS_DEVICE_ATTR(_name) struct class_device_attribute class_device_attr_##_name\n";
	static const char transport_h[] =
		"#include <linux/device.h>\n"
		"#define rport_attr(_name) \\\n"
		"\tstatic struct class_device_attribute *p_##_name = \\\n"
		"\t\t&class_device_attr_rport_##_name\n"
		"#define plain_macro(x) ((x) + 1)\n";
	static const char user_c[] =
		"#include <linux/device.h>\n"
		"#define show(_name) \\\n"
		"\tstatic int show_##_name(struct class_device *cd) { return 0; }\n"
		"#define both(_name) show(_name)\n"
		"#define unused(_name) int f_##_name(struct class_device *cd);\n"
		"both(a)\n";
	struct scan_options opts;
	struct scan_result r = SCAN_RESULT_INIT;
	char *k = path_join(tree, "mb");
	size_t in_transport = 0, in_user = 0, in_core = 0;

	test_put(k, "include/linux/device.h", device_h);
	test_put(k, "include/scsi/transport.h", transport_h);
	test_put(k, "drivers/x/user.c", user_c);
	memset(&opts, 0, sizeof(opts));
	opts.tree = k;
	opts.jobs = 1;
	ck_assert_int_eq(scan_tree(&opts, &r), 0);
	free(k);
	for (size_t i = 0; i < r.sites.nr; i++) {
		const struct site *st = &r.sites.items[i];

		if (strcmp(st->kind, "macro-body"))
			continue;
		ck_assert_int_eq(st->verdict, SITE_MANUAL);
		if (!strcmp(st->file, "include/scsi/transport.h")) {
			in_transport++;
			ck_assert_str_eq(st->reason, "macro body of rport_attr: no parse sees it");
			ck_assert(st->line == 3 || st->line == 4);
		} else if (!strcmp(st->file, "drivers/x/user.c")) {
			in_user++;
			ck_assert_str_eq(st->reason, "macro body of unused: no parse sees it");
			ck_assert_str_eq(st->symbol, "class_device");
			ck_assert_uint_eq(st->line, 5);
		} else {
			in_core++;
		}
	}
	/* One a line: struct class_device_attribute, then class_device_attr_rport_. */
	ck_assert_uint_eq(in_transport, 2);
	ck_assert_uint_eq(in_user, 1);
	ck_assert_uint_eq(in_core, 0);
	/* show() through both(): the expansion's own site, not a macro-body one. */
	ck_assert_uint_ge(site_list_count_kind(&r.sites, "class-device-function"), 1);
	scan_result_release(&r);
}
END_TEST

/*
 * One parse, two views (classify.h, type_errors): the warnings parse-setup
 * enables (an incompatible pointer, an implicit declaration) are errors
 * for verify and not for scan, while "use of unknown builtin", an error
 * clang makes of a warning of the same group, counts in both, as -w left
 * it.  The second classifier's answer comes from the first one's memo
 * entry and equals its own parse of the file (classify_count_errors()
 * does not use the memo).
 */
START_TEST(classify_views_share_one_parse)
{
	static const char views_c[] =
		"int f(void)\n{\n"
		"\tint *p;\n\tlong x = 0;\n"
		"\tp = &x;\n"
		"\tundeclared_fn(1);\n"
		"\t__builtin_cdmigrate_nope();\n"
		"\treturn 0;\n}\n";
	char *k = path_join(tree, "views"), *cache = path_join(tree, "cache");
	struct strvec files = STRVEC_INIT;
	unsigned want[2] = { 1, 3 };

	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_DIR", cache, 1), 0);
	test_put(k, "drivers/x/views.c", views_c);
	strvec_push(&files, "drivers/x/views.c");
	for (int type_errors = 0; type_errors < 2; type_errors++) {
		struct classify_options co;
		struct classify_stats st = CLASSIFY_STATS_INIT;
		struct site_list sites = SITE_LIST_INIT;
		struct classify *c;
		char *first = NULL;

		memset(&co, 0, sizeof(co));
		co.tree = k;
		co.kernel = k;
		co.jobs = 1;
		co.headers_optional = 1;
		co.type_errors = type_errors;
		c = classify_new(&co);
		ck_assert_ptr_nonnull(c);
		classify_files(c, &files, &sites, &st);
		ck_assert_uint_eq(st.cached, (size_t)type_errors);
		ck_assert_uint_eq(st.files[0].errors, want[type_errors]);
		ck_assert_uint_eq(st.files[0].error_texts.nr, want[type_errors]);
		ck_assert_int_eq(classify_count_errors(c, "drivers/x/views.c", NULL, 0, &first),
				 (int)want[type_errors]);
		ck_assert_str_eq(first, st.files[0].first_error);
		ck_assert_ptr_nonnull(strstr(st.files[0].error_texts.v[want[type_errors] - 1],
					     "use of unknown builtin"));
		free(first);
		site_list_release(&sites);
		classify_stats_release(&st);
		classify_free(c);
	}
	strvec_clear(&files);
	free(k);
	free(cache);
}
END_TEST

/*
 * scan reads include/'s headers with their function bodies blank and
 * verify reads them whole, with the same arguments: the memo keeps the
 * two apart.  An error in a header's body counts for verify's parse only,
 * and verify's classifier, after scan's with the same cache, parses.
 */
START_TEST(classify_memo_keeps_blank_and_whole_apart)
{
	char *k = path_join(tree, "blank-whole"), *cache = path_join(tree, "cache-blank-whole");
	struct strvec files = STRVEC_INIT;

	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_DIR", cache, 1), 0);
	test_put(k, "include/linux/inline.h", "static inline int g(void)\n{\n\treturn no_such_thing;\n}\n");
	test_put(k, "drivers/x/user.c", "#include <linux/inline.h>\nint f(void) { return g(); }\n");
	strvec_push(&files, "drivers/x/user.c");
	for (int blank = 1; blank >= 0; blank--) {
		struct classify_options co;
		struct classify_stats st = CLASSIFY_STATS_INIT;
		struct site_list sites = SITE_LIST_INIT;
		struct classify *c;

		memset(&co, 0, sizeof(co));
		co.tree = k;
		co.kernel = k;
		co.jobs = 1;
		co.blank_header_bodies = blank;
		c = classify_new(&co);
		ck_assert_ptr_nonnull(c);
		classify_files(c, &files, &sites, &st);
		ck_assert_uint_eq(st.cached, 0);
		ck_assert_uint_eq(st.files[0].errors, blank ? 0 : 1);
		site_list_release(&sites);
		classify_stats_release(&st);
		classify_free(c);
	}
	strvec_clear(&files);
	free(k);
	free(cache);
}
END_TEST

/*
 * A query's parse keeps the file's sites in the memo (classify-sites.h):
 * classify_files() after classify_member_uses() of the same file in the
 * same state parses nothing more, and finds what a parse of its own finds
 * (that of a copy of the file).
 */
START_TEST(classify_query_parse_keeps_the_sites)
{
	static const char user_c[] =
		"struct class_device { int devt; };\n"
		"struct foo { struct class_device cdev; };\n"
		"int foo_devt(struct foo *f)\n{\n\treturn f->cdev.devt;\n}\n"
		"static struct class_device *spare;\n";
	char *k = path_join(tree, "keep"), *cache = path_join(tree, "keep-cache");
	struct strvec copy = STRVEC_INIT, files = STRVEC_INIT;
	struct site_list fresh = SITE_LIST_INIT, sites = SITE_LIST_INIT;
	struct classify_stats st = CLASSIFY_STATS_INIT;
	struct member_use *uses = NULL;
	struct classify_options co;
	struct classify *c;
	unsigned long parses;
	size_t nr = 0;

	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_DIR", cache, 1), 0);
	test_put(k, "drivers/x/user.c", user_c);
	test_put(k, "drivers/y/user.c", user_c);
	strvec_push(&files, "drivers/x/user.c");
	strvec_push(&copy, "drivers/y/user.c");
	memset(&co, 0, sizeof(co));
	co.tree = k;
	co.kernel = k;
	co.jobs = 1;
	co.headers_optional = 1;
	c = classify_new(&co);
	ck_assert_ptr_nonnull(c);
	classify_files(c, &copy, &fresh, NULL);
	ck_assert_uint_ge(fresh.nr, 2);
	parses = classify_parse_count();
	ck_assert_int_eq(classify_member_uses(c, "drivers/x/user.c", "foo", &uses, &nr), 1);
	classify_files(c, &files, &sites, &st);
	ck_assert_uint_eq(classify_parse_count() - parses, 1);
	ck_assert_uint_eq(st.cached, 1);
	ck_assert_uint_eq(sites.nr, fresh.nr);
	for (size_t i = 0; i < sites.nr; i++) {
		ck_assert_str_eq(sites.items[i].file, "drivers/x/user.c");
		ck_assert_str_eq(sites.items[i].kind, fresh.items[i].kind);
		ck_assert_str_eq(sites.items[i].symbol, fresh.items[i].symbol);
		ck_assert_uint_eq(sites.items[i].line, fresh.items[i].line);
		ck_assert_uint_eq(sites.items[i].column, fresh.items[i].column);
	}
	classify_member_uses_free(uses, nr);
	site_list_release(&sites);
	site_list_release(&fresh);
	classify_stats_release(&st);
	classify_free(c);
	strvec_clear(&files);
	strvec_clear(&copy);
	free(k);
	free(cache);
}
END_TEST

/* The sites of file in r: "line kind symbol verdict reason" each, in order, joined by '|'. */
static char *sites_of_file(const struct scan_result *r, const char *file)
{
	struct strbuf out = STRBUF_INIT;

	for (size_t i = 0; i < r->sites.nr; i++) {
		const struct site *st = &r->sites.items[i];

		if (strcmp(st->file, file))
			continue;
		strbuf_addf(&out, "%s%u %s %s %s %s", out.len ? "|" : "", st->line, st->kind, st->symbol,
			    st->verdict == SITE_AUTO ? "auto" : "manual", st->reason);
	}
	return strbuf_detach(&out, NULL);
}

static unsigned errors_of_file(const struct scan_result *r, const char *file)
{
	for (size_t i = 0; i < r->parse.nr; i++)
		if (!strcmp(r->parse.files[i].file, file))
			return r->parse.files[i].errors;
	ck_abort_msg("%s was not parsed", file);
	return 0;
}

/*
 * A header is judged where the kernel compiles it (classify_files_hosted()):
 * its sites come from the parse of the first .c file that includes it, with
 * that file's declarations and macros, and only the errors located in it
 * count; no parse of its own.  Scanned alone it has no such context.  A
 * header its includer's parse never enters (#if 0) is parsed alone, as is
 * one of another arch.  Whatever the jobs, and from the parse memo.
 */
/* Does hosts hold the edge (host, header)? */
static int has_edge(const struct include_graph *g, const char *host, const char *header)
{
	for (size_t i = 0; i < g->nr; i++)
		if (!strcmp(g->edges[i].includer, host) && !strcmp(g->edges[i].header, header))
			return 1;
	return 0;
}

/*
 * The hosts of a change (verify's and step 70's): a header goes to the
 * first changed .c file that includes it before and after the change and
 * is parsed for its arch; the closure brings a header's host and a host's
 * guests into a parse set; a header's errors are counted in its host.
 */
START_TEST(host_graph_of_a_change)
{
	static const char *const paths[] = {
		"arch/x86_64/kernel/a.c", "drivers/x/b.c", "drivers/x/b.h", "drivers/x/c.c",
		"drivers/x/lone.h", "include/linux/foo.h", NULL,
	};
	static const char *const before_texts[] = {
		"#include <linux/foo.h>\n",
		"#include <linux/foo.h>\n#include \"b.h\"\n",
		"struct b { struct foo f; };\n",
		"#include <linux/foo.h>\n#include \"b.h\"\n",
		"struct lone;\n",
		"struct foo { int y; };\n",
	};
	/* b.c no longer includes foo.h after its change */
	static const char *const after_texts[] = {
		"#include <linux/foo.h>\n",
		"#include \"b.h\"\n",
		"struct b { struct foo f; long x; };\n",
		"#include <linux/foo.h>\n#include \"b.h\"\n",
		"struct lone;\n",
		"struct foo { long y; };\n",
	};
	char *k = path_join(tree, "hostgraph");
	struct strvec files = STRVEC_INIT, set = STRVEC_INIT;
	struct strbuf before[6], after[6];
	struct include_graph hosts = INCLUDE_GRAPH_INIT;
	struct classify_options co;
	struct classify *c;
	int count[1];
	char *first[1];

	test_put(k, "include/asm-i386/.keep", "");
	test_put(k, "include/asm-x86_64/.keep", "");
	for (size_t i = 0; paths[i]; i++) {
		test_put(k, paths[i], before_texts[i]);
		strvec_push(&files, paths[i]);
		before[i] = (struct strbuf)STRBUF_INIT;
		after[i] = (struct strbuf)STRBUF_INIT;
		strbuf_addstr(&before[i], before_texts[i]);
		strbuf_addstr(&after[i], after_texts[i]);
	}
	memset(&co, 0, sizeof(co));
	co.tree = k;
	co.kernel = k;
	co.jobs = 1;
	co.headers_optional = 1;
	c = classify_new(&co);
	ck_assert_ptr_nonnull(c);
	classify_host_graph(c, &files, before, after, &hosts);
	ck_assert(has_edge(&hosts, "drivers/x/b.c", "drivers/x/b.h"));
	/* not b.c (drops it), not a.c (x86_64 while foo.h is parsed for i386) */
	ck_assert(has_edge(&hosts, "drivers/x/c.c", "include/linux/foo.h"));
	ck_assert_uint_eq(hosts.nr, 2);

	strvec_push(&set, "drivers/x/b.h");
	classify_host_closure(&hosts, &set);
	ck_assert_uint_eq(set.nr, 2);
	ck_assert_str_eq(set.v[0], "drivers/x/b.c");
	ck_assert_str_eq(set.v[1], "drivers/x/b.h");
	strvec_clear(&set);
	strvec_push(&set, "drivers/x/c.c");
	strvec_push(&set, "drivers/x/lone.h");
	classify_host_closure(&hosts, &set);
	ck_assert_uint_eq(set.nr, 3);
	ck_assert_str_eq(set.v[0], "drivers/x/c.c");
	ck_assert_str_eq(set.v[1], "drivers/x/lone.h");
	ck_assert_str_eq(set.v[2], "include/linux/foo.h");
	strvec_clear(&set);

	/* b.h needs b.c's foo.h: alone it cannot parse, in its host it does */
	strvec_push(&set, "drivers/x/b.h");
	classify_count_errors_many(c, &set, count, first);
	ck_assert_int_gt(count[0], 0);
	ck_assert_ptr_nonnull(strstr(first[0], "incomplete type"));
	free(first[0]);
	classify_count_errors_hosted(c, &set, &hosts, count, first);
	ck_assert_int_eq(count[0], 0);
	ck_assert_ptr_null(first[0]);

	for (size_t i = 0; paths[i]; i++) {
		strbuf_release(&before[i]);
		strbuf_release(&after[i]);
	}
	include_graph_release(&hosts);
	strvec_clear(&set);
	strvec_clear(&files);
	classify_free(c);
	free(k);
}
END_TEST

START_TEST(classify_header_from_its_includer)
{
	static const char device_h[] =
		"struct class_device { int x; };\n"
		"struct class_device *class_device_get(struct class_device *cd);\n";
	static const char probe_h[] =
		"struct probe { struct class_device cdev; };\n"
		"static inline struct class_device *probe_get(struct probe *p)\n"
		"{\n\treturn class_device_get(&p->cdev);\n}\n"
		"#ifdef PROBE_FULL\n"
		"struct probe_extra { struct class_device *parent; };\n"
		"#endif\n";
	static const char probe_c[] =
		"#include <linux/device.h>\n"
		"#define PROBE_FULL\n"
		"#include \"probe.h\"\n"
		"int probe_id(struct probe *p) { return p->cdev.x; }\n"
		"static struct class_device *probe_spare;\n";
	static const char skipped_h[] = "struct skipped { struct class_device cdev; };\n";
	static const char skipper_c[] =
		"#if 0\n#include \"skipped.h\"\n#endif\n"
		"#include <linux/device.h>\n"
		"static struct class_device *skipper;\n";
	static const char x86_64_c[] =
		"#include <linux/device.h>\n#include <linux/other.h>\n"
		"struct class_device *x86_64_dev;\n";
	static const char other_h[] = "struct other { struct class_device cdev; };\n";
	char *k = path_join(tree, "hosted"), *cache = path_join(tree, "hosted-cache");
	char *hosted_sites = NULL, *skipped_sites = NULL, *other_sites = NULL;
	unsigned long parses;

	test_put(k, "include/linux/device.h", device_h);
	test_put(k, "include/linux/other.h", other_h);
	test_put(k, "include/asm-i386/.keep", "");
	test_put(k, "include/asm-x86_64/.keep", "");
	test_put(k, "arch/x86_64/kernel/probe64.c", x86_64_c);
	test_put(k, "drivers/x/probe.h", probe_h);
	test_put(k, "drivers/x/probe.c", probe_c);
	test_put(k, "drivers/x/skipped.h", skipped_h);
	test_put(k, "drivers/x/skipper.c", skipper_c);
	/* the cache directory is decided once a process: a fresh one, then the same */
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_DIR", cache, 1), 0);
	for (int round = 0; round < 2; round++) {
		struct scan_options opts;
		struct scan_result r = SCAN_RESULT_INIT;
		char *got;

		/* rounds: -j 2 filling the memo, -j 1 answered by it */
		memset(&opts, 0, sizeof(opts));
		opts.tree = k;
		opts.jobs = round ? 1 : 2;
		parses = classify_parse_count();
		ck_assert_int_eq(scan_tree(&opts, &r), 0);
		ck_assert_uint_eq(r.parsed_files.nr, 7);
		/* arch/x86_64's file, probe.c, skipper.c; skipped.h and other.h alone */
		ck_assert_uint_eq(classify_parse_count() - parses, round ? 0 : 5);
		ck_assert_uint_eq(r.parse.cached, round ? 7 : 0);
		ck_assert_uint_eq(errors_of_file(&r, "drivers/x/probe.h"), 0);
		ck_assert_uint_gt(errors_of_file(&r, "drivers/x/skipped.h"), 0);
		ck_assert_uint_eq(errors_of_file(&r, "include/linux/device.h"), 0);
		got = sites_of_file(&r, "drivers/x/probe.h");
		if (!hosted_sites) {
			ck_assert_str_eq(got, "1 class-device-field probe.cdev auto embedded|"
					 "2 class-device-function probe_get auto definition|"
					 "4 class-device-call class_device_get auto -> get_device|"
					 "7 class-device-field probe_extra.parent auto pointer");
			hosted_sites = got;
			skipped_sites = sites_of_file(&r, "drivers/x/skipped.h");
			other_sites = sites_of_file(&r, "include/linux/other.h");
		} else {
			ck_assert_str_eq(got, hosted_sites);
			free(got);
			got = sites_of_file(&r, "drivers/x/skipped.h");
			ck_assert_str_eq(got, skipped_sites);
			free(got);
			got = sites_of_file(&r, "include/linux/other.h");
			ck_assert_str_eq(got, other_sites);
			free(got);
		}
		scan_result_release(&r);
	}
	/* each header scanned alone: what the includer's parse had is missing */
	{
		const char *alone[] = { "drivers/x/probe.h", "drivers/x/skipped.h", "include/linux/other.h" };

		for (size_t i = 0; i < 3; i++) {
			struct scan_options opts;
			struct scan_result r = SCAN_RESULT_INIT;
			struct strvec paths = STRVEC_INIT;
			char *got;

			strvec_push(&paths, alone[i]);
			strvec_push(&paths, "include/linux/device.h");
			memset(&opts, 0, sizeof(opts));
			opts.tree = k;
			opts.jobs = 1;
			opts.paths = &paths;
			ck_assert_int_eq(scan_tree(&opts, &r), 0);
			got = sites_of_file(&r, alone[i]);
			if (i == 0) {
				ck_assert_uint_gt(errors_of_file(&r, alone[i]), 0);
				ck_assert_ptr_null(strstr(got, "probe_extra.parent auto"));
				ck_assert_ptr_nonnull(strstr(got, "inactive class_device manual"));
			} else {
				/* parsed alone in the whole scan too: the same */
				ck_assert_str_eq(got, i == 1 ? skipped_sites : other_sites);
			}
			free(got);
			strvec_clear(&paths);
			scan_result_release(&r);
		}
	}
	free(hosted_sites);
	free(skipped_sites);
	free(other_sites);
	free(k);
	free(cache);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("scan");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, walk_lists_sorted_c_sources_only);
	tcase_add_test(tc, walk_never_follows_symlinks);
	tcase_add_test(tc, walk_paths_restrict_and_refuse_escapes);
	tcase_add_test(tc, walk_missing_root_is_an_error);
	tcase_add_test(tc, prefilter_tokens_and_binary);
	tcase_add_test(tc, prefilter_files_keeps_order_whatever_jobs);
	tcase_add_test(tc, prefilter_unreadable_file_is_skipped);
	tcase_add_test(tc, prefilter_words_match_whole_words_only);
	tcase_add_test(tc, site_sort_and_dedupe);
	tcase_add_test(tc, site_records_read_back_every_field);
	tcase_add_test(tc, subsystem_rules);
	tcase_add_test(tc, subsystem_of_users_votes);
	tcase_add_test(tc, include_graph_scan_resolves);
	tcase_add_test(tc, every_needle_is_a_prefilter_token);
	tcase_add_test(tc, lexscan_skips_comments_and_strings);
	tcase_add_test(tc, lexscan_definitions_of_callbacks);
	tcase_add_test(tc, code_uses_api_only_in_code);
	tcase_add_test(tc, blank_function_bodies_of_a_header);
	tcase_add_test(tc, lexscan_if_zero_branches);
	tcase_add_test(tc, classify_converted_interface_is_not_a_site);
	tcase_add_test(tc, classify_macro_body_sites);
	tcase_add_test(tc, classify_views_share_one_parse);
	tcase_add_test(tc, classify_memo_keeps_blank_and_whole_apart);
	tcase_add_test(tc, classify_query_parse_keeps_the_sites);
	tcase_add_test(tc, classify_header_from_its_includer);
	tcase_add_test(tc, host_graph_of_a_change);
	suite_add_tcase(s, tc);
	return s;
}
