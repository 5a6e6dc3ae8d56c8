/*
 * check_spatch: how cdmigrate runs spatch and reads what it prints.  The
 * argv of a task; the real spatch run through it on a small tree written
 * here (a rule that converts one file, one file spatch cannot parse), its
 * diff parsed and applied and its parse failures named; the same through
 * --file-groups; script rules found in a patch's text.  The stderr parser
 * is also fed stderr written here, for the orders and repeats it must
 * handle.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/child.h"
#include "base/util.h"
#include "engine/diff.h"
#include "engine/spatch.h"
#include "test-lib.h"

static char *tree;

static const char rule[] =
	"/// class_get_devdata() becomes dev_get_drvdata()\n"
	"@@\n"
	"expression E;\n"
	"@@\n"
	"- class_get_devdata(E)\n"
	"+ dev_get_drvdata(E)\n";

static const char good_c[] =
	"struct class_device;\n"
	"void *class_get_devdata(struct class_device *cd);\n"
	"\n"
	"int good_show(struct class_device *cd, char *buf)\n"
	"{\n"
	"\tint *v = class_get_devdata(cd);\n"
	"\n"
	"\treturn *v;\n"
	"}\n";

static const char good_after[] =
	"struct class_device;\n"
	"void *class_get_devdata(struct class_device *cd);\n"
	"\n"
	"int good_show(struct class_device *cd, char *buf)\n"
	"{\n"
	"\tint *v = dev_get_drvdata(cd);\n"
	"\n"
	"\treturn *v;\n"
	"}\n";

/* A function whose header is a macro call spatch cannot parse. */
static const char bad_c[] =
	"#define SHOW(x) int show_##x\n"
	"SHOW(speed)(void *cd, char *buf)\n"
	"{\n"
	"\treturn *(int *)class_get_devdata(cd) + ;\n"
	"}\n";

static void setup(void)
{
	tree = test_tmpdir("check_spatch");
	test_put(tree, "r.cocci", rule);
	test_put(tree, "drivers/good/good.c", good_c);
	test_put(tree, "drivers/bad/bad.c", bad_c);
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

static char *joined(const struct strvec *v)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < v->nr; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", v->v[i]);
	return strbuf_detach(&sb, NULL);
}

START_TEST(argv_of_a_task)
{
	struct child c = CHILD_INIT;
	struct strvec files = STRVEC_INIT;
	const char *const inc[] = { "include", "arch/i386/include", NULL };
	const char *const opts[] = { "--include-headers", "--all-includes", NULL };
	struct spatch_task t = { "/p/r.cocci", "/w", inc, opts, &files, NULL };
	char *got;

	setenv("CDMIGRATE_SPATCH", "/bin/true", 1);
	strvec_push(&files, "drivers/a.c");
	strvec_push(&files, "drivers/b c.c");
	spatch_prepare(&c, &t);
	got = joined(&c.args);
	ck_assert_str_eq(got, "/bin/true --sp-file /p/r.cocci --quiet --parse-error-msg --patch /w "
			 "-I include -I arch/i386/include --include-headers --all-includes "
			 "drivers/a.c drivers/b c.c");
	ck_assert_uint_eq(c.args.nr, 15);	/* "drivers/b c.c" is one argument: no shell */
	ck_assert_str_eq(c.dir, "/w");
	free(got);
	child_release(&c);

	c = (struct child)CHILD_INIT;
	t.include_dirs = NULL;
	t.options = NULL;
	t.file_groups = "/w/.groups";
	spatch_prepare(&c, &t);
	got = joined(&c.args);
	ck_assert_str_eq(got, "/bin/true --sp-file /p/r.cocci --quiet --parse-error-msg --patch /w "
			 "--file-groups /w/.groups");
	free(got);
	child_release(&c);
	strvec_clear(&files);
}
END_TEST

START_TEST(program_lookup)
{
	setenv("CDMIGRATE_SPATCH", "/nonexistent/spatch", 1);
	ck_assert_ptr_null(spatch_program());
}
END_TEST

START_TEST(program_lookup_in_path)
{
	char *bin = path_join(tree, "bin");
	char *prog = path_join(bin, "my-spatch");

	test_put(bin, "my-spatch", "#!/bin/sh\n");
	ck_assert_int_eq(chmod(prog, 0755), 0);
	setenv("PATH", bin, 1);
	setenv("CDMIGRATE_SPATCH", "my-spatch", 1);
	ck_assert_ptr_nonnull(spatch_program());
	ck_assert_str_eq(spatch_program(), prog);
	free(prog);
	free(bin);
}
END_TEST

/*
 * Run the real spatch on `files` (or the group file `groups`) of the tree;
 * its exit status, stdout and stderr.
 */
static int run_spatch(struct strvec *files, const char *groups, struct strbuf *out,
		      struct strbuf *err)
{
	struct child c = CHILD_INIT;
	char *patch = path_join(tree, "r.cocci");
	struct spatch_task t = { patch, tree, NULL, NULL, files, groups };
	int timed_out, code;

	unsetenv("CDMIGRATE_SPATCH");
	ck_assert_msg(spatch_program() != NULL, "spatch is not installed (Debian package coccinelle)");
	spatch_prepare(&c, &t);
	c.no_stdin = 1;
	code = child_capture(&c, NULL, 0, out, err, 120000, &timed_out);
	ck_assert_int_eq(timed_out, 0);
	child_release(&c);
	free(patch);
	return code;
}

/* The diff spatch printed applies to the file and gives the converted text. */
static void assert_converts_good(const struct strbuf *out)
{
	struct file_diff *files;
	size_t nr;
	struct strbuf applied = STRBUF_INIT, why = STRBUF_INIT;

	ck_assert_msg(diff_parse(out->buf, out->len, &files, &nr) == 0, "not a diff:\n%s", out->buf);
	ck_assert_uint_eq(nr, 1);
	ck_assert_str_eq(files[0].path, "drivers/good/good.c");
	ck_assert_uint_eq(files[0].nr, 1);
	ck_assert_ptr_nonnull(strstr(files[0].hunks[0].lines, "-\tint *v = class_get_devdata(cd);\n"));
	ck_assert_ptr_nonnull(strstr(files[0].hunks[0].lines, "+\tint *v = dev_get_drvdata(cd);\n"));
	ck_assert_msg(diff_apply(files[0].path, good_c, strlen(good_c), &files[0], &applied, &why) == 0,
		      "%s", why.buf);
	ck_assert_str_eq(applied.buf, good_after);
	strbuf_release(&applied);
	strbuf_release(&why);
	file_diff_list_free(files, nr);
}

static void assert_names_bad(const struct strbuf *err)
{
	struct strvec failed = STRVEC_INIT, details = STRVEC_INIT;

	spatch_parse_errors(err->buf, &failed, &details);
	ck_assert_msg(failed.nr == 1, "stderr:\n%s", err->buf);
	ck_assert_str_eq(failed.v[0], "drivers/bad/bad.c");
	/* the line spatch stopped at: the macro that makes the function header */
	ck_assert_str_eq(details.v[0], "#define SHOW(x) int show_##x");
	strvec_clear(&failed);
	strvec_clear(&details);
}

START_TEST(real_spatch_diff_and_parse_errors)
{
	struct strvec files = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;

	strvec_push(&files, "drivers/bad/bad.c");
	strvec_push(&files, "drivers/good/good.c");
	/* exit 0 although a file did not parse: only the output tells */
	ck_assert_int_eq(run_spatch(&files, NULL, &out, &err), 0);
	assert_converts_good(&out);
	assert_names_bad(&err);
	/* each file it read is named on stderr, the one that did not parse too */
	ck_assert_ptr_null(spatch_unhandled(err.buf, &files));
	strvec_clear(&files);
	strbuf_release(&out);
	strbuf_release(&err);
}
END_TEST

START_TEST(real_spatch_file_groups)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char *groups = path_join(tree, "groups");

	struct strvec files = STRVEC_INIT;

	test_put(tree, "groups", "drivers/bad/bad.c\n\ndrivers/good/good.c\n");
	ck_assert_int_eq(run_spatch(NULL, groups, &out, &err), 0);
	assert_converts_good(&out);
	assert_names_bad(&err);
	strvec_pushv(&files, (const char *const[]){ "drivers/bad/bad.c", "", "drivers/good/good.c", NULL });
	ck_assert_ptr_null(spatch_unhandled(err.buf, &files));
	strvec_clear(&files);
	free(groups);
	strbuf_release(&out);
	strbuf_release(&err);
}
END_TEST

START_TEST(real_spatch_nothing_to_do)
{
	struct strvec files = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct strvec failed = STRVEC_INIT, details = STRVEC_INIT;
	struct file_diff *parsed;
	size_t nr;

	test_put(tree, "drivers/plain/plain.c", "int plain(void)\n{\n\treturn 0;\n}\n");
	strvec_push(&files, "drivers/plain/plain.c");
	ck_assert_int_eq(run_spatch(&files, NULL, &out, &err), 0);
	ck_assert_int_eq(diff_parse(out.buf, out.len, &parsed, &nr), 0);
	ck_assert_uint_eq(nr, 0);
	spatch_parse_errors(err.buf, &failed, &details);
	ck_assert_uint_eq(failed.nr, 0);
	/* no diff, but the file is named: it was read */
	ck_assert_ptr_null(spatch_unhandled(err.buf, &files));
	strvec_clear(&files);
	strvec_clear(&failed);
	strvec_clear(&details);
	strbuf_release(&out);
	strbuf_release(&err);
}
END_TEST

/* stderr as spatch 1.1.1 lays it out, with the cases the parser must sort. */
START_TEST(parse_errors_from_text)
{
	struct strvec failed = STRVEC_INIT, details = STRVEC_INIT;

	spatch_parse_errors(
		"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
		" = error in drivers/a.c; set verbose_parsing for more info\n"
		"BAD:!!!!! UART_SHOW(baud)(struct class_device *cd, char *buf)\n"
		" = error in drivers/b.c; set verbose_parsing for more info\n"
		" = error in /tmp/cocci-output-1234-abc-a.c; set verbose_parsing for more info\n"
		"BAD:!!!!! } __attribute__((aligned(8)));\n"
		" = error in drivers/a.c; set verbose_parsing for more info\n"
		"BAD:!!!!! again\n"
		" = error in drivers/c d.c\n",
		&failed, &details);
	ck_assert_uint_eq(failed.nr, 3);
	ck_assert_str_eq(failed.v[0], "drivers/a.c");
	ck_assert_str_eq(details.v[0], "UART_SHOW(baud)(struct class_device *cd, char *buf)");
	ck_assert_str_eq(failed.v[1], "drivers/b.c");
	ck_assert_str_eq(details.v[1], "");	/* its BAD line went to spatch's own copy */
	ck_assert_str_eq(failed.v[2], "drivers/c d.c");
	ck_assert_str_eq(details.v[2], "");
	strvec_clear(&failed);
	strvec_clear(&details);

	spatch_parse_errors("", &failed, &details);
	spatch_parse_errors("BAD:!!!!! a line with no file\nwarning: something\n", &failed, &details);
	ck_assert_uint_eq(failed.nr, 0);
	ck_assert_uint_eq(details.nr, 0);
}
END_TEST

/*
 * A run that exits 0 with no diff is believed only when stderr names the
 * files: a program that prints nothing did not read them.
 */
START_TEST(unhandled_files_from_text)
{
	struct strvec files = STRVEC_INIT;

	strvec_pushv(&files, (const char *const[]){ "a/x.c", "", "b/y.c", "-z.c", NULL });
	ck_assert_str_eq(spatch_unhandled("", &files), "a/x.c");
	ck_assert_str_eq(spatch_unhandled("init_defs_builtins: /usr/lib/coccinelle/standard.h\n", &files),
			 "a/x.c");
	/* "-z.c" was passed as "./-z.c" and is named so */
	ck_assert_str_eq(spatch_unhandled("HANDLING: a/x.c b/y.c\nHANDLING: -z.c\n", &files), "-z.c");
	ck_assert_ptr_null(spatch_unhandled("init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
					    "(ONCE) Expected tokens name class_register class\n"
					    "Skipping: b/y.c\n"
					    "HANDLING: ./-z.c a/x.c\n"
					    " = error in a/x.c; set verbose_parsing for more info\n",
					    &files));
	/* a name inside another line is no witness; nor is a prefix of a name */
	ck_assert_str_eq(spatch_unhandled(" = error in a/x.c\nHANDLING: a/x b/y.c ./-z.c\n", &files),
			 "a/x.c");
	/* no stderr newline at the end, a stray double space */
	ck_assert_ptr_null(spatch_unhandled("HANDLING: a/x.c  b/y.c ./-z.c", &files));
	strvec_clear(&files);
	ck_assert_ptr_null(spatch_unhandled("", &files));
}
END_TEST

START_TEST(script_rules_in_a_patch)
{
	ck_assert_int_eq(spatch_has_scripts(rule), 0);
	ck_assert_int_eq(spatch_has_scripts("@script:python@\nx << r.x;\n@@\nprint(x)\n"), 1);
	ck_assert_int_eq(spatch_has_scripts("@initialize:ocaml@\n@@\n"), 1);
	ck_assert_int_eq(spatch_has_scripts("@finalize:python@\n@@\n"), 1);
	ck_assert_int_eq(spatch_has_scripts("@r@\nidentifier f : script:python() { True };\n@@\n"), 1);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("spatch");
	TCase *tc = tcase_create("spatch");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 180);
	tcase_add_test(tc, argv_of_a_task);
	tcase_add_test(tc, program_lookup);
	tcase_add_test(tc, program_lookup_in_path);
	tcase_add_test(tc, real_spatch_diff_and_parse_errors);
	tcase_add_test(tc, real_spatch_file_groups);
	tcase_add_test(tc, real_spatch_nothing_to_do);
	tcase_add_test(tc, parse_errors_from_text);
	tcase_add_test(tc, unhandled_files_from_text);
	tcase_add_test(tc, script_rules_in_a_patch);
	suite_add_tcase(s, tc);
	return s;
}
