/*
 * check_util: the list lookups of base/util.h every module shares: a
 * string, and the n bytes of a token in a text, found in a strvec (in any
 * order or sorted) and in a NULL-terminated list; a prefix or a longer
 * entry is not a match; a path's dots taken out by text.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "test-lib.h"

static const char *const words[] = { "class_device", "class_interface", "CLASS_DEVICE", NULL };

static void fill(struct strvec *v)
{
	strvec_pushv(v, words);
	strvec_push(v, "device");
}

START_TEST(a_string_is_found_in_any_order)
{
	struct strvec v = STRVEC_INIT;

	fill(&v);
	ck_assert(strvec_has(&v, "device"));
	ck_assert(!strvec_has(&v, "devic"));
	ck_assert(strlist_has(words, "CLASS_DEVICE"));
	ck_assert(!strlist_has(words, "class_device_create"));
	strvec_sort(&v);
	ck_assert(strvec_sorted_has(&v, "class_interface"));
	ck_assert(!strvec_sorted_has(&v, "class"));
	strvec_clear(&v);
}
END_TEST

START_TEST(a_token_is_its_bytes)
{
	/* tokens of a text: neither NUL-terminated nor alone in it */
	const char *text = "class_device_create(class_device, device)";
	struct strvec v = STRVEC_INIT;

	fill(&v);
	ck_assert(strvec_has_n(&v, text + 20, 12));	/* class_device */
	ck_assert(!strvec_has_n(&v, text, 19));		/* class_device_create */
	ck_assert(!strvec_has_n(&v, text, 5));		/* class: a prefix */
	ck_assert(strlist_has_n(words, text + 20, 12));
	ck_assert(!strlist_has_n(words, text, 19));
	ck_assert(!strlist_has_n(words, text, 0));
	strvec_sort(&v);
	for (size_t i = 0; i < v.nr; i++)
		ck_assert(strvec_sorted_has_n(&v, v.v[i], strlen(v.v[i])));
	ck_assert(strvec_sorted_has_n(&v, text + 34, 6));	/* device */
	ck_assert(!strvec_sorted_has_n(&v, text + 34, 5));
	ck_assert(!strvec_sorted_has_n(&v, text, 19));
	ck_assert(!strvec_sorted_has_n(&v, "zzz", 3));
	ck_assert(!strvec_sorted_has_n(&v, "A", 1));
	strvec_clear(&v);
}
END_TEST

START_TEST(a_path_without_its_dots)
{
	static const char *const cases[][2] = {
		{ "/tree/drivers/scsi/../../include/linux/x.h", "/tree/include/linux/x.h" },
		{ "/tree//include/./linux/x.h", "/tree/include/linux/x.h" },
		{ "/tree/a/b/..", "/tree/a" },
		{ "/..", "/" },
		{ "/", "/" },
		{ "drivers/scsi/../net/x.h", "drivers/net/x.h" },
		{ "../x.h", "x.h" },
		{ "a/..", "" },
		{ "./a/./b/", "a/b" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = path_collapse(cases[i][0]);

		ck_assert_msg(!strcmp(got, cases[i][1]), "%s: %s, not %s", cases[i][0], got, cases[i][1]);
		free(got);
	}
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");

	tcase_add_test(tc, a_string_is_found_in_any_order);
	tcase_add_test(tc, a_token_is_its_bytes);
	tcase_add_test(tc, a_path_without_its_dots);
	suite_add_tcase(s, tc);
	return s;
}
