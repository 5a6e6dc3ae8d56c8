/*
 * check_git: git run on a tree (base/git.h) reads that tree's repository,
 * even when the caller's environment points git at another one, and says
 * plainly when git fails.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/git.h"
#include "base/util.h"
#include "test-lib.h"

static char *top;

/* Each test runs in its own process (fork mode): its environment is its own. */
static void setup(void)
{
	top = test_tmpdir("git");
	ck_assert_int_eq(setenv("GIT_CONFIG_NOSYSTEM", "1", 1), 0);
	ck_assert_int_eq(setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1), 0);
	ck_assert_int_eq(setenv("LC_ALL", "C", 1), 0);
}

static void teardown(void)
{
	test_rm_rf(top);
	free(top);
}

/* A repository top/name with one commit whose subject is its name; caller frees. */
static char *repository(const char *name)
{
	char *repo = xstrfmt("%s/%s", top, name);

	test_put(repo, "file", name);
	ck_assert_int_eq(git_run(repo, (const char *const[]){ "init", "-q", NULL }, NULL, 60000), 0);
	ck_assert_int_eq(git_run(repo, (const char *const[]){ "add", "file", NULL }, NULL, 60000), 0);
	ck_assert_int_eq(git_run(repo, (const char *const[]){
		"-c", "user.name=check", "-c", "user.email=check@localhost",
		"commit", "-q", "-m", name, NULL }, NULL, 60000), 0);
	return repo;
}

/* The subject of HEAD in tree, as git_run() reads it. */
static char *head_subject(const char *tree)
{
	struct strbuf out = STRBUF_INIT;

	ck_assert_int_eq(git_run(tree, (const char *const[]){ "log", "-1", "--format=%s", NULL },
				 &out, 60000), 0);
	return strbuf_detach(&out, NULL);
}

START_TEST(the_tree_s_repository_whatever_git_dir_says)
{
	char *tree = repository("tree"), *other = repository("other");
	char *other_git = xstrfmt("%s/.git", other);
	char *other_index = xstrfmt("%s/.git/index", other);
	char *other_objects = xstrfmt("%s/.git/objects", other);
	char *subject;
	int fds = test_count_fds();

	ck_assert_int_eq(setenv("GIT_DIR", other_git, 1), 0);
	ck_assert_int_eq(setenv("GIT_WORK_TREE", other, 1), 0);
	ck_assert_int_eq(setenv("GIT_INDEX_FILE", other_index, 1), 0);
	ck_assert_int_eq(setenv("GIT_OBJECT_DIRECTORY", other_objects, 1), 0);
	ck_assert_int_eq(setenv("GIT_COMMON_DIR", other_git, 1), 0);
	subject = head_subject(tree);
	ck_assert_str_eq(subject, "tree\n");
	free(subject);
	/* and the caller's own environment is left as it was */
	ck_assert_str_eq(getenv("GIT_DIR"), other_git);
	test_assert_clean(fds);
	free(tree);
	free(other);
	free(other_git);
	free(other_index);
	free(other_objects);
}
END_TEST

START_TEST(a_failure_is_minus_one)
{
	char *tree = repository("tree");
	struct strbuf out = STRBUF_INIT;

	ck_assert_int_eq(git_run(tree, (const char *const[]){ "show", "HEAD:file", NULL },
				 &out, 60000), 0);
	ck_assert_str_eq(out.buf, "tree");
	ck_assert_int_eq(git_run(tree, (const char *const[]){ "show", "HEAD:missing", NULL },
				 &out, 60000), -1);
	ck_assert_str_eq(out.buf, "tree");
	ck_assert_int_eq(setenv("PATH", "/nonexistent", 1), 0);
	ck_assert_int_eq(git_run(tree, (const char *const[]){ "status", NULL }, &out, 60000), -1);
	strbuf_release(&out);
	free(tree);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("git");
	TCase *tc = tcase_create("git");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, the_tree_s_repository_whatever_git_dir_says);
	tcase_add_test(tc, a_failure_is_minus_one);
	suite_add_tcase(s, tc);
	return s;
}
