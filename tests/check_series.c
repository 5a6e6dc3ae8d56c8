/*
 * check_series: write a real series into a temporary directory and feed it
 * to the real git: `git apply --check` patch by patch on a tree, `git am`
 * into a repository, and git's own format-patch diffstat to compare with.
 */
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/child.h"
#include "base/util.h"
#include "engine/diff.h"
#include "engine/series.h"
#include "config.h"

#define LONG_PATH "drivers/media/video/a_rather_long_directory_name/another_long_driver_file_name.c"

static char *new_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *dir = xstrfmt("%s/check_series.XXXXXX", base && *base ? base : "/tmp");

	ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp %s: %s", dir, strerror(errno));
	return dir;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

static void rm_rf(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void put(const char *dir, const char *rel, const char *content)
{
	char *path = path_join(dir, rel);
	FILE *f;

	for (char *p = path + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		ck_assert_msg(!mkdir(path, 0755) || errno == EEXIST, "mkdir %s", path);
		*p = '/';
	}
	f = fopen(path, "w");
	ck_assert_msg(f != NULL, "fopen %s", path);
	fputs(content, f);
	ck_assert_int_eq(fclose(f), 0);
	free(path);
}

static char *get(const char *dir, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = path_join(dir, rel);

	ck_assert_msg(strbuf_read_file(&sb, path) == 0, "read %s: %s", path, strerror(errno));
	free(path);
	return strbuf_detach(&sb, NULL);
}

/* The names in dir, sorted, one per line. */
static char *listing(const char *dir)
{
	struct strvec names = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	DIR *d = opendir(dir);
	struct dirent *e;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			strvec_push(&names, e->d_name);
	closedir(d);
	strvec_sort(&names);
	for (size_t i = 0; i < names.nr; i++)
		strbuf_addf(&sb, "%s\n", names.v[i]);
	strvec_clear(&names);
	return strbuf_detach(&sb, NULL);
}

/* Run git with args in dir, isolated from the user's configuration; stdout in out. */
static int git(const char *dir, struct strbuf *out, const char *const *args)
{
	struct child c = CHILD_INIT;
	struct strbuf o = STRBUF_INIT, err = STRBUF_INIT;
	int code, timed_out;

	strvec_push(&c.args, "git");
	strvec_pushv(&c.args, args);
	strvec_pushv(&c.env, (const char *[]){
		"LC_ALL=C", "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
		"GIT_AUTHOR_NAME=check", "GIT_AUTHOR_EMAIL=check@localhost",
		"GIT_COMMITTER_NAME=check", "GIT_COMMITTER_EMAIL=check@localhost",
		"GIT_AUTHOR_DATE=1000000000 +0000", "GIT_COMMITTER_DATE=1000000000 +0000",
		"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", NULL });
	c.dir = dir;
	c.no_stdin = 1;
	code = child_capture(&c, NULL, 0, &o, &err, 60000, &timed_out);
	ck_assert_msg(!timed_out, "git %s timed out", args[0]);
	if (code)
		fprintf(stderr, "git %s: exit %d: %s%s\n", args[0], code, o.buf, err.buf);
	if (out)
		strbuf_add(out, o.buf, o.len);
	child_release(&c);
	strbuf_release(&o);
	strbuf_release(&err);
	return code;
}

/* ---- the fixture: a small tree and a two-patch series ---- */

struct fixture {
	char *foo_old, *foo_mid, *foo_new;	/* drivers/hwmon/foo.c before, after 1, after 2 */
	char *hwmon_old, *hwmon_new;		/* include/linux/hwmon.h */
	char *long_old, *long_new;		/* LONG_PATH */
	char *class_old, *class_new;		/* drivers/base/class.c */
	struct series_file files1[3], files2[2];
	struct series_patch patches[2];
};

static char *lines(const char *fmt, unsigned n, unsigned changed_every, const char *changed_fmt)
{
	struct strbuf sb = STRBUF_INIT;

	for (unsigned i = 1; i <= n; i++) {
		strbuf_addf(&sb, changed_every && i % changed_every == 0 ? changed_fmt : fmt, i);
		strbuf_addch(&sb, '\n');
	}
	return strbuf_detach(&sb, NULL);
}

static void add_file(struct series_file *f, const char *path, const char *old, const char *new)
{
	struct strbuf out = STRBUF_INIT;

	ck_assert_int_eq(diff_make(path, old, strlen(old), new, strlen(new), &out), 1);
	f->path = xstrdup(path);
	f->diff = strbuf_detach(&out, NULL);
}

static void fixture_init(struct fixture *fx)
{
	memset(fx, 0, sizeof(*fx));
	fx->foo_old = lines("struct class_device *cd%u;", 40, 0, NULL);
	fx->foo_mid = lines("struct class_device *cd%u;", 40, 10, "struct device *dev%u;");
	fx->foo_new = lines("struct class_device *cd%u;", 40, 5, "struct device *dev%u;");
	fx->hwmon_old = lines("extern struct class_device *hwmon%u;", 8, 0, NULL);
	fx->hwmon_new = lines("extern struct class_device *hwmon%u;", 8, 4, "extern struct device *hwmon%u;");
	fx->long_old = lines("CLASS_DEVICE_ATTR(a%u, 0444, show, NULL);", 150, 0, NULL);
	fx->long_new = lines("CLASS_DEVICE_ATTR(a%u, 0444, show, NULL);", 150, 2, "DEVICE_ATTR(a%u, 0444, show, NULL);");
	fx->class_old = lines("int class_device_fn%u(void);", 12, 0, NULL);
	fx->class_new = lines("int class_device_fn%u(void);", 12, 3, "/* removed %u */");

	/* Given out of path order: the series sorts them. */
	add_file(&fx->files1[0], LONG_PATH, fx->long_old, fx->long_new);
	add_file(&fx->files1[1], "include/linux/hwmon.h", fx->hwmon_old, fx->hwmon_new);
	add_file(&fx->files1[2], "drivers/hwmon/foo.c", fx->foo_old, fx->foo_mid);
	add_file(&fx->files2[0], "drivers/hwmon/foo.c", fx->foo_mid, fx->foo_new);
	add_file(&fx->files2[1], "drivers/base/class.c", fx->class_old, fx->class_new);

	fx->patches[0].step_order = 40;
	fx->patches[0].step_name = "class-device-to-device";
	fx->patches[0].step_title = "convert struct class_device users to struct device";
	fx->patches[0].body = "Every struct class_device becomes a struct device.\n\n"
			      "The attributes follow.\n---\nThat line would end the message.\n\n";
	fx->patches[0].subsystem = "hwmon";
	fx->patches[0].files = fx->files1;
	fx->patches[0].nr_files = 3;
	strvec_push(&fx->patches[0].sites, "drivers/hwmon/foo.c:10:21: type: class_device");
	strvec_push(&fx->patches[0].sites, "include/linux/hwmon.h:4:8: type: class_device");

	fx->patches[1].step_order = 70;
	fx->patches[1].step_name = "delete";
	fx->patches[1].step_title = "remove struct class_device";
	fx->patches[1].body = "Nothing uses it any more.";
	fx->patches[1].subsystem = "driver-core";
	fx->patches[1].files = fx->files2;
	fx->patches[1].nr_files = 2;
}

static void fixture_release(struct fixture *fx)
{
	for (int i = 0; i < 3; i++)
		series_file_release(&fx->files1[i]);
	for (int i = 0; i < 2; i++)
		series_file_release(&fx->files2[i]);
	strvec_clear(&fx->patches[0].sites);
	strvec_clear(&fx->patches[1].sites);
	free(fx->foo_old);
	free(fx->foo_mid);
	free(fx->foo_new);
	free(fx->hwmon_old);
	free(fx->hwmon_new);
	free(fx->long_old);
	free(fx->long_new);
	free(fx->class_old);
	free(fx->class_new);
}

static void put_original_tree(const char *tree, const struct fixture *fx)
{
	put(tree, "drivers/hwmon/foo.c", fx->foo_old);
	put(tree, "include/linux/hwmon.h", fx->hwmon_old);
	put(tree, LONG_PATH, fx->long_old);
	put(tree, "drivers/base/class.c", fx->class_old);
}

static void assert_final_tree(const char *tree, const struct fixture *fx)
{
	const char *want[][2] = {
		{ "drivers/hwmon/foo.c", fx->foo_new },
		{ "include/linux/hwmon.h", fx->hwmon_new },
		{ LONG_PATH, fx->long_new },
		{ "drivers/base/class.c", fx->class_new },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(*want); i++) {
		char *got = get(tree, want[i][0]);

		ck_assert_msg(!strcmp(got, want[i][1]), "%s: unexpected content", want[i][0]);
		free(got);
	}
}

#define P1 "0001-hwmon-class-device-to-device.patch"
#define P2 "0002-driver-core-delete.patch"
#define COVER "0000-cover-letter.patch"

/* The diffstat block of a message: the lines after "---\n" up to the blank line. */
static char *stat_block(const char *msg)
{
	const char *start = strstr(msg, "\n---\n"), *end;

	ck_assert_ptr_nonnull(start);
	start += 5;
	end = strstr(start, "\n\n");
	ck_assert_ptr_nonnull(end);
	return xstrndup(start, end - start + 1);
}

START_TEST(test_write_layout)
{
	struct fixture fx;
	char *out = new_tmpdir(), *dir = path_join(out, "series/v1");
	char *names, *p1, *p2, *cover, *stat;

	fixture_init(&fx);
	ck_assert_int_eq(series_write(dir, fx.patches, 2, "Retire struct class_device.\n"), 0);
	names = listing(dir);
	ck_assert_str_eq(names, COVER "\n" P1 "\n" P2 "\n");

	p1 = get(dir, P1);
	ck_assert(starts_with(p1,
		"From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		"From: cdmigrate <cdmigrate@localhost>\n"
		"Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
		"Subject: [PATCH 1/2] hwmon: convert struct class_device users to struct device\n"
		"\n"
		"Every struct class_device becomes a struct device.\n"
		"\n"
		"The attributes follow.\n"
		" ---\n"
		"That line would end the message.\n"
		"\n"
		"Sites converted:\n"
		"  drivers/hwmon/foo.c:10:21: type: class_device\n"
		"  include/linux/hwmon.h:4:8: type: class_device\n"
		"---\n"));
	stat = stat_block(p1);
	/*
	 * 150 changes do not fit in 72 columns: the graph is scaled and the long
	 * name elided, byte for byte as git 2.39.5's format-patch does it.
	 */
	ck_assert_str_eq(stat,
		" drivers/hwmon/foo.c                           |   8 +-\n"
		" .../another_long_driver_file_name.c           | 150 +++++++++---------\n"
		" include/linux/hwmon.h                         |   4 +-\n"
		" 3 files changed, 81 insertions(+), 81 deletions(-)\n");
	free(stat);
	/* The diffs in path order, each after its diff --git line; the signature last. */
	ck_assert_ptr_nonnull(strstr(p1, "\n\ndiff --git a/drivers/hwmon/foo.c b/drivers/hwmon/foo.c\n"
				     "--- a/drivers/hwmon/foo.c\n+++ b/drivers/hwmon/foo.c\n@@ "));
	ck_assert(strstr(p1, "diff --git a/drivers/hwmon/foo.c") <
		  strstr(p1, "diff --git a/" LONG_PATH));
	ck_assert(strstr(p1, "diff --git a/" LONG_PATH) <
		  strstr(p1, "diff --git a/include/linux/hwmon.h"));
	ck_assert(ends_with(p1, "\n-- \ncdmigrate " PACKAGE_VERSION "\n\n"));

	p2 = get(dir, P2);
	ck_assert_ptr_nonnull(strstr(p2, "\nSubject: [PATCH 2/2] driver-core: remove struct class_device\n\n"
				     "Nothing uses it any more.\n---\n"));
	stat = stat_block(p2);
	ck_assert_str_eq(stat,
		" drivers/base/class.c | 8 ++++----\n"
		" drivers/hwmon/foo.c  | 8 ++++----\n"
		" 2 files changed, 8 insertions(+), 8 deletions(-)\n");
	free(stat);

	cover = get(dir, COVER);
	ck_assert_str_eq(cover,
		"From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		"From: cdmigrate <cdmigrate@localhost>\n"
		"Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
		"Subject: [PATCH 0/2] class_device retirement: 2 patches\n"
		"\n"
		"Retire struct class_device.\n"
		"\n"
		"  patch  order  subsystem    step                    files   +   -\n"
		"  0001      40  hwmon        class-device-to-device      3  81  81\n"
		"  0002      70  driver-core  delete                      2   8   8\n"
		"\n"
		" drivers/base/class.c                          |   8 +-\n"
		" drivers/hwmon/foo.c                           |  16 +-\n"
		" .../another_long_driver_file_name.c           | 150 +++++++++---------\n"
		" include/linux/hwmon.h                         |   4 +-\n"
		" 4 files changed, 89 insertions(+), 89 deletions(-)\n"
		"\n"
		"-- \n"
		"cdmigrate " PACKAGE_VERSION "\n"
		"\n");

	free(names);
	free(p1);
	free(p2);
	free(cover);
	fixture_release(&fx);
	rm_rf(out);
	free(dir);
	free(out);
}
END_TEST

START_TEST(test_rewrite_identical_and_stale)
{
	struct fixture fx;
	char *dir = new_tmpdir();
	char *first[3], *names;
	const char *files[3] = { COVER, P1, P2 };

	fixture_init(&fx);
	put(dir, "report.json", "{}\n");
	put(dir, "0003-old-stale.patch", "stale\n");
	put(dir, ".tmp-1-1.patch", "half a patch from an interrupted run\n");
	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL), 0);
	names = listing(dir);
	ck_assert_str_eq(names, COVER "\n" P1 "\n" P2 "\nreport.json\n");
	free(names);
	for (int i = 0; i < 3; i++)
		first[i] = get(dir, files[i]);

	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL), 0);
	for (int i = 0; i < 3; i++) {
		char *again = get(dir, files[i]);

		ck_assert_msg(!strcmp(first[i], again), "%s differs on the second write", files[i]);
		free(again);
		free(first[i]);
	}
	/* A shorter series leaves no patch of the longer one behind. */
	ck_assert_int_eq(series_write(dir, fx.patches, 1, NULL), 0);
	names = listing(dir);
	ck_assert_str_eq(names, COVER "\n" P1 "\nreport.json\n");
	free(names);
	names = get(dir, COVER);
	ck_assert_ptr_nonnull(strstr(names, "Subject: [PATCH 0/1] class_device retirement: 1 patch\n"));
	free(names);

	fixture_release(&fx);
	rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(test_refuses)
{
	struct fixture fx;
	char *dir = new_tmpdir(), *names, *file;
	struct series_file bad = { NULL, NULL };
	struct series_patch patch;

	fixture_init(&fx);
	put(dir, "0001-old.patch", "old\n");
	put(dir, "notes.txt", "mine\n");
	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL), -1);
	names = listing(dir);
	ck_assert_str_eq(names, "0001-old.patch\nnotes.txt\n");
	free(names);

	file = path_join(dir, "notes.txt");
	unlink(file);
	free(file);
	file = path_join(dir, "sub.patch");
	ck_assert_int_eq(mkdir(file, 0755), 0);
	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL), -1);
	rmdir(file);
	free(file);

	/* A file is given twice, or a diff is not one. */
	patch = fx.patches[1];
	patch.files = fx.files1;
	patch.nr_files = 3;
	fx.files1[1].path[0] = 'X';	/* the path no longer matches its diff */
	ck_assert_int_eq(series_write(dir, &patch, 1, NULL), -1);
	fx.files1[1].path[0] = 'i';
	bad.path = xstrdup("x.c");
	bad.diff = xstrdup("not a diff\n");
	patch.files = &bad;
	patch.nr_files = 1;
	ck_assert_int_eq(series_write(dir, &patch, 1, NULL), -1);
	names = listing(dir);
	ck_assert_str_eq(names, "0001-old.patch\n");
	free(names);

	series_file_release(&bad);
	fixture_release(&fx);
	rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(test_git_apply_check_in_order)
{
	struct fixture fx;
	char *out = new_tmpdir(), *tree = new_tmpdir();
	const char *patches[2] = { P1, P2 };

	fixture_init(&fx);
	ck_assert_int_eq(series_write(out, fx.patches, 2, "cover\n"), 0);
	put_original_tree(tree, &fx);
	for (int i = 0; i < 2; i++) {
		char *patch = path_join(out, patches[i]);

		ck_assert_msg(git(tree, NULL, (const char *[]){ "apply", "--check", patch, NULL }) == 0,
			      "git apply --check rejects %s", patches[i]);
		ck_assert_int_eq(git(tree, NULL, (const char *[]){ "apply", patch, NULL }), 0);
		free(patch);
	}
	assert_final_tree(tree, &fx);

	fixture_release(&fx);
	rm_rf(out);
	rm_rf(tree);
	free(out);
	free(tree);
}
END_TEST

/* git am takes the series; format-patch gives back the same subjects and diffstats. */
START_TEST(test_git_am_and_format_patch)
{
	struct fixture fx;
	char *out = new_tmpdir(), *repo = new_tmpdir();
	char *p1 = path_join(out, P1), *p2 = path_join(out, P2);
	struct strbuf log = STRBUF_INIT, fp = STRBUF_INIT;
	char *ours, *theirs, *mine;
	const char *second;

	fixture_init(&fx);
	ck_assert_int_eq(series_write(out, fx.patches, 2, "cover\n"), 0);
	put_original_tree(repo, &fx);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "init", "-q", NULL }), 0);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "add", ".", NULL }), 0);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "commit", "-q", "-m", "base", NULL }), 0);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "am", "-q", p1, p2, NULL }), 0);
	assert_final_tree(repo, &fx);

	ck_assert_int_eq(git(repo, &log, (const char *[]){ "log", "--format=%s%n%b%an", "-2", NULL }), 0);
	ck_assert_str_eq(log.buf,
		"driver-core: remove struct class_device\n"
		"Nothing uses it any more.\n"
		"cdmigrate\n"
		"hwmon: convert struct class_device users to struct device\n"
		"Every struct class_device becomes a struct device.\n"
		"\n"
		"The attributes follow.\n"
		" ---\n"
		"That line would end the message.\n"
		"\n"
		"Sites converted:\n"
		"  drivers/hwmon/foo.c:10:21: type: class_device\n"
		"  include/linux/hwmon.h:4:8: type: class_device\n"
		"cdmigrate\n");

	ck_assert_int_eq(git(repo, &fp, (const char *[]){ "format-patch", "--stdout", "-2", NULL }), 0);
	second = strstr(fp.buf, "\nFrom ");
	ck_assert_ptr_nonnull(second);
	/*
	 * Patch 1's stat is scaled to 72 columns; test_write_layout pins it as
	 * git 2.39's format-patch prints it.  Other gits may divide the columns
	 * differently, so only its summary line is compared here.
	 */
	mine = get(out, P1);
	ours = stat_block(mine);
	theirs = stat_block(fp.buf);
	ck_assert(ends_with(ours, " 3 files changed, 81 insertions(+), 81 deletions(-)\n"));
	ck_assert_msg(ends_with(theirs, " 3 files changed, 81 insertions(+), 81 deletions(-)\n"),
		      "git format-patch says:\n%s", theirs);
	free(mine);
	free(ours);
	free(theirs);
	mine = get(out, P2);
	ours = stat_block(mine);
	theirs = stat_block(second);
	ck_assert_str_eq(ours, theirs);
	free(mine);
	free(ours);
	free(theirs);

	strbuf_release(&log);
	strbuf_release(&fp);
	free(p1);
	free(p2);
	fixture_release(&fx);
	rm_rf(out);
	rm_rf(repo);
	free(out);
	free(repo);
}
END_TEST

static Suite *series_suite(void)
{
	Suite *s = suite_create("series");
	TCase *write = tcase_create("write");
	TCase *git_tc = tcase_create("git");

	tcase_set_timeout(write, 60);
	tcase_add_test(write, test_write_layout);
	tcase_add_test(write, test_rewrite_identical_and_stale);
	tcase_add_test(write, test_refuses);
	suite_add_tcase(s, write);

	tcase_set_timeout(git_tc, 120);
	tcase_add_test(git_tc, test_git_apply_check_in_order);
	tcase_add_test(git_tc, test_git_am_and_format_patch);
	suite_add_tcase(s, git_tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(series_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
