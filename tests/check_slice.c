/*
 * check_slice: spatch's reduced view of a .c file (engine/slice.c): which
 * function bodies go, that every line keeps its number, and that a diff
 * of the reduced text maps back onto the whole one.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/diff.h"
#include "engine/slice.h"
#include "test-lib.h"

static const char whole[] =
	"#include <linux/device.h>\n"			/* 1 */
	"static int helper(int x)\n"			/* 2 */
	"{\n"						/* 3 */
	"\treturn x + 1;\n"				/* 4 */
	"}\n"						/* 5 */
	"static ssize_t show(struct class_device *cd, char *buf)\n"	/* 6 */
	"{\n"						/* 7 */
	"\treturn sprintf(buf, \"%d\\n\", helper(1));\n"	/* 8 */
	"}\n"						/* 9 */
	"static int other(void)\n"			/* 10 */
	"{\n"						/* 11 */
	"#ifdef CONFIG_X\n"				/* 12 */
	"\treturn 1;\n"					/* 13 */
	"#endif\n"					/* 14 */
	"\treturn 0;\n"					/* 15 */
	"}\n"						/* 16 */
	"static int uses(void) { return show(0, 0) > 0; }\n"	/* 17 */
	"struct s { int a; };\n"			/* 18 */
	"static int init(void) { struct s v = { 1 }; /* } */ return v.a; }\n"	/* 19 */
	"int last;\n";					/* 20 */

static void needed(struct strvec *v)
{
	strvec_push(v, "class_device");
	strvec_push(v, "show");
	strvec_sort(v);
}

static size_t lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* The nth line of s (1-based), without its newline, in a static buffer. */
static const char *line(const char *s, size_t nth)
{
	static char buf[256];
	size_t len;

	while (--nth)
		s = strchr(s, '\n') + 1;
	len = strcspn(s, "\n");
	memcpy(buf, s, len);
	buf[len] = '\0';
	return buf;
}

/*
 * A body goes when nothing in its function names a needed token (helper,
 * init); it stays when it names one (show, through its parameter; uses,
 * through a name the rules carry) or holds a directive (other).  The head
 * of a function that lost its body ends in ";": a declaration.
 */
START_TEST(slice_cuts_the_bodies_no_rule_can_match)
{
	struct strvec need = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;

	needed(&need);
	ck_assert_uint_eq(slice_text(whole, strlen(whole), &need, &out), 2);
	ck_assert_uint_eq(lines(out.buf), lines(whole));
	ck_assert_str_eq(line(out.buf, 2), "static int helper(int x)");
	ck_assert_str_eq(line(out.buf, 3), ";");
	ck_assert_str_eq(line(out.buf, 4), "              ");
	ck_assert_str_eq(line(out.buf, 5), " ");
	for (size_t n = 6; n <= 18; n++) {
		char *want = xstrdup(line(whole, n));

		ck_assert_str_eq(line(out.buf, n), want);
		free(want);
	}
	ck_assert(starts_with(line(out.buf, 19), "static int init(void) ;   "));
	ck_assert_ptr_null(strchr(line(out.buf, 19), '}'));
	ck_assert_str_eq(line(out.buf, 20), "int last;");
	strbuf_release(&out);
	strvec_clear(&need);
}
END_TEST

/*
 * A diff spatch makes of the reduced text (its context shows the cut
 * lines blank) becomes the diff of the whole text: it applies to it and
 * gives what the same edit of the whole text gives.  A diff that removes
 * a line of a cut body does not map.
 */
START_TEST(slice_diffs_map_back)
{
	struct strvec need = STRVEC_INIT;
	struct strbuf cut = STRBUF_INIT, result = STRBUF_INIT, err = STRBUF_INIT;
	struct file_diff *d = NULL, *bad = NULL;
	size_t nr = 0, nr_bad = 0;
	char *edited = xstrdup(whole), *p = strstr(edited, "class_device");
	static const char spatch_diff[] =
		"--- a/drivers/x/x.c\n+++ b/drivers/x/x.c\n"
		"@@ -3,7 +3,7 @@\n"
		" ;\n"
		"               \n"
		"  \n"
		"-static ssize_t show(struct class_device *cd, char *buf)\n"
		"+static ssize_t show(struct device *cd, char *buf)\n"
		" {\n"
		" \treturn sprintf(buf, \"%d\\n\", helper(1));\n"
		" }\n";
	static const char cut_line[] =
		"--- a/drivers/x/x.c\n+++ b/drivers/x/x.c\n"
		"@@ -4 +4 @@\n"
		"-              \n"
		"+\treturn x + 2;\n";

	needed(&need);
	slice_text(whole, strlen(whole), &need, &cut);
	ck_assert_int_eq(diff_parse(spatch_diff, strlen(spatch_diff), &d, &nr), 0);
	ck_assert_uint_eq(nr, 1);
	ck_assert_int_eq(slice_restore(&d[0], whole, strlen(whole), cut.buf, cut.len), 0);
	ck_assert_int_eq(diff_apply("drivers/x/x.c", whole, strlen(whole), &d[0], &result, &err), 0);
	memmove(p, p + strlen("class_"), strlen(p + strlen("class_")) + 1);
	ck_assert_str_eq(result.buf, edited);

	ck_assert_int_eq(diff_parse(cut_line, strlen(cut_line), &bad, &nr_bad), 0);
	ck_assert_int_eq(slice_restore(&bad[0], whole, strlen(whole), cut.buf, cut.len), -1);
	file_diff_list_free(d, nr);
	file_diff_list_free(bad, nr_bad);
	strbuf_release(&cut);
	strbuf_release(&result);
	strbuf_release(&err);
	strvec_clear(&need);
	free(edited);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("slice");
	TCase *tc = tcase_create("slice");

	tcase_add_test(tc, slice_cuts_the_bodies_no_rule_can_match);
	tcase_add_test(tc, slice_diffs_map_back);
	suite_add_tcase(s, tc);
	return s;
}
