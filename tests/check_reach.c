/*
 * check_reach: the headers a file reaches through #include, on a small
 * tree written to a temporary directory, with and without the caller's
 * own texts.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/reach.h"
#include "test-lib.h"

static char *tree;

static void put(const char *rel, const char *text)
{
	test_put(tree, rel, text);
}

static void setup(void)
{
	tree = test_tmpdir("reach");
	/* drv.c -> local.h -> <linux/ss.h> -> <linux/b.h> -> <linux/ss.h> (a cycle) */
	put("drivers/x/drv.c", "#include <linux/a.h>\n#include \"local.h\"\n#include <asm/gone.h>\n");
	put("drivers/x/local.h", "# include <linux/ss.h>\n");
	put("include/linux/a.h", "/* nothing */\n");
	put("include/linux/ss.h", "#include <linux/b.h>\n");
	put("include/linux/b.h", "#include <linux/ss.h>\n#include \"a.h\"\n");
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

START_TEST(nearest_first_each_once_through_headers)
{
	struct reach *r = reach_new(tree, NULL, NULL);
	struct strvec out = STRVEC_INIT;

	reach_headers(r, "drivers/x/drv.c", &out);
	ck_assert_uint_eq(out.nr, 4);
	ck_assert_str_eq(out.v[0], "include/linux/a.h");
	ck_assert_str_eq(out.v[1], "drivers/x/local.h");
	ck_assert_str_eq(out.v[2], "include/linux/ss.h");
	ck_assert_str_eq(out.v[3], "include/linux/b.h");
	strvec_clear(&out);
	/* a second query reuses the scans and starts afresh */
	reach_headers(r, "include/linux/b.h", &out);
	ck_assert_uint_eq(out.nr, 2);
	ck_assert_str_eq(out.v[0], "include/linux/ss.h");
	ck_assert_str_eq(out.v[1], "include/linux/a.h");
	strvec_clear(&out);
	reach_free(r);
}
END_TEST

static struct strbuf given = STRBUF_INIT;

static const struct strbuf *text_of(const char *rel, void *data)
{
	(void)data;
	return !strcmp(rel, "drivers/x/local.h") ? &given : NULL;
}

START_TEST(the_callers_text_wins)
{
	struct reach *r = reach_new(tree, text_of, NULL);
	struct strvec out = STRVEC_INIT;

	strbuf_reset(&given);
	strbuf_addstr(&given, "#include <linux/a.h>\n");
	reach_headers(r, "drivers/x/drv.c", &out);
	ck_assert_uint_eq(out.nr, 2);
	ck_assert_str_eq(out.v[0], "include/linux/a.h");
	ck_assert_str_eq(out.v[1], "drivers/x/local.h");
	strvec_clear(&out);
	reach_free(r);
	strbuf_release(&given);
}
END_TEST

Suite *test_suite(void)
{
	Suite *suite = suite_create("reach");
	TCase *tc = tcase_create("reach");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, nearest_first_each_once_through_headers);
	tcase_add_test(tc, the_callers_text_wins);
	suite_add_tcase(suite, tc);
	return suite;
}
