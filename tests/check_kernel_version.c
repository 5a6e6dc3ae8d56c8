/*
 * check_kernel_version: the one reader of a tree's VERSION, PATCHLEVEL and
 * SUBLEVEL.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/util.h"
#include "kernel/kernel-version.h"

static char *tree_with_makefile(const char *text)
{
	char *dir = xstrdup("/tmp/check_kernel_version-XXXXXX");
	char *path;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	if (text) {
		path = path_join(dir, "Makefile");
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fputs(text, f);
		fclose(f);
		free(path);
	}
	return dir;
}

static void remove_tree(char *dir)
{
	char *path = path_join(dir, "Makefile");

	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

START_TEST(reads_the_three_lines)
{
	char *dir = tree_with_makefile("VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 18\n"
				       "EXTRAVERSION =\nNAME=Avast! A bilge rat!\n"
				       "# SUBLEVEL = 99 in a comment is no assignment\n");

	ck_assert_uint_eq(kernel_version_code(dir), KERNEL_VERSION_CODE(2, 6, 18));
	remove_tree(dir);
}
END_TEST

START_TEST(tabs_and_no_blanks)
{
	char *dir = tree_with_makefile("VERSION\t=2\nPATCHLEVEL=6\nSUBLEVEL =22\n");

	ck_assert_uint_eq(kernel_version_code(dir), KERNEL_VERSION_CODE(2, 6, 22));
	remove_tree(dir);
}
END_TEST

START_TEST(missing_part_or_file_is_zero)
{
	char *dir = tree_with_makefile("VERSION = 2\nPATCHLEVEL = 6\n");
	char *none = tree_with_makefile(NULL);

	ck_assert_uint_eq(kernel_version_code(dir), 0);
	ck_assert_uint_eq(kernel_version_code(none), 0);
	remove_tree(dir);
	remove_tree(none);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kernel_version");
	TCase *tc = tcase_create("kernel_version");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, reads_the_three_lines);
	tcase_add_test(tc, tabs_and_no_blanks);
	tcase_add_test(tc, missing_part_or_file_is_zero);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
