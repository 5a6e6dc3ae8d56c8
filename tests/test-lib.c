/*
 * test-lib.c: the runner and helpers every Check suite shares (test-lib.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "base/util.h"
#include "test-lib.h"

int main(void)
{
	SRunner *sr = srunner_create(test_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

char *test_tmpdir(const char *name)
{
	const char *base = getenv("TMPDIR");
	char *dir = xstrfmt("%s/%s.XXXXXX", base && *base ? base : "/tmp", name);
	char *real;

	ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp %s: %s", dir, strerror(errno));
	real = realpath(dir, NULL);
	ck_assert_msg(real != NULL, "realpath %s: %s", dir, strerror(errno));
	free(dir);
	return real;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

void test_rm_rf(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

void test_write(const char *dir, const char *rel, const void *buf, size_t len)
{
	char *path = path_join(dir, rel);
	FILE *f;

	for (char *p = path + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		ck_assert_msg(!mkdir(path, 0755) || errno == EEXIST, "mkdir %s: %s",
			      path, strerror(errno));
		*p = '/';
	}
	f = fopen(path, "wb");
	ck_assert_msg(f != NULL, "fopen %s: %s", path, strerror(errno));
	ck_assert_msg(fwrite(buf, 1, len, f) == len, "write %s", path);
	ck_assert_msg(fclose(f) == 0, "close %s: %s", path, strerror(errno));
	free(path);
}

void test_put(const char *dir, const char *rel, const char *text)
{
	test_write(dir, rel, text, strlen(text));
}

char *test_read(const char *dir, const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = path_join(dir, rel);
	int ret = strbuf_read_file(&sb, path);

	free(path);
	if (ret < 0) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

char *test_get(const char *dir, const char *rel)
{
	char *text = test_read(dir, rel);

	ck_assert_msg(text != NULL, "read %s/%s: %s", dir, rel, strerror(errno));
	return text;
}

int test_count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n - 1;	/* the directory's own descriptor */
}

void test_assert_clean(int fds_before)
{
	ck_assert_int_eq(test_count_fds(), fds_before);
	errno = 0;
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}

uint64_t test_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void test_assert_repeated(const struct strbuf *sb, const char *line, size_t count)
{
	size_t len = strlen(line);

	ck_assert_uint_eq(sb->len, len * count);
	for (size_t i = 0; i < count; i++)
		if (memcmp(sb->buf + i * len, line, len))
			ck_abort_msg("mismatch at byte %zu", i * len);
}
