/*
 * check_pool.c: the parallel runner.  Tasks are /bin/sh -c scripts (in
 * the tests only) so that each one can misbehave in a precise way.
 */
#define _GNU_SOURCE

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/pool.h"
#include "test-lib.h"

#define MAX_TASKS 16

struct task {
	const char *script;	/* run as sh -c script */
	const char *prog;	/* or this program, when set */
	const char *dir;
	const char *env;
};

struct got {
	int seen;
	int status;
	struct strbuf out, err;
	unsigned timed_out, interrupted, start_failed, not_found;
	uint64_t wall_ms;
};

struct run {
	const struct task *tasks;
	size_t nr, next, next_calls;
	struct got got[MAX_TASKS];
	size_t order[MAX_TASKS];	/* task ids in completion order */
	size_t done_nr;
	int in_callback;
};

static int next_task(struct child *child, void *pool_data, void **task_data)
{
	struct run *run = pool_data;
	const struct task *t;

	ck_assert_int_eq(run->in_callback, 0);
	run->next_calls++;
	if (run->next == run->nr)
		return 0;
	t = &run->tasks[run->next];
	if (t->prog) {
		strvec_push(&child->args, t->prog);
		child->silent_exec_failure = 1;
	} else {
		strvec_push(&child->args, "sh");
		strvec_push(&child->args, "-c");
		strvec_push(&child->args, t->script);
	}
	child->dir = t->dir;
	if (t->env)
		strvec_push(&child->env, t->env);
	*task_data = (void *)(run->tasks + run->next);
	run->next++;
	return 1;
}

static void task_done(int status, const struct pool_result *r,
		      void *pool_data, void *task_data)
{
	struct run *run = pool_data;
	size_t id = (size_t)((const struct task *)task_data - run->tasks);
	struct got *g;

	ck_assert_int_eq(run->in_callback, 0);
	run->in_callback = 1;
	ck_assert_uint_lt(id, run->nr);
	g = &run->got[id];
	ck_assert_int_eq(g->seen, 0);
	g->seen = 1;
	g->status = status;
	strbuf_add(&g->out, r->out.buf, r->out.len);
	strbuf_add(&g->err, r->err.buf, r->err.len);
	g->timed_out = r->timed_out;
	g->interrupted = r->interrupted;
	g->start_failed = r->start_failed;
	g->not_found = r->not_found;
	g->wall_ms = r->wall_ms;
	run->order[run->done_nr++] = id;
	run->in_callback = 0;
}

static int run_pool(struct run *run, const struct task *tasks, size_t nr,
		    unsigned jobs, unsigned timeout_ms)
{
	struct pool_options opts = POOL_OPTIONS_INIT;

	ck_assert_uint_le(nr, MAX_TASKS);
	memset(run, 0, sizeof(*run));
	for (size_t i = 0; i < MAX_TASKS; i++) {
		run->got[i].out = (struct strbuf)STRBUF_INIT;
		run->got[i].err = (struct strbuf)STRBUF_INIT;
	}
	run->tasks = tasks;
	run->nr = nr;
	opts.jobs = jobs;
	opts.timeout_ms = timeout_ms;
	return pool_run(&opts, next_task, task_done, run);
}

static void run_release(struct run *run)
{
	for (size_t i = 0; i < MAX_TASKS; i++) {
		strbuf_release(&run->got[i].out);
		strbuf_release(&run->got[i].err);
	}
}

/* Eight tasks writing 1.2 MB to each stream, exit codes 0..3. */
static char big_scripts[8][128];
static struct task big_tasks[8];

static void make_big_tasks(void)
{
	for (int i = 0; i < 8; i++) {
		snprintf(big_scripts[i], sizeof(big_scripts[i]),
			 "yes t%dout | head -c 1200000 & yes t%derr | head -c 1200000 >&2; wait; exit %d",
			 i, i, i % 4);
		big_tasks[i] = (struct task){ .script = big_scripts[i] };
	}
}

static void assert_big_results(const struct run *run)
{
	for (int i = 0; i < 8; i++) {
		char line[16];
		const struct got *g = &run->got[i];

		ck_assert_int_eq(g->seen, 1);
		ck_assert_int_eq(g->status, i % 4);
		ck_assert_int_eq(g->timed_out, 0);
		ck_assert_int_eq(g->start_failed, 0);
		snprintf(line, sizeof(line), "t%dout\n", i);
		test_assert_repeated(&g->out, line, 200000);
		snprintf(line, sizeof(line), "t%derr\n", i);
		test_assert_repeated(&g->err, line, 200000);
	}
}

START_TEST(test_big_outputs_arrive_whole)
{
	int fds = test_count_fds();
	struct run run;

	make_big_tasks();
	ck_assert_int_eq(run_pool(&run, big_tasks, 8, 3, 0), 0);
	ck_assert_uint_eq(run.done_nr, 8);
	ck_assert_uint_eq(run.next_calls, 9);
	assert_big_results(&run);
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

/* Tasks writing many small lines to both streams at the same time. */
START_TEST(test_no_interleaving)
{
	int fds = test_count_fds();
	static char scripts[6][200];
	struct task tasks[6];
	struct run run;

	for (int i = 0; i < 6; i++) {
		snprintf(scripts[i], sizeof(scripts[i]),
			 "i=0; while [ $i -lt 300 ]; do echo t%d-o-$i; echo t%d-e-$i >&2; i=$((i+1)); done",
			 i, i);
		tasks[i] = (struct task){ .script = scripts[i] };
	}
	ck_assert_int_eq(run_pool(&run, tasks, 6, 6, 0), 0);
	for (int i = 0; i < 6; i++) {
		struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;

		for (int k = 0; k < 300; k++) {
			strbuf_addf(&out, "t%d-o-%d\n", i, k);
			strbuf_addf(&err, "t%d-e-%d\n", i, k);
		}
		ck_assert_int_eq(run.got[i].status, 0);
		ck_assert_str_eq(run.got[i].out.buf, out.buf);
		ck_assert_str_eq(run.got[i].err.buf, err.buf);
		strbuf_release(&out);
		strbuf_release(&err);
	}
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

static const struct task mixed_tasks[] = {
	{ .script = "echo zero; exit 0" },
	{ .script = "echo one >&2; exit 1" },
	{ .script = "echo crash; kill -SEGV $$" },
	{ .script = "yes mixed | head -c 300000" },
	{ .prog = "cdmigrate-test-no-such-program" },
	{ .script = "printf 'no newline'; exit 42" },
	{ .script = "kill -KILL $$" },
};
#define NR_MIXED (sizeof(mixed_tasks) / sizeof(*mixed_tasks))

static void assert_same_results(const struct run *a, const struct run *b)
{
	for (size_t i = 0; i < NR_MIXED; i++) {
		ck_assert_int_eq(a->got[i].seen, 1);
		ck_assert_int_eq(b->got[i].seen, 1);
		ck_assert_int_eq(a->got[i].status, b->got[i].status);
		ck_assert_uint_eq(a->got[i].out.len, b->got[i].out.len);
		ck_assert(!memcmp(a->got[i].out.buf, b->got[i].out.buf, a->got[i].out.len));
		ck_assert_str_eq(a->got[i].err.buf, b->got[i].err.buf);
		ck_assert_int_eq(a->got[i].start_failed, b->got[i].start_failed);
		ck_assert_int_eq(a->got[i].not_found, b->got[i].not_found);
		ck_assert_int_eq(a->got[i].timed_out, b->got[i].timed_out);
	}
}

START_TEST(test_j1_j2_and_online_cpus_agree)
{
	int fds = test_count_fds();
	struct run j1, j2, j0;

	ck_assert_int_eq(run_pool(&j1, mixed_tasks, NR_MIXED, 1, 0), -1);
	ck_assert_int_eq(run_pool(&j2, mixed_tasks, NR_MIXED, 2, 0), -1);
	ck_assert_int_eq(run_pool(&j0, mixed_tasks, NR_MIXED, 0, 0), -1);
	assert_same_results(&j1, &j2);
	assert_same_results(&j1, &j0);

	/* And the results are the right ones, not just equal. */
	ck_assert_int_eq(j2.got[0].status, 0);
	ck_assert_str_eq(j2.got[0].out.buf, "zero\n");
	ck_assert_int_eq(j2.got[1].status, 1);
	ck_assert_str_eq(j2.got[1].err.buf, "one\n");
	ck_assert_uint_eq(j2.got[1].out.len, 0);
	ck_assert_int_eq(j2.got[2].status, 128 + SIGSEGV);
	ck_assert_str_eq(j2.got[2].out.buf, "crash\n");
	test_assert_repeated(&j2.got[3].out, "mixed\n", 50000);
	ck_assert_int_eq(j2.got[4].status, -1);
	ck_assert_int_eq(j2.got[4].start_failed, 1);
	ck_assert_int_eq(j2.got[4].not_found, 1);
	ck_assert_int_eq(j2.got[5].status, 42);
	ck_assert_str_eq(j2.got[5].out.buf, "no newline");
	ck_assert_int_eq(j2.got[6].status, 128 + SIGKILL);
	run_release(&j1);
	run_release(&j2);
	run_release(&j0);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_timeout_kills_one_others_finish)
{
	int fds = test_count_fds();
	static const struct task tasks[] = {
		{ .script = "echo started; echo warn >&2; sleep 30; echo never" },
		{ .script = "yes a | head -c 1048576" },
		{ .script = "yes b | head -c 1048576 >&2" },
		{ .script = "sleep 30 & echo detached" },
		{ .script = "yes c | head -c 1048576; exit 3" },
		{ .script = "yes d | head -c 1048576" },
	};
	struct run run;
	uint64_t t0 = test_now_ms();

	/* 6 s is far more than the quick tasks need, even under ASan on a
	 * loaded machine (2 s was not, at load 20), far less than 30 s. */
	ck_assert_int_eq(run_pool(&run, tasks, 6, 3, 6000), 0);
	ck_assert_uint_lt(test_now_ms() - t0, 25000);
	ck_assert_uint_eq(run.done_nr, 6);

	ck_assert_int_eq(run.got[0].timed_out, 1);
	ck_assert_int_eq(run.got[0].status, 128 + SIGTERM);
	ck_assert_str_eq(run.got[0].out.buf, "started\n");
	ck_assert_str_eq(run.got[0].err.buf, "warn\n");
	ck_assert_uint_ge(run.got[0].wall_ms, 6000);

	/* sh exits at once, but its background sleep holds stdout. */
	ck_assert_int_eq(run.got[3].timed_out, 1);
	ck_assert_int_eq(run.got[3].status, 0);
	ck_assert_str_eq(run.got[3].out.buf, "detached\n");

	test_assert_repeated(&run.got[1].out, "a\n", 524288);
	test_assert_repeated(&run.got[2].err, "b\n", 524288);
	test_assert_repeated(&run.got[4].out, "c\n", 524288);
	test_assert_repeated(&run.got[5].out, "d\n", 524288);
	ck_assert_int_eq(run.got[4].status, 3);
	for (int i = 1; i < 6; i++) {
		if (i == 3)
			continue;
		ck_assert_int_eq(run.got[i].timed_out, 0);
		ck_assert_int_eq(run.got[i].interrupted, 0);
	}
	/* The timed-out tasks finish last. */
	ck_assert(run.order[4] == 0 || run.order[4] == 3);
	ck_assert(run.order[5] == 0 || run.order[5] == 3);
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_start_failures_do_not_stop_the_pool)
{
	int fds = test_count_fds();
	static const struct task tasks[] = {
		{ .prog = "cdmigrate-test-no-such-program" },
		{ .script = "echo ok" },
		{ .script = "echo never", .dir = "/nonexistent/cdmigrate-test" },
		{ .script = "echo ok too" },
	};
	struct run run;

	ck_assert_int_eq(run_pool(&run, tasks, 4, 1, 0), -1);
	ck_assert_uint_eq(run.done_nr, 4);
	ck_assert_int_eq(run.got[0].status, -1);
	ck_assert_int_eq(run.got[0].start_failed, 1);
	ck_assert_int_eq(run.got[0].not_found, 1);
	ck_assert_int_eq(run.got[1].status, 0);
	ck_assert_str_eq(run.got[1].out.buf, "ok\n");
	ck_assert_int_eq(run.got[2].status, -1);
	ck_assert_int_eq(run.got[2].start_failed, 1);
	ck_assert_int_eq(run.got[2].not_found, 0);
	ck_assert_str_eq(run.got[3].out.buf, "ok too\n");
	ck_assert_uint_eq(run.order[0], 0);
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_env_dir_and_stdin)
{
	int fds = test_count_fds();
	static const struct task tasks[] = {
		{ .script = "echo \"$CDM_POOL\"", .env = "CDM_POOL=x y" },
		{ .script = "pwd -P", .dir = "/" },
		{ .script = "wc -c" },	/* stdin is /dev/null */
	};
	struct run run;

	ck_assert_int_eq(run_pool(&run, tasks, 3, 2, 0), 0);
	ck_assert_str_eq(run.got[0].out.buf, "x y\n");
	ck_assert_str_eq(run.got[1].out.buf, "/\n");
	ck_assert_int_eq(atoi(run.got[2].out.buf), 0);
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_done_in_completion_order)
{
	int fds = test_count_fds();
	static const struct task tasks[] = {
		{ .script = "sleep 3; echo slow" },
		{ .script = "echo fast" },
	};
	struct run run;

	ck_assert_int_eq(run_pool(&run, tasks, 2, 2, 0), 0);
	ck_assert_uint_eq(run.order[0], 1);
	ck_assert_uint_eq(run.order[1], 0);
	ck_assert_str_eq(run.got[0].out.buf, "slow\n");
	ck_assert_uint_ge(run.got[0].wall_ms, 2500);
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

START_TEST(test_tasks_see_only_their_std_descriptors)
{
	int fds = test_count_fds();
	static const struct task tasks[] = {
		{ .script = "exec ls /proc/self/fd" },
		{ .script = "exec ls /proc/self/fd" },
		{ .script = "exec ls /proc/self/fd" },
	};
	struct run run;
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (atoi(e->d_name) > 2)
			fcntl(atoi(e->d_name), F_SETFD, FD_CLOEXEC);
	closedir(d);
	ck_assert_int_eq(run_pool(&run, tasks, 3, 3, 0), 0);
	for (int i = 0; i < 3; i++)
		ck_assert_str_eq(run.got[i].out.buf, "0\n1\n2\n3\n");
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

static volatile sig_atomic_t caller_got;

static void caller_handler(int sig)
{
	caller_got = sig;
}

START_TEST(test_signal_with_caller_handler)
{
	int fds = test_count_fds();
	static const struct task tasks[] = {
		/* $PPID is this test process, which runs the pool. */
		{ .script = "echo first; kill -TERM $PPID; sleep 30" },
		{ .script = "echo never" },
		{ .script = "echo never" },
	};
	struct sigaction sa, now;
	struct run run;
	uint64_t t0 = test_now_ms();

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = caller_handler;
	sigemptyset(&sa.sa_mask);
	ck_assert_int_eq(sigaction(SIGTERM, &sa, NULL), 0);
	ck_assert_int_eq(run_pool(&run, tasks, 3, 1, 0), -1);
	ck_assert_uint_lt(test_now_ms() - t0, 10000);
	ck_assert_int_eq(caller_got, SIGTERM);
	ck_assert_uint_eq(run.done_nr, 1);
	ck_assert_uint_eq(run.next_calls, 1);
	ck_assert_int_eq(run.got[0].interrupted, 1);
	ck_assert_int_eq(run.got[0].timed_out, 0);
	ck_assert_int_eq(run.got[0].status, 128 + SIGTERM);
	ck_assert_str_eq(run.got[0].out.buf, "first\n");
	ck_assert_int_eq(sigaction(SIGTERM, NULL, &now), 0);
	ck_assert(now.sa_handler == caller_handler);
	run_release(&run);
	test_assert_clean(fds);
}
END_TEST

static pid_t read_pid(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	pid_t pid;

	ck_assert_int_eq(strbuf_read_file(&sb, path), 0);
	pid = (pid_t)atoi(sb.buf);
	strbuf_release(&sb);
	ck_assert_int_gt(pid, 1);
	return pid;
}

/* Gone, or a zombie waiting for whoever inherited it. */
static int process_gone(pid_t pid)
{
	char *path = xstrfmt("/proc/%d/stat", (int)pid);
	struct strbuf sb = STRBUF_INIT;
	const char *paren;
	int gone;

	if (strbuf_read_file(&sb, path) < 0) {
		gone = 1;
	} else {
		paren = strrchr(sb.buf, ')');
		gone = paren && paren[1] == ' ' && paren[2] == 'Z';
	}
	strbuf_release(&sb);
	free(path);
	return gone;
}

START_TEST(test_sigint_kills_tasks_then_the_process)
{
	int fds = test_count_fds();
	char *dir = test_tmpdir("check_pool");
	char *first, *second, *script0, *script1;
	struct task tasks[2];
	pid_t sub, pid0, pid1;
	int status;
	uint64_t t0 = test_now_ms();

	first = path_join(dir, "first");
	second = path_join(dir, "second");
	script0 = xstrfmt("echo $$ > %s.tmp && mv %s.tmp %s; exec sleep 30", first, first, first);
	/*
	 * The background sleep of a non-interactive sh ignores SIGINT and
	 * holds stdout: the pool must follow up with SIGKILL to finish.
	 */
	script1 = xstrfmt("while [ ! -s %s ]; do sleep 0.05; done; "
			  "sleep 30 & echo $! > %s.tmp && mv %s.tmp %s; kill -INT $PPID; wait",
			  first, second, second, second);
	tasks[0] = (struct task){ .script = script0 };
	tasks[1] = (struct task){ .script = script1 };

	sub = fork();
	ck_assert_int_ge(sub, 0);
	if (!sub) {
		struct run run;

		signal(SIGINT, SIG_DFL);
		run_pool(&run, tasks, 2, 2, 0);
		_exit(99);	/* not reached: the re-raised SIGINT ends us */
	}
	ck_assert_int_eq(waitpid(sub, &status, 0), sub);
	ck_assert_uint_lt(test_now_ms() - t0, 15000);
	ck_assert(WIFSIGNALED(status));
	ck_assert_int_eq(WTERMSIG(status), SIGINT);

	pid0 = read_pid(first);
	pid1 = read_pid(second);
	for (int i = 0; i < 100 && !(process_gone(pid0) && process_gone(pid1)); i++)
		usleep(50000);
	ck_assert(process_gone(pid0));
	ck_assert(process_gone(pid1));

	test_rm_rf(dir);
	free(dir);
	free(first);
	free(second);
	free(script0);
	free(script1);
	test_assert_clean(fds);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("pool");
	TCase *tc = tcase_create("pool");

	tcase_set_timeout(tc, 90);
	tcase_add_test(tc, test_big_outputs_arrive_whole);
	tcase_add_test(tc, test_no_interleaving);
	tcase_add_test(tc, test_j1_j2_and_online_cpus_agree);
	tcase_add_test(tc, test_timeout_kills_one_others_finish);
	tcase_add_test(tc, test_start_failures_do_not_stop_the_pool);
	tcase_add_test(tc, test_env_dir_and_stdin);
	tcase_add_test(tc, test_done_in_completion_order);
	tcase_add_test(tc, test_tasks_see_only_their_std_descriptors);
	tcase_add_test(tc, test_signal_with_caller_handler);
	tcase_add_test(tc, test_sigint_kills_tasks_then_the_process);
	suite_add_tcase(s, tc);
	return s;
}
