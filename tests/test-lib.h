/*
 * test-lib.h: what every Check suite under tests/ shares: the runner's
 * main(), temporary trees and their files, and the checks that a test left
 * no descriptor and no child behind.
 *
 * A suite is one file tests/check_<name>.c that includes this header and
 * defines test_suite(); tests/test-lib.c holds main(), which runs that
 * suite and exits 0 when every test passed, 1 otherwise (the exit-code
 * protocol of the harness, see tests/local.mk).  Check runs each test in a
 * forked process (its default, kept here): a test that crashes or calls
 * die() fails alone and the others still run.  CK_FORK=no runs them in one
 * process, for a debugger; CK_RUN_CASE=<tcase> and CK_RUN_SUITE pick some.
 *
 * The file helpers fail the running test (ck_assert) on any error, naming
 * the path, so a test never goes on with a tree it did not write.
 */
#ifndef CDMIGRATE_TEST_LIB_H
#define CDMIGRATE_TEST_LIB_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* Defined by each suite: its test cases, for main() to run. */
Suite *test_suite(void);

/*
 * A new empty directory $TMPDIR/<name>.XXXXXX ($TMPDIR unset: /tmp), its
 * path resolved (no symbolic link in it).  Caller frees; test_rm_rf()
 * removes it.
 */
char *test_tmpdir(const char *name);

/* Remove dir and everything under it, never following a symbolic link. */
void test_rm_rf(const char *dir);

/* Write len bytes to dir/rel, making the folders on its path that are missing. */
void test_write(const char *dir, const char *rel, const void *buf, size_t len);

/* Write a string to dir/rel, as test_write(). */
void test_put(const char *dir, const char *rel, const char *text);

/* The content of dir/rel, or NULL when it cannot be read.  Caller frees. */
char *test_read(const char *dir, const char *rel);

/* The content of dir/rel, which must be readable.  Caller frees. */
char *test_get(const char *dir, const char *rel);

/* Open file descriptors of this process. */
int test_count_fds(void);

/*
 * Nothing leaked since fds_before = test_count_fds(): the same number of
 * descriptors, and no child left, not even a zombie.
 */
void test_assert_clean(int fds_before);

/* Milliseconds on the monotonic clock. */
uint64_t test_now_ms(void);

/* sb is exactly `count` repetitions of line. */
void test_assert_repeated(const struct strbuf *sb, const char *line, size_t count);

#endif
