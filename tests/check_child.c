/*
 * check_child.c: the child-process module.  The tests use /bin/sh -c to
 * make children that misbehave in precise ways; the module itself never
 * runs a shell.
 */
#define _GNU_SOURCE

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/child.h"
#include "test-lib.h"

#define MB (1024 * 1024)

/*
 * pid is gone, or a zombie waiting for whoever inherited it (a container's
 * init may never reap it).  Allows a few seconds for the kill to land.
 */
static void assert_gone(pid_t pid)
{
	char *path = xstrfmt("/proc/%d/stat", (int)pid);
	int gone = 0;

	ck_assert_int_gt(pid, 1);
	for (int i = 0; i < 100 && !gone; i++) {
		struct strbuf sb = STRBUF_INIT;
		const char *paren;

		if (strbuf_read_file(&sb, path) < 0) {
			gone = 1;
		} else {
			paren = strrchr(sb.buf, ')');
			gone = paren && paren[1] == ' ' && paren[2] == 'Z';
		}
		strbuf_release(&sb);
		if (!gone)
			usleep(50000);
	}
	free(path);
	ck_assert_msg(gone, "process %d is still running", (int)pid);
}

static void set_args(struct child *c, ...)
{
	va_list ap;
	const char *arg;

	va_start(ap, c);
	while ((arg = va_arg(ap, const char *)))
		strvec_push(&c->args, arg);
	va_end(ap);
}

static void set_sh(struct child *c, const char *script)
{
	set_args(c, "sh", "-c", script, NULL);
}

START_TEST(test_capture_big_stdout_and_stderr)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int timed_out = -1;

	c.no_stdin = 1;
	/* Both streams written at once: a reader that drains one at a time deadlocks. */
	set_sh(&c, "yes out | head -c 2000000 & yes err | head -c 2000000 >&2; wait");
	ck_assert_int_eq(child_capture(&c, NULL, 0, &out, &err, 0, &timed_out), 0);
	ck_assert_int_eq(timed_out, 0);
	test_assert_repeated(&out, "out\n", 500000);
	test_assert_repeated(&err, "err\n", 500000);
	ck_assert_int_eq(c.pid, -1);
	child_release(&c);
	strbuf_release(&out);
	strbuf_release(&err);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_feed_big_stdin)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	size_t len = 3 * MB + 17;
	char *input = xmalloc(len);

	for (size_t i = 0; i < len; i++)
		input[i] = (char)((i * 7 + i / 251) & 0xff);	/* NULs included */
	/* cat writes back as it reads: both directions are big at once. */
	set_args(&c, "cat", NULL);
	ck_assert_int_eq(child_capture(&c, input, len, &out, &err, 0, NULL), 0);
	ck_assert_uint_eq(out.len, len);
	ck_assert(!memcmp(out.buf, input, len));
	ck_assert_uint_eq(err.len, 0);
	child_release(&c);
	strbuf_release(&out);
	strbuf_release(&err);
	free(input);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_unread_input_is_not_an_error)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t len = 4 * MB;
	char *input = xcalloc(1, len);
	struct sigaction sa;

	/* The child exits without reading: the writes fail with EPIPE, no SIGPIPE. */
	set_sh(&c, "echo bye; exit 5");
	ck_assert_int_eq(child_capture(&c, input, len, &out, NULL, 0, NULL), 5);
	ck_assert_str_eq(out.buf, "bye\n");
	ck_assert_int_eq(sigaction(SIGPIPE, NULL, &sa), 0);
	ck_assert(sa.sa_handler == SIG_DFL);
	child_release(&c);
	strbuf_release(&out);
	free(input);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_capture_without_input_reads_dev_null)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	int saved = dup(0), p[2];

	/* Our own stdin has data: the child must not see it. */
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(write_all(p[1], "xyz", 3), 0);
	close(p[1]);
	ck_assert_int_eq(dup2(p[0], 0), 0);
	close(p[0]);
	set_args(&c, "wc", "-c", NULL);
	ck_assert_int_eq(child_capture(&c, NULL, 0, &out, NULL, 0, NULL), 0);
	ck_assert_int_eq(atoi(out.buf), 0);
	ck_assert_int_eq(c.no_stdin, 1);
	child_release(&c);
	dup2(saved, 0);
	close(saved);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

static int run_sh(const char *script)
{
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	int code;

	c.no_stdin = 1;
	set_sh(&c, script);
	code = child_capture(&c, NULL, 0, &out, NULL, 0, NULL);
	child_release(&c);
	strbuf_release(&out);
	return code;
}

START_TEST(test_exit_codes)
{
	int fds = test_count_fds();

	ck_assert_int_eq(run_sh("exit 0"), 0);
	ck_assert_int_eq(run_sh("exit 7"), 7);
	ck_assert_int_eq(run_sh("exit 255"), 255);
	ck_assert_int_eq(run_sh("false"), 1);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_signal_death_is_128_plus_signal)
{
	int fds = test_count_fds();

	/*
	 * Ignored in the parent: a non-interactive sh cannot undo an ignore
	 * it inherits, so these die only if child_start() reset them.
	 */
	signal(SIGTERM, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	ck_assert_int_eq(run_sh("kill -TERM $$; exit 3"), 128 + SIGTERM);
	ck_assert_int_eq(run_sh("kill -INT $$; exit 3"), 128 + SIGINT);
	ck_assert_int_eq(run_sh("kill -PIPE $$; exit 3"), 128 + SIGPIPE);
	ck_assert_int_eq(run_sh("kill -KILL $$; exit 3"), 128 + SIGKILL);
	ck_assert_int_eq(run_sh("kill -SEGV $$; exit 3"), 128 + SIGSEGV);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_program_not_found)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;

	c.silent_exec_failure = 1;
	set_args(&c, "cdmigrate-test-no-such-program", "--version", NULL);
	ck_assert_int_eq(child_start(&c), -1);
	ck_assert_int_eq(c.not_found, 1);
	ck_assert_int_eq(c.pid, -1);
	child_release(&c);

	/* An explicit path is tried by the forked child: same report. */
	c.silent_exec_failure = 1;
	set_args(&c, "/nonexistent/cdmigrate-test/prog", NULL);
	ck_assert_int_eq(child_capture(&c, "x", 1, &out, NULL, 1000, NULL), -1);
	ck_assert_int_eq(c.not_found, 1);
	ck_assert_uint_eq(out.len, 0);
	child_release(&c);

	/* Not silent: the same, with an error printed. */
	set_args(&c, "cdmigrate-test-no-such-program", NULL);
	ck_assert_int_eq(child_start(&c), -1);
	ck_assert_int_eq(c.not_found, 1);
	child_release(&c);

	/* A program found later in the search is not "not found". */
	set_args(&c, "true", NULL);
	c.no_stdin = 1;
	ck_assert_int_eq(child_capture(&c, NULL, 0, NULL, NULL, 0, NULL), 0);
	ck_assert_int_eq(c.not_found, 0);
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_not_executable_is_another_error)
{
	int fds = test_count_fds();
	char *dir = test_tmpdir("check_child");
	char *file = path_join(dir, "data");
	struct child c = CHILD_INIT;
	int fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write_all(fd, "#!/bin/sh\n", 10), 0);
	close(fd);
	set_args(&c, file, NULL);
	ck_assert_int_eq(child_start(&c), -1);
	ck_assert_int_eq(c.not_found, 0);
	child_release(&c);
	unlink(file);
	rmdir(dir);
	free(file);
	free(dir);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_dir_is_honoured)
{
	int fds = test_count_fds();
	char *dir = test_tmpdir("check_child");
	char *script = path_join(dir, "hello.sh");
	char *expect = xstrfmt("%s\n", dir);
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	char cwd_before[PATH_MAX], cwd_after[PATH_MAX];
	const char *hello = "#!/bin/sh\necho hi from $(basename $(pwd))\n";
	int fd;

	ck_assert_ptr_nonnull(getcwd(cwd_before, sizeof(cwd_before)));
	c.no_stdin = 1;
	c.dir = dir;
	set_args(&c, "pwd", "-P", NULL);
	ck_assert_int_eq(child_capture(&c, NULL, 0, &out, NULL, 0, NULL), 0);
	ck_assert_str_eq(out.buf, expect);
	child_release(&c);
	ck_assert_ptr_nonnull(getcwd(cwd_after, sizeof(cwd_after)));
	ck_assert_str_eq(cwd_after, cwd_before);

	/* A relative program path is relative to dir. */
	fd = open(script, O_WRONLY | O_CREAT | O_CLOEXEC, 0755);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write_all(fd, hello, strlen(hello)), 0);
	close(fd);
	strbuf_reset(&out);
	c.no_stdin = 1;
	c.dir = dir;
	set_args(&c, "./hello.sh", NULL);
	ck_assert_int_eq(child_capture(&c, NULL, 0, &out, NULL, 0, NULL), 0);
	ck_assert(starts_with(out.buf, "hi from check_child."));
	child_release(&c);

	/* A dir that does not exist: start fails, and it is not "not found". */
	c.dir = "/nonexistent/cdmigrate-test";
	set_args(&c, "true", NULL);
	ck_assert_int_eq(child_start(&c), -1);
	ck_assert_int_eq(c.not_found, 0);
	child_release(&c);

	unlink(script);
	rmdir(dir);
	free(script);
	free(expect);
	free(dir);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_env_is_honoured)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;

	setenv("CDM_KEEP", "k", 1);
	setenv("CDM_GONE", "g", 1);
	setenv("CDM_OVER", "old", 1);
	c.no_stdin = 1;
	strvec_push(&c.env, "CDM_NEW=n=1");
	strvec_push(&c.env, "CDM_GONE");
	strvec_push(&c.env, "CDM_OVER=new");
	set_args(&c, "env", NULL);
	strbuf_addch(&out, '\n');	/* so every line is preceded by '\n' */
	ck_assert_int_eq(child_capture(&c, NULL, 0, &out, NULL, 0, NULL), 0);
	ck_assert_ptr_nonnull(strstr(out.buf, "\nCDM_KEEP=k\n"));
	ck_assert_ptr_nonnull(strstr(out.buf, "\nCDM_NEW=n=1\n"));
	ck_assert_ptr_nonnull(strstr(out.buf, "\nCDM_OVER=new\n"));
	ck_assert_ptr_null(strstr(out.buf, "\nCDM_OVER=old\n"));
	ck_assert_ptr_null(strstr(out.buf, "\nCDM_GONE="));
	ck_assert_ptr_nonnull(strstr(out.buf, "\nPATH="));
	/* The parent's environment is untouched. */
	ck_assert_str_eq(getenv("CDM_GONE"), "g");
	ck_assert_str_eq(getenv("CDM_OVER"), "old");
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_timeout_kills_and_records)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int timed_out = 0, code;
	uint64_t t0 = test_now_ms(), elapsed;

	c.no_stdin = 1;
	set_sh(&c, "echo started; echo warn >&2; sleep 30; echo never");
	code = child_capture(&c, NULL, 0, &out, &err, 300, &timed_out);
	elapsed = test_now_ms() - t0;
	ck_assert_int_eq(timed_out, 1);
	ck_assert_int_eq(code, 128 + SIGTERM);
	ck_assert_str_eq(out.buf, "started\n");
	ck_assert_str_eq(err.buf, "warn\n");
	ck_assert_uint_ge(elapsed, 300);
	ck_assert_uint_lt(elapsed, 10000);
	child_release(&c);
	strbuf_release(&out);
	strbuf_release(&err);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_timeout_escalates_to_sigkill)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	int timed_out = 0, code;
	uint64_t t0 = test_now_ms();

	c.no_stdin = 1;
	set_sh(&c, "trap '' TERM; echo started; sleep 30");
	code = child_capture(&c, NULL, 0, &out, NULL, 300, &timed_out);
	ck_assert_int_eq(timed_out, 1);
	ck_assert_int_eq(code, 128 + SIGKILL);
	ck_assert_str_eq(out.buf, "started\n");
	ck_assert_uint_lt(test_now_ms() - t0, 10000);
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_timeout_kills_descendants_holding_the_pipe)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	int timed_out = 0, code;
	uint64_t t0 = test_now_ms();

	/* sh exits at once; its background sleep keeps stdout open. */
	c.no_stdin = 1;
	set_sh(&c, "sleep 30 & echo $!");
	code = child_capture(&c, NULL, 0, &out, NULL, 300, &timed_out);
	ck_assert_int_eq(timed_out, 1);
	ck_assert_int_eq(code, 0);
	ck_assert_uint_lt(test_now_ms() - t0, 10000);
	assert_gone(atoi(out.buf));
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_child_that_closes_its_pipes_still_times_out)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	int timed_out = 0;
	uint64_t t0 = test_now_ms();

	c.no_stdin = 1;
	set_sh(&c, "echo bye; exec sleep 30 >&- 2>&-");
	ck_assert_int_eq(child_capture(&c, NULL, 0, &out, &out, 300, &timed_out),
			 128 + SIGTERM);
	ck_assert_int_eq(timed_out, 1);
	ck_assert_str_eq(out.buf, "bye\n");
	ck_assert_uint_lt(test_now_ms() - t0, 10000);
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_start_finish_lifecycle)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;

	c.no_stdin = 1;
	c.stdout_mode = CHILD_IO_PIPE;
	c.stderr_mode = CHILD_IO_NULL;
	set_sh(&c, "echo hello; echo hidden >&2; exit 3");
	ck_assert_int_eq(child_start(&c), 0);
	ck_assert_int_gt(c.pid, 0);
	ck_assert_int_eq(c.in, -1);
	ck_assert_int_ge(c.out, 0);
	ck_assert_int_eq(c.err, -1);
	ck_assert_int_eq(fcntl(c.out, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	ck_assert_int_eq(strbuf_read_fd(&out, c.out), 0);
	ck_assert_str_eq(out.buf, "hello\n");
	ck_assert_int_eq(child_finish(&c), 3);
	ck_assert_int_eq(c.pid, -1);
	ck_assert_int_eq(c.out, -1);

	/* A released child is reusable. */
	child_release(&c);
	ck_assert_ptr_null(c.args.v);
	set_args(&c, "true", NULL);
	c.no_stdin = 1;
	ck_assert_int_eq(child_start(&c), 0);
	ck_assert_int_eq(child_finish(&c), 0);
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_pipe_stdin_by_hand)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;

	c.pipe_stdin = 1;
	c.stdout_mode = CHILD_IO_PIPE;
	set_args(&c, "tr", "a-z", "A-Z", NULL);
	ck_assert_int_eq(child_start(&c), 0);
	ck_assert_int_eq(fcntl(c.in, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	ck_assert_int_eq(write_all(c.in, "shout\n", 6), 0);
	close(c.in);
	c.in = -1;
	ck_assert_int_eq(strbuf_read_fd(&out, c.out), 0);
	ck_assert_str_eq(out.buf, "SHOUT\n");
	ck_assert_int_eq(child_finish(&c), 0);
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_kill_reaches_the_process_group)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	uint64_t t0 = test_now_ms();
	char ch;

	c.no_stdin = 1;
	c.own_pgroup = 1;
	c.stdout_mode = CHILD_IO_PIPE;
	/* The background sleep holds stdout: EOF only comes if it dies too. */
	set_sh(&c, "sleep 30 & echo $!; sleep 30; echo never");
	ck_assert_int_eq(child_start(&c), 0);
	ck_assert_int_eq(getpgid(c.pid), c.pid);
	/* Wait for the pid line, so the background sleep surely exists. */
	while (read(c.out, &ch, 1) == 1 && ch != '\n')
		strbuf_addch(&out, ch);
	ck_assert_int_gt(atoi(out.buf), 1);
	ck_assert_int_eq(child_kill(&c, SIGKILL), 0);
	ck_assert_int_eq(strbuf_read_fd(&out, c.out), 0);
	ck_assert_int_eq(child_finish(&c), 128 + SIGKILL);
	ck_assert_uint_lt(test_now_ms() - t0, 10000);
	ck_assert_ptr_null(strstr(out.buf, "never"));
	assert_gone(atoi(out.buf));
	errno = 0;
	ck_assert_int_eq(child_kill(&c, SIGKILL), -1);
	ck_assert_int_eq(errno, ESRCH);
	child_release(&c);
	strbuf_release(&out);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_child_sees_only_its_std_descriptors)
{
	int fds = test_count_fds();
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;

	/* Whatever the test harness holds must not count against the module. */
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (atoi(e->d_name) > 2)
			fcntl(atoi(e->d_name), F_SETFD, FD_CLOEXEC);
	closedir(d);
	set_sh(&c, "cat >/dev/null; exec ls /proc/self/fd");
	ck_assert_int_eq(child_capture(&c, "in", 2, &out, &err, 10000, NULL), 0);
	ck_assert_str_eq(out.buf, "0\n1\n2\n3\n");	/* 3: ls reading the directory */
	ck_assert_uint_eq(err.len, 0);
	child_release(&c);
	strbuf_release(&out);
	strbuf_release(&err);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_closed_stdin_in_parent)
{
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT;
	int saved = dup(0);

	/* Pipes created now may land on fd 0: the child must still be wired right. */
	close(0);
	set_args(&c, "cat", NULL);
	ck_assert_int_eq(child_capture(&c, "abc", 3, &out, NULL, 10000, NULL), 0);
	ck_assert_str_eq(out.buf, "abc");
	child_release(&c);
	dup2(saved, 0);
	close(saved);
	strbuf_release(&out);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("child");
	TCase *tc = tcase_create("child");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_capture_big_stdout_and_stderr);
	tcase_add_test(tc, test_feed_big_stdin);
	tcase_add_test(tc, test_unread_input_is_not_an_error);
	tcase_add_test(tc, test_capture_without_input_reads_dev_null);
	tcase_add_test(tc, test_exit_codes);
	tcase_add_test(tc, test_signal_death_is_128_plus_signal);
	tcase_add_test(tc, test_program_not_found);
	tcase_add_test(tc, test_not_executable_is_another_error);
	tcase_add_test(tc, test_dir_is_honoured);
	tcase_add_test(tc, test_env_is_honoured);
	tcase_add_test(tc, test_timeout_kills_and_records);
	tcase_add_test(tc, test_timeout_escalates_to_sigkill);
	tcase_add_test(tc, test_timeout_kills_descendants_holding_the_pipe);
	tcase_add_test(tc, test_child_that_closes_its_pipes_still_times_out);
	tcase_add_test(tc, test_start_finish_lifecycle);
	tcase_add_test(tc, test_pipe_stdin_by_hand);
	tcase_add_test(tc, test_kill_reaches_the_process_group);
	tcase_add_test(tc, test_child_sees_only_its_std_descriptors);
	tcase_add_test(tc, test_closed_stdin_in_parent);
	suite_add_tcase(s, tc);
	return s;
}
