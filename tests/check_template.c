/*
 * check_template: splitting the "@@" sectioned templates of
 * semantic-patches/ (*.in).
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "lex/template.h"

START_TEST(sections_heads_bodies_lines)
{
	const char text[] =
		"a comment for the reader\n"
		"@@  file drivers/base/core.c \n"
		"@@ before device_add: f\n"
		"static int f(void)\n"
		"{\n"
		"\n"
		"@@ tail\n"
		"last line without newline";
	struct template_section *s;
	size_t nr = template_sections(text, strlen(text), &s);

	ck_assert_uint_eq(nr, 3);
	ck_assert_str_eq(s[0].head, "file drivers/base/core.c");
	ck_assert_str_eq(s[0].body, "");
	ck_assert_uint_eq(s[0].line, 2);
	ck_assert_str_eq(s[1].head, "before device_add: f");
	ck_assert_str_eq(s[1].body, "static int f(void)\n{\n\n");
	ck_assert_uint_eq(s[1].line, 3);
	ck_assert_str_eq(s[2].head, "tail");
	ck_assert_str_eq(s[2].body, "last line without newline\n");
	ck_assert_uint_eq(s[2].line, 7);
	template_sections_free(s, nr);
}
END_TEST

START_TEST(no_section)
{
	struct template_section *s;

	ck_assert_uint_eq(template_sections("just text\n@ not a head\n", 23, &s), 0);
	template_sections_free(s, 0);
	ck_assert_uint_eq(template_sections("", 0, &s), 0);
	template_sections_free(s, 0);
}
END_TEST

int main(void)
{
	Suite *suite = suite_create("template");
	TCase *tc = tcase_create("template");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, sections_heads_bodies_lines);
	tcase_add_test(tc, no_section);
	suite_add_tcase(suite, tc);
	sr = srunner_create(suite);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
