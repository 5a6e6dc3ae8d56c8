/* Unit tests of exports.c: the driver core's exported class functions nobody uses. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/exports.h"
#include "analyze/prefilter.h"
#include "base/walk.h"
#include "test-lib.h"

static char *tree;

static const char class_c[] =
	"/* the class core */\n"
	"#include <linux/device.h>\n"
	"\n"
	"static struct { int x; } table[] = { { 1 }, { 2 } };\n"
	"\n"
	"int class_used(struct class *c)\n"
	"{\n"
	"\treturn c != 0;\n"
	"}\n"
	"\n"
	"static inline int\n"
	"class_only_in_comments(struct class *c)\n"
	"{\n"
	"\tif (c) {\n"
	"\t\treturn 1;\n"
	"\t}\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"void class_only_core(void) { }\n"
	"void class_in_if0(void) { }\n"
	"int not_a_class_thing(void) { return 0; }\n"
	"struct kset class_obj_subsys;\n"
	"\n"
	"EXPORT_SYMBOL_GPL(class_used);\n"
	"EXPORT_SYMBOL(class_only_in_comments);\n"
	"EXPORT_SYMBOL_GPL(class_only_core);\n"
	"EXPORT_SYMBOL_GPL(class_in_if0);\n"
	"EXPORT_SYMBOL(class_defined_in_core_c);\n"
	"EXPORT_SYMBOL(not_a_class_thing);\n"
	"EXPORT_SYMBOL_GPL(class_obj_subsys);\n";

static void setup(void)
{
	tree = test_tmpdir("check_exports");
	test_put(tree, "drivers/base/class.c", class_c);
	test_put(tree, "drivers/base/core.c",
		 "int class_defined_in_core_c(int a)\n{\n\treturn a + class_only_core_helper();\n}\n"
		 "void f(void) { class_only_core(); }\n");
	test_put(tree, "drivers/base/power/sub.c", "void g(void) { class_only_core(); }\nEXPORT_SYMBOL(class_sub);\n"
						    "void class_sub(void) { }\n");
	test_put(tree, "include/linux/device.h",
		 "int class_used(struct class *c);\nint class_only_in_comments(struct class *c);\n"
		 "void class_only_core(void);\nint class_defined_in_core_c(int a);\n");
	test_put(tree, "drivers/foo/foo.c",
		 "#include <linux/device.h>\n"
		 "/* class_only_in_comments() is not called */\n"
		 "// nor class_only_core\n"
		 "static const char *s = \"class_only_in_comments\";\n"
		 "int foo(struct class *c) { return class_used(c); }\n"
		 "#if 0\nvoid old(void) { class_in_if0(); }\n#endif\n");
	test_put(tree, "drivers/foo/readme.txt", "class_defined_in_core_c\n");
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

static char *slice(const char *rel, size_t start, size_t end)
{
	char path[512], *buf = calloc(1, end - start + 1);
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tree, rel);
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, (long)start, SEEK_SET);
	ck_assert_uint_eq(fread(buf, 1, end - start, f), end - start);
	fclose(f);
	return buf;
}

START_TEST(unused_exports_are_listed_with_locations)
{
	struct strvec files = STRVEC_INIT;
	struct export_list list = EXPORT_LIST_INIT;
	char *text;

	ck_assert_int_eq(walk_tree(tree, NULL, &files, NULL), 0);
	ck_assert_uint_eq(exports_find_unused(tree, &files, &list), 3);
	/* class_* functions exported from drivers/base/ *.c: not the data, not not_a_class_thing */
	ck_assert_uint_eq(list.exported, 5);

	ck_assert_str_eq(list.v[0].symbol, "class_only_in_comments");
	ck_assert_str_eq(list.v[0].macro, "EXPORT_SYMBOL");
	ck_assert_str_eq(list.v[0].def_file, "drivers/base/class.c");
	ck_assert_uint_eq(list.v[0].def_line, 12);
	ck_assert_uint_eq(list.v[0].def_column, 1);
	ck_assert_str_eq(list.v[0].export_file, "drivers/base/class.c");
	ck_assert_uint_eq(list.v[0].export_line, 26);
	ck_assert_uint_eq(list.v[0].export_column, 1);
	text = slice("drivers/base/class.c", list.v[0].def_start, list.v[0].def_end);
	ck_assert_msg(!strncmp(text, "static inline int\nclass_only_in_comments(", 40), "extent starts: %s", text);
	ck_assert_msg(text[strlen(text) - 1] == '}', "extent ends: %s", text);
	free(text);
	text = slice("drivers/base/class.c", list.v[0].export_start, list.v[0].export_end);
	ck_assert_str_eq(text, "EXPORT_SYMBOL(class_only_in_comments);");
	free(text);

	ck_assert_str_eq(list.v[1].symbol, "class_only_core");
	ck_assert_str_eq(list.v[1].macro, "EXPORT_SYMBOL_GPL");
	ck_assert_uint_eq(list.v[1].def_line, 20);
	ck_assert_uint_eq(list.v[1].def_column, 6);

	/* defined in another drivers/base file than the one exporting it */
	ck_assert_str_eq(list.v[2].symbol, "class_defined_in_core_c");
	ck_assert_str_eq(list.v[2].def_file, "drivers/base/core.c");
	ck_assert_uint_eq(list.v[2].def_line, 1);
	ck_assert_str_eq(list.v[2].export_file, "drivers/base/class.c");
	ck_assert_uint_eq(list.v[2].export_line, 29);

	export_list_release(&list);
	strvec_clear(&files);
}
END_TEST

START_TEST(a_use_anywhere_outside_the_core_keeps_an_export)
{
	struct strvec files = STRVEC_INIT;
	struct export_list list = EXPORT_LIST_INIT;

	test_put(tree, "net/bar.h", "#define BAR_CLASS_HOOK class_only_core\n");
	test_put(tree, "sound/x.c", "static void *p = &class_defined_in_core_c;\n");
	ck_assert_int_eq(walk_tree(tree, NULL, &files, NULL), 0);
	ck_assert_uint_eq(exports_find_unused(tree, &files, &list), 1);
	ck_assert_str_eq(list.v[0].symbol, "class_only_in_comments");
	export_list_release(&list);
	strvec_clear(&files);
}
END_TEST

/*
 * The report's own prefilter pass picks the users: what it picks is all
 * that is read, and picking the files with exports_use_tokens gives the
 * answer reading every file gives.
 */
START_TEST(only_the_users_given_are_read)
{
	struct strvec files = STRVEC_INIT, users = STRVEC_INIT, cands[1] = { STRVEC_INIT };
	const char *const *sets[] = { exports_use_tokens };
	struct export_list all = EXPORT_LIST_INIT, among = EXPORT_LIST_INIT, none = EXPORT_LIST_INIT;

	test_put(tree, "sound/x.c", "static void *p = &class_defined_in_core_c;\n");
	ck_assert_int_eq(walk_tree(tree, NULL, &files, NULL), 0);
	prefilter_files_sets(tree, &files, sets, 1, 2, cands, NULL, NULL);
	ck_assert(strvec_has(&cands[0], "sound/x.c"));
	ck_assert_uint_eq(exports_find_unused(tree, &files, &all), 2);
	ck_assert_uint_eq(exports_find_unused_among(tree, &files, &cands[0], &among), 2);
	for (size_t i = 0; i < all.nr; i++)
		ck_assert_str_eq(all.v[i].symbol, among.v[i].symbol);
	/* with no user given no use is seen: all five are unused */
	ck_assert_uint_eq(exports_find_unused_among(tree, &files, &users, &none), 5);
	export_list_release(&all);
	export_list_release(&among);
	export_list_release(&none);
	strvec_clear(&cands[0]);
	strvec_clear(&files);
}
END_TEST

START_TEST(no_driver_core_no_exports)
{
	struct strvec files = STRVEC_INIT;
	struct export_list list = EXPORT_LIST_INIT;

	strvec_push(&files, "drivers/foo/foo.c");
	ck_assert_uint_eq(exports_find_unused(tree, &files, &list), 0);
	ck_assert_uint_eq(list.exported, 0);
	export_list_release(&list);
	strvec_clear(&files);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("exports");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, unused_exports_are_listed_with_locations);
	tcase_add_test(tc, a_use_anywhere_outside_the_core_keeps_an_export);
	tcase_add_test(tc, only_the_users_given_are_read);
	tcase_add_test(tc, no_driver_core_no_exports);
	suite_add_tcase(s, tc);
	return s;
}
