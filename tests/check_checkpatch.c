/*
 * check_checkpatch: what a series adds to the findings of checkpatch.pl,
 * relative to the lines each patch replaces, with the real perl running a
 * stand-in script (the kernel's own is not in this tree) that prints its
 * findings the way 2.6.25's does; the output parser on both 2.6.22's and
 * 2.6.25's forms; the reversed patch; a script that does not run.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "engine/checkpatch.h"
#include "test-lib.h"

/* Flags every added line holding BAD, at its line in the new file. */
static const char fake[] =
	"#!/usr/bin/perl -w\n"
	"use strict;\n"
	"my ($file, $line, $n) = ('', undef, 0);\n"
	"open(my $f, '<', $ARGV[$#ARGV]) or die \"cannot open\";\n"
	"while (<$f>) {\n"
	"\t$n++;\n"
	"\tif (/^\\+\\+\\+ b\\/(\\S+)/) { $file = $1; next; }\n"
	"\tif (/^@@ -\\d+(?:,\\d+)? \\+(\\d+)/) { $line = $1; next; }\n"
	"\tnext unless defined $line;\n"
	"\tif (/^\\+/) {\n"
	"\t\tprint \"WARNING: BAD is bad\\n#$n: FILE: $file:$line:\\n$_\\n\" if /BAD/;\n"
	"\t\t$line++;\n"
	"\t} elsif (/^ /) {\n"
	"\t\t$line++;\n"
	"\t}\n"
	"}\n"
	"print \"total: 0 errors, 0 warnings\\n\";\n"
	"exit 0;\n";

static char *dir;

static void setup(void)
{
	dir = test_tmpdir("checkpatch");
	test_put(dir, "fake.pl", fake);
	test_put(dir, "broken.pl", "die \"Unescaped left brace in regex is illegal here\\n\";\n");
}

static void teardown(void)
{
	test_rm_rf(dir);
	free(dir);
}

static char *path_of(const char *rel)
{
	return xstrfmt("%s/%s", dir, rel);
}

START_TEST(parse_both_forms)
{
	struct strvec out = STRVEC_INIT;

	checkpatch_parse("do not use assignment in if condition\n"
			 "#415: FILE: drivers/base/core.c:536:\n"
			 "+\tif ((error = device_add_groups(dev)))\n\n"
			 "ERROR: \"foo * bar\" should be \"foo *bar\"\n"
			 "#62: FILE: drivers/scsi/st.c:4123:\n"
			 "+static ssize_t f(struct device * dev,\n\n"
			 "Your patch has style problems, please review.\n"
			 "total: 1 errors, 0 warnings, 612 lines checked\n", &out);
	ck_assert_uint_eq(out.nr, 2);
	ck_assert_str_eq(out.v[0], "drivers/base/core.c\t536\tdo not use assignment in if condition");
	ck_assert_str_eq(out.v[1], "drivers/scsi/st.c\t4123\tERROR: \"foo * bar\" should be \"foo *bar\"");
	strvec_clear(&out);
}
END_TEST

START_TEST(reverse_swaps_sides)
{
	struct strbuf out = STRBUF_INIT;
	const char *patch = "Subject: x\n\n---\n a | 2 +-\n\ndiff --git a/a.c b/a.c\n--- a/a.c\n+++ b/a.c\n"
			    "@@ -3,3 +3,4 @@\n ctx\n-old\n+new\n+more\n ctx\n-- \ncdmigrate\n";

	ck_assert_int_eq(checkpatch_reverse(patch, strlen(patch), &out), 0);
	ck_assert_str_eq(out.buf, "diff --git a/a.c b/a.c\n--- a/a.c\n+++ b/a.c\n"
			 "@@ -3,4 +3,3 @@\n ctx\n+old\n-new\n-more\n ctx\n");
	strbuf_reset(&out);
	ck_assert_int_eq(checkpatch_reverse("no diff\n", 8, &out), -1);
	strbuf_release(&out);
}
END_TEST

START_TEST(added_relative_to_replaced)
{
	struct strvec patches = STRVEC_INIT;
	struct checkpatch_result r;
	char *script = path_of("fake.pl");

	/* replaces a BAD line by a BAD line: nothing added */
	test_put(dir, "0001-a.patch", "--- a/a.c\n+++ b/a.c\n@@ -1,3 +1,3 @@\n x\n-BAD old\n+BAD new\n y\n");
	/* one BAD line becomes two: one added */
	test_put(dir, "0002-b.patch", "--- a/b.c\n+++ b/b.c\n@@ -10,3 +10,4 @@\n x\n-BAD\n+BAD one\n+BAD two\n y\n");
	/* a BAD line goes: one removed */
	test_put(dir, "0003-c.patch", "--- a/c.c\n+++ b/c.c\n@@ -1,3 +1,2 @@\n x\n-BAD\n y\n");
	for (int i = 0; i < 3; i++) {
		static const char *const names[] = { "0001-a.patch", "0002-b.patch", "0003-c.patch" };
		char *p = path_of(names[i]);

		strvec_push(&patches, p);
		free(p);
	}
	ck_assert_int_eq(checkpatch_series(script, &patches, 2, &r), 0);
	ck_assert_int_eq(r.failed, 0);
	ck_assert_uint_eq(r.added, 1);
	ck_assert_uint_eq(r.removed, 1);
	ck_assert_uint_eq(r.patch_added[0], 0);
	ck_assert_uint_eq(r.patch_added[1], 1);
	ck_assert_uint_eq(r.added_lines.nr, 1);
	ck_assert_str_eq(r.added_lines.v[0], "0002-b.patch: b.c:11: WARNING: BAD is bad");
	checkpatch_result_release(&r);
	strvec_clear(&patches);
	free(script);
}
END_TEST

START_TEST(a_script_that_does_not_run)
{
	struct strvec patches = STRVEC_INIT;
	struct checkpatch_result r;
	char *script = path_of("broken.pl"), *good = path_of("fake.pl"), *p, *why = NULL;

	test_put(dir, "0001-a.patch", "--- a/a.c\n+++ b/a.c\n@@ -1,3 +1,3 @@\n x\n-old\n+new\n y\n");
	p = path_of("0001-a.patch");
	strvec_push(&patches, p);
	ck_assert_int_eq(checkpatch_series(script, &patches, 1, &r), 0);
	ck_assert_int_eq(r.failed, 1);
	ck_assert_str_eq(r.error, "Unescaped left brace in regex is illegal here");
	checkpatch_result_release(&r);
	ck_assert_int_eq(checkpatch_probe(script, &why), -1);
	ck_assert_str_eq(why, "Unescaped left brace in regex is illegal here");
	free(why);
	ck_assert_int_eq(checkpatch_probe(good, &why), 0);
	ck_assert_ptr_null(why);
	strvec_clear(&patches);
	free(p);
	free(script);
	free(good);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("checkpatch");
	TCase *tc = tcase_create("checkpatch");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, parse_both_forms);
	tcase_add_test(tc, reverse_swaps_sides);
	tcase_add_test(tc, added_relative_to_replaced);
	tcase_add_test(tc, a_script_that_does_not_run);
	suite_add_tcase(s, tc);
	return s;
}
