/*
 * check_journal: the journal on real temporary trees, including a real
 * SIGKILL in the middle of a run.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "engine/journal.h"
#include "test-lib.h"

#define NR_CRASH_FILES 50

/* test_put() with a mode: the journal keeps each file's. */
static void put(const char *tree, const char *rel, const char *content, mode_t mode)
{
	char *path = path_join(tree, rel);

	test_put(tree, rel, content);
	ck_assert_int_eq(chmod(path, mode), 0);
	free(path);
}

static void assert_content(const char *tree, const char *rel, const char *want)
{
	char *got = test_read(tree, rel);

	ck_assert_msg(got != NULL, "%s: cannot read", rel);
	ck_assert_msg(!strcmp(got, want), "%s: unexpected content", rel);
	free(got);
}

static mode_t mode_of(const char *tree, const char *rel)
{
	char *path = path_join(tree, rel);
	struct stat st;

	ck_assert_msg(!lstat(path, &st), "lstat %s", path);
	free(path);
	return st.st_mode;
}

static int exists(const char *tree, const char *rel)
{
	char *path = path_join(tree, rel);
	struct stat st;
	int ret = !lstat(path, &st);

	free(path);
	return ret;
}

static int tmp_found;

static int find_tmp(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	if (ends_with(path, ".cdmigrate-tmp"))
		tmp_found = 1;
	return 0;
}

/* Nonzero when any temporary file is left anywhere under dir. */
static int has_tmp(const char *dir)
{
	tmp_found = 0;
	nftw(dir, find_tmp, 16, FTW_PHYS);
	return tmp_found;
}

static int entry_count;

static int count_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	entry_count++;
	return 0;
}

/* Number of entries under dir, dir itself included. */
static int count_entries(const char *dir)
{
	entry_count = 0;
	nftw(dir, count_one, 16, FTW_PHYS);
	return entry_count;
}

static char *old_text(int i)
{
	struct strbuf sb = STRBUF_INIT;

	for (int k = 0; k < 200; k++)
		strbuf_addf(&sb, "static struct class_device *cd%d_%d;\n", i, k);
	return strbuf_detach(&sb, NULL);
}

static char *new_text(int i)
{
	struct strbuf sb = STRBUF_INIT;

	for (int k = 0; k < 150; k++)
		strbuf_addf(&sb, "static struct device *dev%d_%d; /* migrated */\n", i, k);
	return strbuf_detach(&sb, NULL);
}

static void add_edit(struct journal_edit_list *list, const char *path,
		     const char *old, const char *new)
{
	journal_edit_list_add(list, path, old, strlen(old), new, strlen(new));
}

START_TEST(test_apply_contents_and_modes)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal");

	put(tree, "a.c", "old a\n", 0644);
	put(tree, "sub/dir/b.sh", "old b\n", 0755);
	put(tree, "c.h", "old c\n", 0600);
	put(tree, "untouched.c", "same\n", 0644);
	add_edit(&list, "a.c", "old a\n", "new a\n");
	add_edit(&list, "sub/dir/b.sh", "old b\n", "new b, longer\n");
	add_edit(&list, "c.h", "old c\n", "");

	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, "test run"), 0);
	assert_content(tree, "a.c", "new a\n");
	assert_content(tree, "sub/dir/b.sh", "new b, longer\n");
	assert_content(tree, "c.h", "");
	assert_content(tree, "untouched.c", "same\n");
	ck_assert_int_eq(mode_of(tree, "a.c"), S_IFREG | 0644);
	ck_assert_int_eq(mode_of(tree, "sub/dir/b.sh"), S_IFREG | 0755);
	ck_assert_int_eq(mode_of(tree, "c.h"), S_IFREG | 0600);
	ck_assert_int_eq(journal_pending(tree), 0);
	ck_assert(!exists(tree, ".cdmigrate/journal"));
	ck_assert(exists(tree, ".cdmigrate/last/index"));
	ck_assert(!has_tmp(tree));
	/* tree, 4 files, sub, sub/dir, .cdmigrate and its lock, last/ with index + 3 x 2 copies */
	ck_assert_int_eq(count_entries(tree), 1 + 4 + 2 + 2 + 1 + 7);

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

START_TEST(test_refuse_dir_symlink)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal"), *outside = test_tmpdir("check_journal");
	char *link = path_join(tree, "evil");

	put(tree, "good.c", "old good\n", 0644);
	put(outside, "victim.c", "old victim\n", 0644);
	ck_assert_int_eq(symlink(outside, link), 0);
	add_edit(&list, "good.c", "old good\n", "new good\n");
	add_edit(&list, "evil/victim.c", "old victim\n", "new victim\n");

	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), -1);
	assert_content(tree, "good.c", "old good\n");
	assert_content(outside, "victim.c", "old victim\n");
	ck_assert(!exists(tree, ".cdmigrate"));
	ck_assert_int_eq(count_entries(tree), 3);
	ck_assert_int_eq(count_entries(outside), 2);
	ck_assert_int_eq(journal_pending(tree), 0);

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	test_rm_rf(outside);
	free(link);
	free(tree);
	free(outside);
}
END_TEST

START_TEST(test_refuse_file_symlink)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal"), *outside = test_tmpdir("check_journal");
	char *target = path_join(outside, "victim.c");
	char *link = path_join(tree, "drivers/link.c");

	put(tree, "drivers/good.c", "old good\n", 0644);
	put(outside, "victim.c", "old victim\n", 0644);
	ck_assert_int_eq(symlink(target, link), 0);
	add_edit(&list, "drivers/good.c", "old good\n", "new good\n");
	add_edit(&list, "drivers/link.c", "old victim\n", "new victim\n");

	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), -1);
	assert_content(tree, "drivers/good.c", "old good\n");
	assert_content(outside, "victim.c", "old victim\n");
	ck_assert(S_ISLNK(mode_of(tree, "drivers/link.c")));
	ck_assert(!exists(tree, ".cdmigrate"));
	ck_assert_int_eq(count_entries(tree), 4);
	ck_assert_int_eq(count_entries(outside), 2);

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	test_rm_rf(outside);
	free(target);
	free(link);
	free(tree);
	free(outside);
}
END_TEST

START_TEST(test_refuse_state_dir_symlink)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal"), *outside = test_tmpdir("check_journal");
	char *link = path_join(tree, ".cdmigrate");

	put(tree, "a.c", "old\n", 0644);
	ck_assert_int_eq(symlink(outside, link), 0);
	add_edit(&list, "a.c", "old\n", "new\n");

	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), -1);
	assert_content(tree, "a.c", "old\n");
	ck_assert_int_eq(count_entries(outside), 1);
	ck_assert_int_eq(journal_pending(tree), -1);
	ck_assert_int_eq(journal_resume(tree), -1);
	ck_assert_int_eq(journal_undo(tree), -1);
	ck_assert_int_eq(count_entries(outside), 1);

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	test_rm_rf(outside);
	free(link);
	free(tree);
	free(outside);
}
END_TEST

START_TEST(test_refuse_bad_paths)
{
	static const char *const bad[] = {
		"", "/etc/passwd", "../a.c", "sub/../a.c", "./a.c", "sub//x.c",
		"sub/", ".cdmigrate/journal/index", "sub/.x.c.cdmigrate-tmp",
		"new\nline.c",
	};
	char *tree = test_tmpdir("check_journal");

	put(tree, "a.c", "old\n", 0644);
	put(tree, "sub/x.c", "old\n", 0644);
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;

		add_edit(&list, "a.c", "old\n", "new\n");
		add_edit(&list, bad[i], "old\n", "new\n");
		ck_assert_msg(journal_apply(tree, list.v, list.nr, NULL) == -1,
			      "path '%s' was accepted", bad[i]);
		journal_edit_list_clear(&list);
	}
	{
		struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;

		add_edit(&list, "sub/x.c", "old\n", "new\n");
		add_edit(&list, "a.c", "old\n", "new\n");
		add_edit(&list, "sub/x.c", "old\n", "newer\n");
		ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), -1);
		journal_edit_list_clear(&list);
	}
	assert_content(tree, "a.c", "old\n");
	assert_content(tree, "sub/x.c", "old\n");
	ck_assert(!exists(tree, ".cdmigrate"));

	test_rm_rf(tree);
	free(tree);
}
END_TEST

START_TEST(test_refuse_old_differs)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal");

	put(tree, "a.c", "old a\n", 0644);
	put(tree, "b.c", "edited by the user\n", 0644);
	add_edit(&list, "a.c", "old a\n", "new a\n");
	add_edit(&list, "b.c", "old b\n", "new b\n");

	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), -1);
	assert_content(tree, "a.c", "old a\n");
	assert_content(tree, "b.c", "edited by the user\n");
	ck_assert(!exists(tree, ".cdmigrate"));
	ck_assert_int_eq(count_entries(tree), 3);

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

START_TEST(test_undo_after_completed_run)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal");

	put(tree, "a.c", "old a\n", 0644);
	put(tree, "s/b.c", "old b\n", 0755);
	add_edit(&list, "a.c", "old a\n", "new a\n");
	add_edit(&list, "s/b.c", "old b\n", "new b\n");
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), 0);
	assert_content(tree, "a.c", "new a\n");

	ck_assert_int_eq(journal_undo(tree), 0);
	assert_content(tree, "a.c", "old a\n");
	assert_content(tree, "s/b.c", "old b\n");
	ck_assert_int_eq(mode_of(tree, "s/b.c"), S_IFREG | 0755);
	ck_assert(!exists(tree, ".cdmigrate/last"));
	ck_assert(!has_tmp(tree));
	ck_assert_int_eq(journal_undo(tree), 1);
	ck_assert_int_eq(journal_resume(tree), 1);

	/* A new run can follow, and a second completed run replaces last/. */
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), 0);
	journal_edit_list_clear(&list);
	add_edit(&list, "a.c", "new a\n", "newer a\n");
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), 0);
	assert_content(tree, "a.c", "newer a\n");
	ck_assert(!exists(tree, ".cdmigrate/last.stale"));
	ck_assert_int_eq(journal_undo(tree), 0);
	assert_content(tree, "a.c", "new a\n");
	assert_content(tree, "s/b.c", "new b\n");

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

START_TEST(test_undo_refuses_edited_file)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal");

	put(tree, "a.c", "old a\n", 0644);
	put(tree, "b.c", "old b\n", 0644);
	add_edit(&list, "a.c", "old a\n", "new a\n");
	add_edit(&list, "b.c", "old b\n", "new b\n");
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), 0);
	put(tree, "a.c", "user's later work\n", 0644);

	ck_assert_int_eq(journal_undo(tree), -1);
	assert_content(tree, "a.c", "user's later work\n");
	assert_content(tree, "b.c", "old b\n");
	ck_assert(exists(tree, ".cdmigrate/last/index"));

	put(tree, "a.c", "new a\n", 0644);
	ck_assert_int_eq(journal_undo(tree), 0);
	assert_content(tree, "a.c", "old a\n");

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

START_TEST(test_leftovers_cleaned)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal");

	put(tree, "a.c", "old a\n", 0644);
	/* What a crash before the index commit leaves behind. */
	put(tree, ".cdmigrate/journal/0.old", "old a\n", 0644);
	put(tree, ".cdmigrate/journal/0.new.tmp", "new", 0644);
	ck_assert_int_eq(journal_pending(tree), 0);
	ck_assert_int_eq(journal_resume(tree), 1);
	ck_assert(!exists(tree, ".cdmigrate/journal"));

	put(tree, ".cdmigrate/journal/0.old.tmp", "old", 0644);
	add_edit(&list, "a.c", "old a\n", "new a\n");
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), 0);
	assert_content(tree, "a.c", "new a\n");
	ck_assert(!exists(tree, ".cdmigrate/journal"));
	/* tree, a.c, .cdmigrate, its lock, last/ and its three files */
	ck_assert_int_eq(count_entries(tree), 1 + 1 + 1 + 1 + 1 + 3);

	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

/* A completed run of three files in a fresh tree (undo reverts it). */
static char *three_file_run(void)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal");

	put(tree, "a.c", "old a\n", 0644);
	put(tree, "b.c", "old b\n", 0644);
	put(tree, "c.c", "old c\n", 0644);
	add_edit(&list, "a.c", "old a\n", "new a\n");
	add_edit(&list, "b.c", "old b\n", "new b\n");
	add_edit(&list, "c.c", "old c\n", "new c\n");
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), 0);
	journal_edit_list_clear(&list);
	return tree;
}

/* Undo restores every entry whose journal copy is intact, and says which it cannot. */
START_TEST(test_damaged_journal_undo_salvages)
{
	char *tree = three_file_run();

	put(tree, ".cdmigrate/last/1.old", "corrupted\n", 0644);
	ck_assert_int_eq(journal_undo(tree), -1);
	assert_content(tree, "a.c", "old a\n");
	assert_content(tree, "b.c", "new b\n");
	assert_content(tree, "c.c", "old c\n");
	/* The journal is kept; b.c put back by hand, undo completes. */
	ck_assert(exists(tree, ".cdmigrate/last/index"));
	put(tree, "b.c", "old b\n", 0644);
	ck_assert_int_eq(journal_undo(tree), 0);
	ck_assert(!exists(tree, ".cdmigrate/last"));

	/* A damaged .new: the file is still recognised by its hash and reverted. */
	test_rm_rf(tree);
	free(tree);
	tree = three_file_run();
	put(tree, ".cdmigrate/last/2.new", "", 0644);
	ck_assert_int_eq(journal_undo(tree), 0);
	assert_content(tree, "c.c", "old c\n");
	test_rm_rf(tree);
	free(tree);
}
END_TEST

/* A truncated index: undo reverts the entries before the cut, keeps the journal. */
START_TEST(test_truncated_index_undo_salvages)
{
	char *tree = three_file_run();
	char *index = test_read(tree, ".cdmigrate/last/index");
	char *cut = strstr(index, "\n2 ");

	ck_assert_ptr_nonnull(cut);
	cut[5] = '\0';
	put(tree, ".cdmigrate/last/index", index, 0644);
	ck_assert_int_eq(journal_undo(tree), -1);
	assert_content(tree, "a.c", "old a\n");
	assert_content(tree, "b.c", "old b\n");
	assert_content(tree, "c.c", "new c\n");
	ck_assert(exists(tree, ".cdmigrate/last/index"));
	free(index);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

/* A pending journal that is damaged: resume writes nothing. */
START_TEST(test_damaged_journal_resume_refuses)
{
	char *tree = three_file_run();
	char *index;

	/* Make last/ pending again: put the files back to old, move it to journal/. */
	put(tree, "a.c", "old a\n", 0644);
	put(tree, "b.c", "old b\n", 0644);
	put(tree, "c.c", "old c\n", 0644);
	index = path_join(tree, ".cdmigrate");
	{
		char *from = path_join(index, "last"), *to = path_join(index, "journal");

		ck_assert_int_eq(rename(from, to), 0);
		free(from);
		free(to);
	}
	free(index);
	put(tree, ".cdmigrate/journal/2.new", "new c\ntruncat", 0644);
	ck_assert_int_eq(journal_resume(tree), -1);
	assert_content(tree, "a.c", "old a\n");
	assert_content(tree, "b.c", "old b\n");
	assert_content(tree, "c.c", "old c\n");
	ck_assert_int_eq(journal_pending(tree), 1);

	index = test_read(tree, ".cdmigrate/journal/index");
	index[strlen(index) / 2] = '\0';
	put(tree, ".cdmigrate/journal/index", index, 0644);
	free(index);
	ck_assert_int_eq(journal_resume(tree), -1);
	assert_content(tree, "a.c", "old a\n");
	ck_assert_int_eq(journal_pending(tree), 1);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

/* A second cdmigrate on the tree (here: a child holding the lock) is refused. */
START_TEST(test_lock_refuses_second)
{
	struct journal_edit_list list = JOURNAL_EDIT_LIST_INIT;
	char *tree = test_tmpdir("check_journal");
	int go[2], ready[2];
	char c;
	pid_t pid;

	put(tree, "a.c", "old a\n", 0644);
	ck_assert_int_eq(pipe(go), 0);
	ck_assert_int_eq(pipe(ready), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		if (journal_lock(tree) < 0)
			_exit(1);
		if (write(ready[1], "x", 1) != 1 || read(go[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	ck_assert_int_eq(read(ready[0], &c, 1), 1);
	add_edit(&list, "a.c", "old a\n", "new a\n");
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), -1);
	ck_assert_int_eq(journal_resume(tree), -1);
	ck_assert_int_eq(journal_undo(tree), -1);
	assert_content(tree, "a.c", "old a\n");
	ck_assert_int_eq(write(go[1], "x", 1), 1);
	{
		int status;

		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	/* The holder is gone: the lock is free again. */
	ck_assert_int_eq(journal_apply(tree, list.v, list.nr, NULL), 0);
	assert_content(tree, "a.c", "new a\n");
	close(go[0]);
	close(go[1]);
	close(ready[0]);
	close(ready[1]);
	journal_edit_list_clear(&list);
	test_rm_rf(tree);
	free(tree);
}
END_TEST

/* The tree and edits of the crash scenario. */
struct crash {
	char *tree;
	char *rel[NR_CRASH_FILES];
	char *old[NR_CRASH_FILES];
	char *new[NR_CRASH_FILES];
	struct journal_edit_list list;
};

static void crash_setup(struct crash *c)
{
	c->tree = test_tmpdir("check_journal");
	c->list = (struct journal_edit_list)JOURNAL_EDIT_LIST_INIT;
	for (int i = 0; i < NR_CRASH_FILES; i++) {
		c->rel[i] = xstrfmt("drivers/d%d/f%02d.c", i % 5, i);
		c->old[i] = old_text(i);
		c->new[i] = new_text(i);
		put(c->tree, c->rel[i], c->old[i], i % 7 ? 0644 : 0755);
		add_edit(&c->list, c->rel[i], c->old[i], c->new[i]);
	}
}

static void crash_reset(struct crash *c)
{
	char *state = path_join(c->tree, ".cdmigrate");

	test_rm_rf(state);
	free(state);
	for (int i = 0; i < NR_CRASH_FILES; i++)
		put(c->tree, c->rel[i], c->old[i], i % 7 ? 0644 : 0755);
}

static void crash_release(struct crash *c)
{
	for (int i = 0; i < NR_CRASH_FILES; i++) {
		free(c->rel[i]);
		free(c->old[i]);
		free(c->new[i]);
	}
	journal_edit_list_clear(&c->list);
	test_rm_rf(c->tree);
	free(c->tree);
}

/*
 * Assert every file holds exactly its old or its new content (a regular
 * file, never a half-written or missing one) and return how many are new.
 */
static int count_new(struct crash *c, int strict)
{
	int nr_new = 0;

	for (int i = 0; i < NR_CRASH_FILES; i++) {
		char *got = test_read(c->tree, c->rel[i]);

		if (strict) {
			ck_assert_msg(got != NULL, "%s: missing", c->rel[i]);
			ck_assert_msg(S_ISREG(mode_of(c->tree, c->rel[i])),
				      "%s: not a regular file", c->rel[i]);
			ck_assert_msg(!strcmp(got, c->old[i]) || !strcmp(got, c->new[i]),
				      "%s: neither old nor new content", c->rel[i]);
			ck_assert_int_eq(mode_of(c->tree, c->rel[i]) & 07777,
					 i % 7 ? 0644 : 0755);
		}
		if (got && !strcmp(got, c->new[i]))
			nr_new++;
		free(got);
	}
	return nr_new;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/*
 * Run journal_apply in a child with the delay hook, SIGKILL it once some
 * files are new, and leave the tree in that state.  The kill must land
 * before the run completes; if this machine was too slow to manage that,
 * the scenario is repeated with a longer delay, ending with one so long
 * (the child sleeps after its first file) that it cannot miss.  So the
 * test never depends on speed.
 */
static void crash_mid_run(struct crash *c)
{
	static const struct { const char *delay; int target; } attempts[] = {
		{ "20", 5 }, { "200", 3 }, { "2000", 2 }, { "3600000", 1 },
	};

	for (size_t a = 0; a < sizeof(attempts) / sizeof(*attempts); a++) {
		int status, nr_new = 0, exited = 0;
		pid_t pid;

		fflush(NULL);
		pid = fork();
		ck_assert_msg(pid >= 0, "fork: %s", strerror(errno));
		if (!pid) {
			/* Never outlive a test that failed before its kill. */
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			setenv("CDMIGRATE_TEST_APPLY_DELAY_MS", attempts[a].delay, 1);
			_exit(journal_apply(c->tree, c->list.v, c->list.nr, "crash") ? 1 : 0);
		}
		while ((nr_new = count_new(c, 0)) < attempts[a].target) {
			pid_t r = waitpid(pid, &status, WNOHANG);

			ck_assert_int_ne(r, -1);
			if (r == pid) {
				exited = 1;
				break;
			}
			sleep_ms(1);
		}
		if (!exited) {
			ck_assert_int_eq(kill(pid, SIGKILL), 0);
			ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		}
		ck_assert_msg(!WIFEXITED(status) || WEXITSTATUS(status) == 0,
			      "journal_apply failed in the child (status %d)",
			      WEXITSTATUS(status));
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL &&
		    count_new(c, 1) < NR_CRASH_FILES)
			return;
		crash_reset(c);
	}
	ck_abort_msg("could not kill the child in the middle of its run");
}

START_TEST(test_sigkill_then_resume)
{
	struct crash c;
	int nr_new;

	crash_setup(&c);
	crash_mid_run(&c);
	nr_new = count_new(&c, 1);
	ck_assert_int_ge(nr_new, 1);
	ck_assert_int_lt(nr_new, NR_CRASH_FILES);
	ck_assert_int_eq(journal_pending(c.tree), 1);

	ck_assert_int_eq(journal_resume(c.tree), 0);
	ck_assert_int_eq(count_new(&c, 1), NR_CRASH_FILES);
	ck_assert_int_eq(journal_pending(c.tree), 0);
	ck_assert(!has_tmp(c.tree));
	ck_assert_int_eq(journal_resume(c.tree), 1);

	/* The resumed run is the last completed one: undo reverts it all. */
	ck_assert_int_eq(journal_undo(c.tree), 0);
	ck_assert_int_eq(count_new(&c, 1), 0);
	crash_release(&c);
}
END_TEST

START_TEST(test_sigkill_then_undo)
{
	struct crash c;

	crash_setup(&c);
	crash_mid_run(&c);
	ck_assert_int_ge(count_new(&c, 1), 1);
	ck_assert_int_eq(journal_pending(c.tree), 1);

	ck_assert_int_eq(journal_undo(c.tree), 0);
	ck_assert_int_eq(count_new(&c, 1), 0);
	ck_assert_int_eq(journal_pending(c.tree), 0);
	ck_assert(!has_tmp(c.tree));
	/* No run ever completed, so there is nothing further to undo. */
	ck_assert_int_eq(journal_undo(c.tree), 1);
	crash_release(&c);
}
END_TEST

START_TEST(test_resume_refuses_edited_file)
{
	struct crash c;
	const int victim = NR_CRASH_FILES - 1;
	struct journal_edit_list other = JOURNAL_EDIT_LIST_INIT;

	crash_setup(&c);
	crash_mid_run(&c);
	ck_assert_int_eq(journal_pending(c.tree), 1);

	/* A new run is refused while this one is pending. */
	add_edit(&other, "drivers/d0/f00.c", c.new[0], "other\n");
	add_edit(&other, c.rel[victim], c.old[victim], "other\n");
	ck_assert_int_eq(journal_apply(c.tree, other.v, other.nr, NULL), -1);
	journal_edit_list_clear(&other);

	put(c.tree, c.rel[victim], "edited after the crash\n", 0644);
	ck_assert_int_eq(journal_resume(c.tree), -1);
	assert_content(c.tree, c.rel[victim], "edited after the crash\n");
	for (int i = 0; i < victim; i++)
		assert_content(c.tree, c.rel[i], c.new[i]);
	ck_assert_int_eq(journal_pending(c.tree), 1);

	/* Once the user puts a known version back, resume completes. */
	put(c.tree, c.rel[victim], c.old[victim], victim % 7 ? 0644 : 0755);
	ck_assert_int_eq(journal_resume(c.tree), 0);
	ck_assert_int_eq(count_new(&c, 1), NR_CRASH_FILES);
	ck_assert_int_eq(journal_pending(c.tree), 0);
	crash_release(&c);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("journal");
	TCase *tc = tcase_create("apply");
	TCase *crash = tcase_create("crash");

	tcase_add_test(tc, test_apply_contents_and_modes);
	tcase_add_test(tc, test_refuse_dir_symlink);
	tcase_add_test(tc, test_refuse_file_symlink);
	tcase_add_test(tc, test_refuse_state_dir_symlink);
	tcase_add_test(tc, test_refuse_bad_paths);
	tcase_add_test(tc, test_refuse_old_differs);
	tcase_add_test(tc, test_undo_after_completed_run);
	tcase_add_test(tc, test_undo_refuses_edited_file);
	tcase_add_test(tc, test_leftovers_cleaned);
	tcase_add_test(tc, test_damaged_journal_undo_salvages);
	tcase_add_test(tc, test_truncated_index_undo_salvages);
	tcase_add_test(tc, test_damaged_journal_resume_refuses);
	tcase_add_test(tc, test_lock_refuses_second);
	suite_add_tcase(s, tc);

	/* A hang guard only: a slow machine makes crash_mid_run retry, not fail. */
	tcase_set_timeout(crash, 600);
	tcase_add_test(crash, test_sigkill_then_resume);
	tcase_add_test(crash, test_sigkill_then_undo);
	tcase_add_test(crash, test_resume_refuses_edited_file);
	suite_add_tcase(s, crash);
	return s;
}
