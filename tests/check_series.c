/*
 * check_series: write a real series into a temporary directory and feed it
 * to the real git: `git apply --check` patch by patch on a tree, `git am`
 * into a repository, and git's own format-patch diffstat to compare with.
 */
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/child.h"
#include "base/util.h"
#include "engine/diff.h"
#include "engine/series.h"
#include "config.h"
#include "test-lib.h"

#define LONG_PATH "drivers/media/video/a_rather_long_directory_name/another_long_driver_file_name.c"

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
	/* A repository above the temporary directory (a stray /tmp/.git) is not ours. */
	strvec_pushf(&c.env, "GIT_CEILING_DIRECTORIES=%.*s", (int)(strrchr(dir, '/') - dir), dir);
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
	strvec_push(&fx->patches[0].sites, "drivers/hwmon/foo.c:12:3: class-device-call: class_device_create");
	strvec_push(&fx->patches[0].sites, "drivers/hwmon/foo.c:20:21: type: class_device");
	for (unsigned i = 1; i <= 8; i++)
		strvec_pushf(&fx->patches[0].sites,
			     "drivers/hwmon/foo.c:%u:1: class-device-attribute: class_device_attr_a%u",
			     20 + i, i);
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
	test_put(tree, "drivers/hwmon/foo.c", fx->foo_old);
	test_put(tree, "include/linux/hwmon.h", fx->hwmon_old);
	test_put(tree, LONG_PATH, fx->long_old);
	test_put(tree, "drivers/base/class.c", fx->class_old);
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
		char *got = test_get(tree, want[i][0]);

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

START_TEST(test_parts_trailers_and_sizes)
{
	struct fixture fx;
	char *out = test_tmpdir("check_series"), *dir = path_join(out, "s"), *p1, *cover;
	struct strvec cc = STRVEC_INIT, notes = STRVEC_INIT, foreign = STRVEC_INIT;
	struct series_meta meta;
	char *subject;
	size_t bytes;

	fixture_init(&fx);
	memset(&meta, 0, sizeof(meta));
	meta.signoff = xstrdup("Test Person <test@example.org>");
	meta.size_limit = 40 * 1024;
	strvec_push(&cc, "Hwmon Keeper <hwmon@example.org>");
	strvec_push(&cc, "sensors@example.org");
	strvec_push(&notes, "It holds step 50's change too: without it this patch does not build.");
	strvec_push(&foreign, "drivers/base/class.c");
	fx.patches[0].part = "foo, hwmon";
	fx.patches[0].part_nr = 1;
	fx.patches[0].parts = 2;
	fx.patches[0].cc = &cc;
	fx.patches[0].notes = &notes;
	fx.patches[0].tie = "include/linux/hwmon.h changes hwmon1, which drivers/hwmon/foo.c names";

	subject = series_subject(&fx.patches[0]);
	ck_assert_str_eq(subject, "hwmon: foo, hwmon: convert struct class_device users to struct device");
	ck_assert_uint_le(strlen(subject), SERIES_SUMMARY_MAX);
	free(subject);
	/* too long with the drivers: the part's number instead */
	fx.patches[0].part = "foo, hwmon, lm83, lm85, w83781d";
	subject = series_subject(&fx.patches[0]);
	ck_assert_str_eq(subject, "hwmon: convert struct class_device users to struct device (1/2)");
	free(subject);
	fx.patches[0].part = "foo, hwmon";
	fx.patches[1].foreign = &foreign;
	meta.size_limit = 1024;	/* the first patch is over it: it says why */

	bytes = series_patch_bytes(&fx.patches[0], 2, &meta);
	ck_assert_int_eq(series_write(dir, fx.patches, 2, "Cover.\n", &meta), 0);
	p1 = test_get(dir, "0001-hwmon-part1-class-device-to-device.patch");
	ck_assert_uint_eq(strlen(p1), bytes);
	ck_assert_ptr_nonnull(strstr(p1, "Subject: [PATCH 1/2] hwmon: foo, hwmon: convert struct class_device"));
	ck_assert_ptr_nonnull(strstr(p1, "in hwmon, part 1 of 2\n(foo, hwmon): 12 sites"));
	ck_assert_ptr_nonnull(strstr(p1, "\nIt holds step 50's change too: without it this patch does not build.\n"));
	ck_assert_ptr_nonnull(strstr(p1, "\nThis patch is larger than the 1 kB a list takes, and cannot be"));
	/* the trailers close the message, the sign-off last, as format-patch -s */
	ck_assert_ptr_nonnull(strstr(p1, "\n\nCc: Hwmon Keeper <hwmon@example.org>\nCc: sensors@example.org\n"
				  "Signed-off-by: Test Person <test@example.org>\n---\n"));
	free(p1);
	p1 = test_get(dir, "0002-driver-core-delete.patch");
	ck_assert_ptr_nonnull(strstr(p1, "The changes of drivers/base/class.c (not driver-core) are here"));
	ck_assert_ptr_nonnull(strstr(p1, "\n\nSigned-off-by: Test Person <test@example.org>\n---\n"));
	free(p1);
	cover = test_get(dir, COVER);
	ck_assert_ptr_nonnull(strstr(cover, "Split by driver, each part under 1 kB:\n"
				     "  step 40 in hwmon, patches 1-2:\n    0001 foo, hwmon ("));
	ck_assert_ptr_nonnull(strstr(cover, "Over 1 kB, their changes build only together:\n"
				     "  0001 hwmon, "));
	ck_assert_ptr_nonnull(strstr(cover, "hwmon 1/2"));
	ck_assert_ptr_null(strstr(cover, "Signed-off-by"));
	free(cover);
	strvec_clear(&cc);
	strvec_clear(&notes);
	strvec_clear(&foreign);
	free(meta.signoff);
	fixture_release(&fx);
	test_rm_rf(out);
	free(out);
	free(dir);
}
END_TEST

START_TEST(test_write_layout)
{
	struct fixture fx;
	char *out = test_tmpdir("check_series"), *dir = path_join(out, "series/v1");
	char *names, *p1, *p2, *cover, *stat;

	fixture_init(&fx);
	ck_assert_int_eq(series_write(dir, fx.patches, 2, "Retire struct class_device.\n", NULL), 0);
	names = listing(dir);
	ck_assert_str_eq(names, COVER "\n" P1 "\n" P2 "\n");

	p1 = test_get(dir, P1);
	ck_assert(starts_with(p1,
		"From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		"From: cdmigrate <cdmigrate@localhost>\n"
		"Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
		"Subject: [PATCH 1/2] hwmon: convert struct class_device users to struct device\n"
		"\n"
		"Convert struct class_device users to struct device in hwmon: 12 sites in\n"
		"3 files (step 40, class-device-to-device; the cover letter explains the\n"
		"step).\n"
		"\n"
		"Sites converted, per file (kind: definitions and functions, first line):\n"
		"  drivers/hwmon/foo.c\n"
		"    type: class_device (10)\n"
		"    call: class_device_create (12)\n"
		"    attribute: class_device_attr_a1 (21), class_device_attr_a2 (22),\n"
		"      class_device_attr_a3 (23), class_device_attr_a4 (24),\n"
		"      class_device_attr_a5 (25), class_device_attr_a6 (26),\n"
		"      class_device_attr_a7 (27), class_device_attr_a8 (28)\n"
		"  " LONG_PATH "\n"
		"    no site of its own: it follows what the patch changes elsewhere\n"
		"  include/linux/hwmon.h\n"
		"    type: class_device (4)\n"
		"---\n"));
	/* The step's explanation is in the cover letter only. */
	ck_assert_ptr_null(strstr(p1, "Every struct class_device becomes"));
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

	p2 = test_get(dir, P2);
	ck_assert_ptr_nonnull(strstr(p2, "\nSubject: [PATCH 2/2] driver-core: remove struct class_device\n\n"
				     "Remove struct class_device in driver-core: 2 files (step 70, delete; the\n"
				     "cover letter explains the step).\n\n"
				     "Files changed:\n"
				     "  drivers/base/class.c\n"
				     "  drivers/hwmon/foo.c\n"
				     "---\n"));
	stat = stat_block(p2);
	ck_assert_str_eq(stat,
		" drivers/base/class.c | 8 ++++----\n"
		" drivers/hwmon/foo.c  | 8 ++++----\n"
		" 2 files changed, 8 insertions(+), 8 deletions(-)\n");
	free(stat);

	cover = test_get(dir, COVER);
	ck_assert_str_eq(cover,
		"From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		"From: cdmigrate <cdmigrate@localhost>\n"
		"Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
		"Subject: [PATCH 0/2] class_device retirement: 2 patches\n"
		"\n"
		"Retire struct class_device.\n"
		"\n"
		"Step 40, class-device-to-device (patch 1): convert struct class_device\n"
		"users to struct device.\n"
		"\n"
		"Every struct class_device becomes a struct device.\n"
		"\n"
		"The attributes follow.\n"
		" ---\n"
		"That line would end the message.\n"
		"\n"
		"Step 70, delete (patch 2): remove struct class_device.\n"
		"\n"
		"Nothing uses it any more.\n"
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
	test_rm_rf(out);
	free(dir);
	free(out);
}
END_TEST

START_TEST(test_rewrite_identical_and_stale)
{
	struct fixture fx;
	char *dir = test_tmpdir("check_series");
	char *first[3], *names;
	const char *files[3] = { COVER, P1, P2 };

	fixture_init(&fx);
	test_put(dir, "report.json", "{}\n");
	test_put(dir, "0003-old-stale.patch", "stale\n");
	test_put(dir, ".tmp-1-1.patch", "half a patch from an interrupted run\n");
	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL, NULL), 0);
	names = listing(dir);
	ck_assert_str_eq(names, COVER "\n" P1 "\n" P2 "\nreport.json\n");
	free(names);
	for (int i = 0; i < 3; i++)
		first[i] = test_get(dir, files[i]);

	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL, NULL), 0);
	for (int i = 0; i < 3; i++) {
		char *again = test_get(dir, files[i]);

		ck_assert_msg(!strcmp(first[i], again), "%s differs on the second write", files[i]);
		free(again);
		free(first[i]);
	}
	/* A shorter series leaves no patch of the longer one behind. */
	ck_assert_int_eq(series_write(dir, fx.patches, 1, NULL, NULL), 0);
	names = listing(dir);
	ck_assert_str_eq(names, COVER "\n" P1 "\nreport.json\n");
	free(names);
	names = test_get(dir, COVER);
	ck_assert_ptr_nonnull(strstr(names, "Subject: [PATCH 0/1] class_device retirement: 1 patch\n"));
	free(names);

	fixture_release(&fx);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(test_refuses)
{
	struct fixture fx;
	char *dir = test_tmpdir("check_series"), *names, *file;
	struct series_file bad = { NULL, NULL };
	struct series_patch patch;

	fixture_init(&fx);
	test_put(dir, "0001-old.patch", "old\n");
	test_put(dir, "notes.txt", "mine\n");
	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL, NULL), -1);
	names = listing(dir);
	ck_assert_str_eq(names, "0001-old.patch\nnotes.txt\n");
	free(names);

	file = path_join(dir, "notes.txt");
	unlink(file);
	free(file);
	file = path_join(dir, "sub.patch");
	ck_assert_int_eq(mkdir(file, 0755), 0);
	ck_assert_int_eq(series_write(dir, fx.patches, 2, NULL, NULL), -1);
	rmdir(file);
	free(file);

	/* A file is given twice, or a diff is not one. */
	patch = fx.patches[1];
	patch.files = fx.files1;
	patch.nr_files = 3;
	fx.files1[1].path[0] = 'X';	/* the path no longer matches its diff */
	ck_assert_int_eq(series_write(dir, &patch, 1, NULL, NULL), -1);
	fx.files1[1].path[0] = 'i';
	bad.path = xstrdup("x.c");
	bad.diff = xstrdup("not a diff\n");
	patch.files = &bad;
	patch.nr_files = 1;
	ck_assert_int_eq(series_write(dir, &patch, 1, NULL, NULL), -1);
	names = listing(dir);
	ck_assert_str_eq(names, "0001-old.patch\n");
	free(names);

	series_file_release(&bad);
	fixture_release(&fx);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(test_git_apply_check_in_order)
{
	struct fixture fx;
	char *out = test_tmpdir("check_series"), *tree = test_tmpdir("check_series");
	const char *patches[2] = { P1, P2 };

	fixture_init(&fx);
	ck_assert_int_eq(series_write(out, fx.patches, 2, "cover\n", NULL), 0);
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
	test_rm_rf(out);
	test_rm_rf(tree);
	free(out);
	free(tree);
}
END_TEST

/* git am takes the series; format-patch gives back the same subjects and diffstats. */
START_TEST(test_git_am_and_format_patch)
{
	struct fixture fx;
	char *out = test_tmpdir("check_series"), *repo = test_tmpdir("check_series");
	char *p1 = path_join(out, P1), *p2 = path_join(out, P2);
	struct strbuf log = STRBUF_INIT, fp = STRBUF_INIT;
	char *ours, *theirs, *mine;
	const char *second;

	fixture_init(&fx);
	ck_assert_int_eq(series_write(out, fx.patches, 2, "cover\n", NULL), 0);
	put_original_tree(repo, &fx);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "init", "-q", NULL }), 0);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "add", ".", NULL }), 0);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "commit", "-q", "-m", "base", NULL }), 0);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "am", "-q", p1, p2, NULL }), 0);
	assert_final_tree(repo, &fx);

	ck_assert_int_eq(git(repo, &log, (const char *[]){ "log", "--format=%s%n%b%an", "-2", NULL }), 0);
	/* (a plain strcmp: the message is longer than Check's failure messages may be) */
	ck_assert_msg(!strcmp(log.buf,
		"driver-core: remove struct class_device\n"
		"Remove struct class_device in driver-core: 2 files (step 70, delete; the\n"
		"cover letter explains the step).\n"
		"\n"
		"Files changed:\n"
		"  drivers/base/class.c\n"
		"  drivers/hwmon/foo.c\n"
		"cdmigrate\n"
		"hwmon: convert struct class_device users to struct device\n"
		"Convert struct class_device users to struct device in hwmon: 12 sites in\n"
		"3 files (step 40, class-device-to-device; the cover letter explains the\n"
		"step).\n"
		"\n"
		"Sites converted, per file (kind: definitions and functions, first line):\n"
		"  drivers/hwmon/foo.c\n"
		"    type: class_device (10)\n"
		"    call: class_device_create (12)\n"
		"    attribute: class_device_attr_a1 (21), class_device_attr_a2 (22),\n"
		"      class_device_attr_a3 (23), class_device_attr_a4 (24),\n"
		"      class_device_attr_a5 (25), class_device_attr_a6 (26),\n"
		"      class_device_attr_a7 (27), class_device_attr_a8 (28)\n"
		"  " LONG_PATH "\n"
		"    no site of its own: it follows what the patch changes elsewhere\n"
		"  include/linux/hwmon.h\n"
		"    type: class_device (4)\n"
		"cdmigrate\n"), "git log says:\n%.3000s", log.buf);

	ck_assert_int_eq(git(repo, &fp, (const char *[]){ "format-patch", "--stdout", "-2", NULL }), 0);
	second = strstr(fp.buf, "\nFrom ");
	ck_assert_ptr_nonnull(second);
	/*
	 * Patch 1's stat is scaled to 72 columns; test_write_layout pins it as
	 * git 2.39's format-patch prints it.  Other gits may divide the columns
	 * differently, so only its summary line is compared here.
	 */
	mine = test_get(out, P1);
	ours = stat_block(mine);
	theirs = stat_block(fp.buf);
	ck_assert(ends_with(ours, " 3 files changed, 81 insertions(+), 81 deletions(-)\n"));
	ck_assert_msg(ends_with(theirs, " 3 files changed, 81 insertions(+), 81 deletions(-)\n"),
		      "git format-patch says:\n%s", theirs);
	free(mine);
	free(ours);
	free(theirs);
	mine = test_get(out, P2);
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
	test_rm_rf(out);
	test_rm_rf(repo);
	free(out);
	free(repo);
}
END_TEST

/* A git repository at dir with one commit of the fixture's tree and a Makefile. */
static void meta_repo(const char *dir, const struct fixture *fx, const char *makefile)
{
	put_original_tree(dir, fx);
	if (makefile)
		test_put(dir, "Makefile", makefile);
	ck_assert_int_eq(git(dir, NULL, (const char *[]){ "init", "-q", NULL }), 0);
	ck_assert_int_eq(git(dir, NULL, (const char *[]){ "add", ".", NULL }), 0);
	ck_assert_int_eq(git(dir, NULL, (const char *[]){ "commit", "-q", "-m", "base", NULL }), 0);
}

START_TEST(test_meta_from_tree)
{
	struct fixture fx;
	char *plain = test_tmpdir("check_series"), *repo = test_tmpdir("check_series");
	char *out = test_tmpdir("check_series"), *am = test_tmpdir("check_series");
	char *sub = path_join(repo, "drivers"), *p1 = path_join(out, P1), *p2 = path_join(out, P2);
	char *slash_tree = xstrfmt("%s/", plain), *cover, *patch, *want;
	struct strbuf head = STRBUF_INIT, log = STRBUF_INIT;
	struct series_meta meta;
	const char *version = "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 16\nEXTRAVERSION =\n";

	/* Only the repository's own configuration counts: no user's, no system's. */
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
	fixture_init(&fx);

	/* Not a git checkout, no version: the directory's name, no commit, no author. */
	series_meta_read(slash_tree, NULL, &meta);
	ck_assert_str_eq(meta.tree_name, strrchr(plain, '/') + 1);
	ck_assert_ptr_null(meta.base_commit);
	ck_assert_ptr_null(meta.author);
	series_meta_release(&meta);
	test_put(plain, "Makefile", version);
	series_meta_read(plain, NULL, &meta);
	ck_assert_str_eq(meta.tree_name, "Linux 2.6.16");
	ck_assert_ptr_null(meta.base_commit);
	ck_assert_ptr_null(meta.author);
	series_meta_release(&meta);
	/* out of tree: the driver directory, against the kernel's version */
	series_meta_read(repo, plain, &meta);
	want = xstrfmt("%s (out of tree, against Linux 2.6.16)", strrchr(repo, '/') + 1);
	ck_assert_str_eq(meta.tree_name, want);
	free(want);
	series_meta_release(&meta);

	/* A git checkout: its HEAD; without user.name/user.email, the fixed author. */
	meta_repo(repo, &fx, version);
	ck_assert_int_eq(git(repo, &head, (const char *[]){ "rev-parse", "HEAD", NULL }), 0);
	head.buf[strcspn(head.buf, "\n")] = '\0';
	series_meta_read(repo, NULL, &meta);
	ck_assert_str_eq(meta.tree_name, "Linux 2.6.16");
	ck_assert_str_eq(meta.base_commit, head.buf);
	ck_assert_ptr_null(meta.author);
	series_meta_release(&meta);
	/* A directory inside a checkout is not one. */
	series_meta_read(sub, NULL, &meta);
	ck_assert_ptr_null(meta.base_commit);
	ck_assert_ptr_null(meta.author);
	series_meta_release(&meta);

	/* With the user's identity: the author of every message, git am keeps it. */
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "config", "user.name", "J\xc3\xbcrgen Maintainer", NULL }), 0);
	ck_assert_int_eq(git(repo, NULL, (const char *[]){ "config", "user.email", "jm@example.org", NULL }), 0);
	series_meta_read(repo, NULL, &meta);
	ck_assert_str_eq(meta.author, "J\xc3\xbcrgen Maintainer <jm@example.org>");
	ck_assert_int_eq(series_write(out, fx.patches, 2, "Retire.\n", &meta), 0);
	cover = test_get(out, COVER);
	patch = test_get(out, P1);
	ck_assert(starts_with(patch, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
			      "From: =?UTF-8?q?J=C3=BCrgen_Maintainer?= <jm@example.org>\n"));
	ck_assert(starts_with(cover, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
			      "From: =?UTF-8?q?J=C3=BCrgen_Maintainer?= <jm@example.org>\n"));
	want = xstrfmt("\n\nbase-commit: %s\n-- \ncdmigrate " PACKAGE_VERSION "\n\n", head.buf);
	ck_assert_msg(ends_with(cover, want), "cover letter:\n%s", cover);
	ck_assert_ptr_null(strstr(cover, plain));
	ck_assert_ptr_null(strstr(cover, repo));
	free(want);
	meta_repo(am, &fx, NULL);
	ck_assert_int_eq(git(am, NULL, (const char *[]){ "am", "-q", p1, p2, NULL }), 0);
	ck_assert_int_eq(git(am, &log, (const char *[]){ "log", "--format=%an <%ae>", "-2", NULL }), 0);
	ck_assert_str_eq(log.buf, "J\xc3\xbcrgen Maintainer <jm@example.org>\n"
			 "J\xc3\xbcrgen Maintainer <jm@example.org>\n");
	series_meta_release(&meta);
	free(cover);
	free(patch);

	/* Without meta: no base-commit line. */
	ck_assert_int_eq(series_write(out, fx.patches, 2, "Retire.\n", NULL), 0);
	cover = test_get(out, COVER);
	ck_assert_ptr_null(strstr(cover, "base-commit:"));
	ck_assert_ptr_nonnull(strstr(cover, "\nFrom: cdmigrate <cdmigrate@localhost>\n"));
	free(cover);

	unsetenv("GIT_CONFIG_NOSYSTEM");
	unsetenv("GIT_CONFIG_GLOBAL");
	strbuf_release(&head);
	strbuf_release(&log);
	fixture_release(&fx);
	for (char **d = (char *[]){ plain, repo, out, am, NULL }; *d; d++) {
		test_rm_rf(*d);
		free(*d);
	}
	free(sub);
	free(p1);
	free(p2);
	free(slash_tree);
}
END_TEST

Suite *test_suite(void)
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
	tcase_add_test(git_tc, test_parts_trailers_and_sizes);
	tcase_add_test(git_tc, test_git_am_and_format_patch);
	tcase_add_test(git_tc, test_meta_from_tree);
	suite_add_tcase(s, git_tc);
	return s;
}
