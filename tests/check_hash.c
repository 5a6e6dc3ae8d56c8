/*
 * check_hash: the shared hash (base/hash.h): FNV-1a's published values,
 * keys found by their bytes (not their address), the first value added
 * kept, and a table that grows far past its first size.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/util.h"
#include "test-lib.h"

START_TEST(fnv1a_gives_the_published_values)
{
	ck_assert_uint_eq(hash_fnv1a("", 0), 0xcbf29ce484222325ULL);
	ck_assert_uint_eq(hash_fnv1a("a", 1), 0xaf63dc4c8601ec8cULL);
	ck_assert_uint_eq(hash_fnv1a("foobar", 6), 0x85944171f73967e8ULL);
}
END_TEST

START_TEST(keys_are_their_bytes)
{
	struct hash_table t = HASH_TABLE_INIT;
	const char *text = "class_device\nclass_device_create\n\n";
	char copy[] = "class_device";

	ck_assert_ptr_null(hash_table_find(&t, "x", 1));
	ck_assert_int_eq(hash_table_add(&t, text, 12, 1), 1);
	ck_assert_int_eq(hash_table_add(&t, text + 13, 19, 2), 1);
	ck_assert_int_eq(hash_table_add(&t, text + 33, 0, 3), 1);
	/* the same bytes elsewhere are the same key; the first value stays */
	ck_assert_int_eq(hash_table_add(&t, copy, strlen(copy), 9), 0);
	ck_assert_uint_eq(*hash_table_find(&t, copy, strlen(copy)), 1);
	ck_assert_uint_eq(*hash_table_find(&t, "class_device_create", 19), 2);
	ck_assert_uint_eq(*hash_table_find(&t, "", 0), 3);
	/* a prefix is another key */
	ck_assert_ptr_null(hash_table_find(&t, "class_dev", 9));
	*hash_table_find(&t, text, 12) = 7;
	ck_assert_uint_eq(*hash_table_find(&t, copy, strlen(copy)), 7);
	ck_assert_uint_eq(t.nr, 3);
	hash_table_release(&t);
	ck_assert_ptr_null(hash_table_find(&t, copy, strlen(copy)));
}
END_TEST

START_TEST(a_table_grows_and_keeps_every_key)
{
	struct hash_table t = HASH_TABLE_INIT;
	struct strvec keys = STRVEC_INIT;

	for (size_t i = 0; i < 20000; i++)
		strvec_pushf(&keys, "drivers/file%zu.c", i);
	for (size_t i = 0; i < keys.nr; i++)
		ck_assert_int_eq(hash_table_add(&t, keys.v[i], strlen(keys.v[i]), i), 1);
	ck_assert_uint_eq(t.nr, keys.nr);
	ck_assert_uint_ge(t.mask + 1, 2 * keys.nr);
	for (size_t i = 0; i < keys.nr; i++)
		ck_assert_uint_eq(*hash_table_find(&t, keys.v[i], strlen(keys.v[i])), i);
	ck_assert_ptr_null(hash_table_find(&t, "drivers/file20000.c", 19));
	hash_table_release(&t);
	strvec_clear(&keys);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("hash");
	TCase *tc = tcase_create("hash");

	tcase_add_test(tc, fnv1a_gives_the_published_values);
	tcase_add_test(tc, keys_are_their_bytes);
	tcase_add_test(tc, a_table_grows_and_keeps_every_key);
	suite_add_tcase(s, tc);
	return s;
}
