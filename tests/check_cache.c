/*
 * check_cache: results kept across runs (base/cache.h): keys, entries
 * written and read back byte for byte, misses (unknown, damaged, cache
 * off), the record format of multi-field payloads and the memo of
 * files' content hashes, and the bound on the size: least recently used
 * entries go first.
 */
#define _GNU_SOURCE
#include <check.h>
#include <fcntl.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "base/cache.h"
#include "base/util.h"
#include "test-lib.h"

static char *dir;

/* Each test runs in its own process (fork mode): cache_dir() decides there. */
static void setup(void)
{
	dir = test_tmpdir("cache");
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_DIR", dir, 1), 0);
}

static void teardown(void)
{
	test_rm_rf(dir);
	free(dir);
}

static void key_of(const char *a, const char *b, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add_string(h, a);
	cache_hasher_add_string(h, b);
	cache_hasher_finish(h, key);
}

START_TEST(keys_follow_their_inputs)
{
	char k1[33], k2[33], k3[33];

	key_of("patch", "file", k1);
	key_of("patch", "file", k2);
	key_of("patch", "other", k3);
	ck_assert_str_eq(k1, k2);
	ck_assert_str_ne(k1, k3);
	ck_assert_uint_eq(strlen(k1), 32);
	ck_assert_uint_eq(strspn(k1, "0123456789abcdef"), 32);
}
END_TEST

START_TEST(an_entry_reads_back_byte_for_byte)
{
	static const char out[] = "--- a\n+++ b\n\0binary\r\n";
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT;
	char key[33];
	int status = -1;

	key_of("roundtrip", "1", key);
	ck_assert_ptr_nonnull(cache_dir());
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 0);
	cache_put(key, out, sizeof(out) - 1, "warning: x\n", 11, 3);
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 1);
	ck_assert_uint_eq(got.len, sizeof(out) - 1);
	ck_assert_mem_eq(got.buf, out, sizeof(out) - 1);
	ck_assert_str_eq(err.buf, "warning: x\n");
	ck_assert_int_eq(status, 3);
	strbuf_release(&got);
	strbuf_release(&err);
}
END_TEST

/* Every regular file under d, cut to half its size. */
static int cut_entries(const char *d)
{
	DIR *dh = opendir(d);
	struct dirent *de;
	int cut = 0;

	ck_assert_ptr_nonnull(dh);
	while ((de = readdir(dh))) {
		char *path;
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		path = path_join(d, de->d_name);
		ck_assert_int_eq(lstat(path, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			cut += cut_entries(path);
		} else if (S_ISREG(st.st_mode) && st.st_size > 1) {
			ck_assert_int_eq(truncate(path, st.st_size / 2), 0);
			cut++;
		}
		free(path);
	}
	closedir(dh);
	return cut;
}

START_TEST(a_damaged_entry_is_a_miss)
{
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT;
	char key[33];
	int status = 0;

	key_of("damaged", "1", key);
	cache_put(key, "a result long enough to cut in half\n", 36, "", 0, 0);
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 1);
	ck_assert_int_ge(cut_entries(dir), 1);
	strbuf_reset(&got);
	strbuf_reset(&err);
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 0);
	strbuf_release(&got);
	strbuf_release(&err);
}
END_TEST

/* A byte flipped in the payload keeps the length: the checksum catches it. */
START_TEST(a_flipped_byte_is_a_miss)
{
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT;
	char key[33], *path;
	int status = 0, fd;
	struct stat st;
	char c;

	key_of("flipped", "1", key);
	cache_put(key, "a diff line: +x\n", 16, "", 0, 0);
	path = xstrfmt("%s/%.2s/%s", dir, key, key);
	ck_assert_int_eq(stat(path, &st), 0);
	fd = open(path, O_RDWR);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pread(fd, &c, 1, st.st_size - 3), 1);
	c = c == '+' ? '-' : '+';
	ck_assert_int_eq(pwrite(fd, &c, 1, st.st_size - 3), 1);
	close(fd);
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 0);
	free(path);
	strbuf_release(&got);
	strbuf_release(&err);
}
END_TEST

/* Write an entry file of len bytes for key by hand. */
static void write_entry(const char *key, const char *text, size_t len)
{
	char *sub = xstrfmt("%s/%.2s", dir, key), *path = xstrfmt("%s/%s", sub, key);
	FILE *f;

	mkdir(sub, 0700);
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
	free(sub);
	free(path);
}

/*
 * Lengths that wrap around when added up, signs, blanks, a missing
 * newline: each header cache_put() cannot have written is a miss (the
 * first one made cache_get() copy 2^64 - 3 bytes; fuzz/regressions/cache).
 */
START_TEST(a_forged_header_is_a_miss)
{
	static const char *const forged[] = {
		"cdmigrate-cache 2 0 18446744073709551613 5 0\nab",
		"cdmigrate-cache 2 0 -3 5 0\nab",
		"cdmigrate-cache 2 0 +1 1 0\nab",
		"cdmigrate-cache 2 0  1 1 0\nab",
		"cdmigrate-cache 2 0 1 1  0\nab",
		"cdmigrate-cache 2 0 1 1 0ab",
		"cdmigrate-cache 2 99999999999 1 1 0\nab",
		"cdmigrate-cache 2 0 1 0 0\nab",
		"cdmigrate-cache 2 0 2 1 0\nab",
		"cdmigrate-cache 2 0 1 0",
		"cdmigrate-cache 3 0 1 1 0\nab",
	};
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT;
	char key[33];
	int status = 7;

	key_of("forged", "1", key);
	/* A damaged checksum with a sound header is a miss too. */
	write_entry(key, "cdmigrate-cache 2 0 1 1 0\nab", 27);
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 0);
	for (size_t i = 0; i < sizeof(forged) / sizeof(*forged); i++) {
		write_entry(key, forged[i], strlen(forged[i]));
		ck_assert_msg(cache_get(key, &got, &err, &status) == 0, "accepted %s", forged[i]);
	}
	{
		char *good = xstrfmt("cdmigrate-cache 2 -2 1 1 %016llx\nab",
				     (unsigned long long)XXH3_64bits("ab", 2));

		write_entry(key, good, strlen(good));
		free(good);
	}
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 1);
	ck_assert_int_eq(status, -2);
	ck_assert_str_eq(got.buf, "a");
	ck_assert_str_eq(err.buf, "b");
	strbuf_release(&got);
	strbuf_release(&err);
}
END_TEST

START_TEST(off_keeps_nothing)
{
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT;
	char key[33];
	int status = 0;

	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_DIR", "off", 1), 0);
	ck_assert_ptr_null(cache_dir());
	key_of("off", "1", key);
	cache_put(key, "x\n", 2, "", 0, 0);
	ck_assert_int_eq(cache_get(key, &got, &err, &status), 0);
	strbuf_release(&got);
	strbuf_release(&err);
}
END_TEST

START_TEST(records_keep_any_bytes_and_refuse_damage)
{
	struct strbuf sb = STRBUF_INIT;
	struct cache_reader r;
	const char *buf;
	size_t len;
	char tag;

	cache_record_add(&sb, 'o', "a\0b\n", 4);
	cache_record_addstr(&sb, 'e', "");
	cache_reader_init(&r, sb.buf, sb.len);
	ck_assert_int_eq(cache_record_next(&r, &tag, &buf, &len), 1);
	ck_assert_int_eq(tag, 'o');
	ck_assert_uint_eq(len, 4);
	ck_assert_mem_eq(buf, "a\0b\n", 4);
	ck_assert_int_eq(cache_record_next(&r, &tag, &buf, &len), 1);
	ck_assert_int_eq(tag, 'e');
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(cache_record_next(&r, &tag, &buf, &len), 0);
	/* a length past the end of the payload */
	cache_reader_init(&r, sb.buf, sb.len - 3);
	ck_assert_int_eq(cache_record_next(&r, &tag, &buf, &len), 1);
	ck_assert_int_eq(cache_record_next(&r, &tag, &buf, &len), -1);
	strbuf_release(&sb);
}
END_TEST

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
}

/* Set the file's access and modification times an hour back. */
static void age(const char *path)
{
	struct timespec times[2];

	clock_gettime(CLOCK_REALTIME, &times[0]);
	times[0].tv_sec -= 3600;
	times[1] = times[0];
	ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
}

/* The entry file of key under the test's cache directory. */
static char *entry_file(const char *key)
{
	return xstrfmt("%s/%.2s/%s", dir, key, key);
}

static int exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

static unsigned long long usage(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 ? (unsigned long long)st.st_blocks * 512 : 0;
}

static void set_mtime(const char *path, time_t when)
{
	struct timespec times[2] = { { when, 0 }, { when, 0 } };

	ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
}

START_TEST(the_least_recently_used_go_beyond_the_bound)
{
	char key[8][33], num[32];
	char *path[8];
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char *payload = xcalloc(20000, 1);
	time_t now = time(NULL);
	unsigned long long total = 0, left = 0;
	char *old_tmp, *new_tmp;
	int status;

	memset(payload, 'x', 19999);
	/* nothing stored yet by this process: nothing to do */
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "1", 1), 0);
	ck_assert_uint_eq(cache_prune(0), 0);
	for (int i = 0; i < 8; i++) {
		snprintf(num, sizeof(num), "%d", i);
		key_of("prune", num, key[i]);
		cache_put(key[i], payload, 19999, "", 0, 0);
		path[i] = entry_file(key[i]);
		/* entry 0 was made first, 7 last */
		set_mtime(path[i], now - 1000 + i * 10);
		total += usage(path[i]);
	}
	/* a hit makes entry 0 the most recently used */
	ck_assert(cache_get(key[0], &out, &err, &status));
	old_tmp = xstrfmt("%s.tmp123", path[1]);
	new_tmp = xstrfmt("%s.tmp456", path[2]);
	test_put(dir, old_tmp + strlen(dir) + 1, "torn");
	test_put(dir, new_tmp + strlen(dir) + 1, "being written");
	set_mtime(old_tmp, now - 7200);

	/* no bound, or one above the usage: nothing goes but the stale temporary */
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "0", 1), 0);
	ck_assert_uint_eq(cache_prune(0), 0);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "1G", 1), 0);
	ck_assert_uint_eq(cache_prune(0), 1);
	ck_assert(!exists(old_tmp));
	ck_assert(exists(new_tmp));
	for (int i = 0; i < 8; i++)
		ck_assert(exists(path[i]));

	/* half the usage: the oldest unused go first, down to 90% of the bound */
	snprintf(num, sizeof(num), "%llu", total / 2);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", num, 1), 0);
	ck_assert_uint_ge(cache_prune(0), 1);
	ck_assert(exists(path[0]));
	ck_assert(!exists(path[1]));
	ck_assert(exists(path[7]));
	for (int i = 1; i < 7; i++)
		ck_assert(!exists(path[i]) || exists(path[i + 1]));
	for (int i = 0; i < 8; i++)
		left += usage(path[i]);
	ck_assert_uint_le(left, total / 2 / 10 * 9);
	ck_assert(exists(new_tmp));
	for (int i = 0; i < 8; i++)
		free(path[i]);
	free(old_tmp);
	free(new_tmp);
	free(payload);
	strbuf_release(&out);
	strbuf_release(&err);
}
END_TEST

START_TEST(the_bound_reads_units)
{
	ck_assert_int_eq(unsetenv("CDMIGRATE_CACHE_MAX"), 0);
	ck_assert_uint_eq(cache_max_bytes(), CACHE_MAX_DEFAULT);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "4096", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), 4096);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "3K", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), 3072);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "500M", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), 500ULL << 20);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "2g", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), 2ULL << 30);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "0", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), 0);
	/* what it cannot read is the default, never 0 (no bound) */
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "lots", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), CACHE_MAX_DEFAULT);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "-5", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), CACHE_MAX_DEFAULT);
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_MAX", "5T", 1), 0);
	ck_assert_uint_eq(cache_max_bytes(), CACHE_MAX_DEFAULT);
}
END_TEST

START_TEST(file_hashes_follow_the_content)
{
	char *a = path_join(dir, "a.h"), *b = path_join(dir, "b.h"), *gone = path_join(dir, "gone.h");
	char ha[33], hb[33], again[33];

	mkdir(dir, 0755);
	write_file(a, "one\n");
	write_file(b, "one\n");
	ck_assert_int_eq(cache_file_hash(a, ha), 0);
	ck_assert_int_eq(cache_file_hash(b, hb), 0);
	ck_assert_str_eq(ha, hb);
	ck_assert_uint_eq(strlen(ha), 32);
	/* same size, same second: read again (racy), so the new content shows */
	write_file(a, "two\n");
	ck_assert_int_eq(cache_file_hash(a, again), 0);
	ck_assert_str_ne(again, ha);
	/*
	 * Whatever its times say, a file whose numbers changed is read again
	 * (its ctime, which no test can set back, also keeps it in the racy
	 * window: the memo's hits are measured by runner/bench-scan).
	 */
	age(b);
	ck_assert_int_eq(cache_file_hash(b, hb), 0);
	ck_assert_str_eq(hb, ha);
	write_file(b, "two\n");
	age(b);
	ck_assert_int_eq(cache_file_hash(b, hb), 0);
	ck_assert_str_eq(hb, again);
	ck_assert_int_eq(cache_file_hash(gone, hb), -1);
	ck_assert_uint_eq(strlen(hb), 32);
	free(a);
	free(b);
	free(gone);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("cache");
	TCase *tc = tcase_create("cache");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, keys_follow_their_inputs);
	tcase_add_test(tc, an_entry_reads_back_byte_for_byte);
	tcase_add_test(tc, a_damaged_entry_is_a_miss);
	tcase_add_test(tc, a_flipped_byte_is_a_miss);
	tcase_add_test(tc, a_forged_header_is_a_miss);
	tcase_add_test(tc, off_keeps_nothing);
	tcase_add_test(tc, records_keep_any_bytes_and_refuse_damage);
	tcase_add_test(tc, file_hashes_follow_the_content);
	tcase_add_test(tc, the_least_recently_used_go_beyond_the_bound);
	tcase_add_test(tc, the_bound_reads_units);
	suite_add_tcase(s, tc);
	return s;
}
