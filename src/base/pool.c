/* ppoll: Linux is the only target. */
#define _GNU_SOURCE

#include "base/pool.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct slot {
	struct child child;
	struct child_pump pump;
	struct pool_result result;
	void *task_data;
	uint64_t started;
	int nfds;		/* this slot's entries in the pollfd array */
	unsigned busy:1;
};

static const int forwarded_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NR_FORWARDED (sizeof(forwarded_signals) / sizeof(*forwarded_signals))

struct signal_state {
	sigset_t old_mask;
	struct sigaction old_action[NR_FORWARDED];
	int installed[NR_FORWARDED];
};

/* Only written by the handler, which only runs inside ppoll(). */
static volatile sig_atomic_t pool_signal;
static int pool_active;

static void on_signal(int sig)
{
	pool_signal = sig;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void catch_signals(struct signal_state *st)
{
	sigset_t block;
	struct sigaction sa;

	sigemptyset(&block);
	for (size_t i = 0; i < NR_FORWARDED; i++)
		sigaddset(&block, forwarded_signals[i]);
	pthread_sigmask(SIG_BLOCK, &block, &st->old_mask);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	for (size_t i = 0; i < NR_FORWARDED; i++) {
		st->installed[i] = 0;
		if (sigaction(forwarded_signals[i], NULL, &st->old_action[i]) ||
		    (!(st->old_action[i].sa_flags & SA_SIGINFO) &&
		     st->old_action[i].sa_handler == SIG_IGN))
			continue;
		st->installed[i] = !sigaction(forwarded_signals[i], &sa, NULL);
	}
}

static void restore_signals(struct signal_state *st)
{
	for (size_t i = 0; i < NR_FORWARDED; i++)
		if (st->installed[i])
			sigaction(forwarded_signals[i], &st->old_action[i], NULL);
	pthread_sigmask(SIG_SETMASK, &st->old_mask, NULL);
}

static unsigned online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

static void report(struct slot *s, int status, pool_done_fn done, void *pool_data)
{
	done(status, &s->result, pool_data, s->task_data);
	strbuf_release(&s->result.out);
	strbuf_release(&s->result.err);
	child_release(&s->child);
	s->busy = 0;
}

/* Ask next for a task and start it in s.  0: no more tasks, 1: s is busy or reported. */
static int start_one(struct slot *s, const struct pool_options *opts,
		     pool_next_fn next, pool_done_fn done, void *pool_data,
		     int *ret)
{
	struct pool_result blank = { .out = STRBUF_INIT, .err = STRBUF_INIT };

	child_init(&s->child);
	s->task_data = NULL;
	if (!next(&s->child, pool_data, &s->task_data)) {
		child_release(&s->child);
		return 0;
	}
	s->child.no_stdin = 1;
	s->child.pipe_stdin = 0;
	s->child.own_pgroup = 1;
	s->result = blank;
	s->started = now_ms();
	if (child_pump_start(&s->pump, &s->child, NULL, 0, &s->result.out,
			     &s->result.err, opts->timeout_ms) < 0) {
		s->result.start_failed = 1;
		s->result.not_found = s->child.not_found;
		*ret = -1;
		report(s, -1, done, pool_data);
		return 1;
	}
	s->busy = 1;
	return 1;
}

int pool_run(const struct pool_options *opts, pool_next_fn next,
	     pool_done_fn done, void *pool_data)
{
	unsigned jobs = opts->jobs ? opts->jobs : online_cpus();
	struct slot *slots = xcalloc(jobs, sizeof(*slots));
	struct pollfd *fds = xcalloc(jobs * CHILD_PUMP_MAX_FDS, sizeof(*fds));
	struct signal_state st;
	unsigned busy = 0;
	int more = 1, forwarded = 0, ret = 0, sig;

	if (pool_active)
		BUG("pool_run() called while a pool runs");
	pool_active = 1;
	pool_signal = 0;
	catch_signals(&st);

	for (;;) {
		struct timespec ts, *tsp = NULL;
		int nfds = 0, wait = -1;

		while (more && !pool_signal && busy < jobs) {
			struct slot *s = slots;

			while (s->busy)
				s++;
			more = start_one(s, opts, next, done, pool_data, &ret);
			busy += s->busy;
		}
		if (!busy)
			break;

		for (unsigned i = 0; i < jobs; i++) {
			struct slot *s = &slots[i];
			int w;

			s->nfds = 0;
			if (!s->busy)
				continue;
			s->nfds = child_pump_pollfds(&s->pump, fds + nfds);
			nfds += s->nfds;
			w = child_pump_wait_ms(&s->pump);
			if (w >= 0 && (wait < 0 || w < wait))
				wait = w;
		}
		if (wait >= 0) {
			ts.tv_sec = wait / 1000;
			ts.tv_nsec = (long)(wait % 1000) * 1000000;
			tsp = &ts;
		}
		if (ppoll(fds, (nfds_t)nfds, tsp, &st.old_mask) < 0) {
			if (errno != EINTR)
				die_errno("poll failed");
			for (int i = 0; i < nfds; i++)
				fds[i].revents = 0;
		}

		if (pool_signal && !forwarded) {
			for (unsigned i = 0; i < jobs; i++) {
				if (!slots[i].busy)
					continue;
				child_pump_kill(&slots[i].pump, pool_signal);
				slots[i].result.interrupted = 1;
			}
			forwarded = 1;
		}

		nfds = 0;
		for (unsigned i = 0; i < jobs; i++) {
			struct slot *s = &slots[i];
			int status;

			if (!s->busy)
				continue;
			child_pump_step(&s->pump, fds + nfds, s->nfds);
			nfds += s->nfds;
			if (!s->pump.finished)
				continue;
			status = child_pump_finish(&s->pump);
			s->result.timed_out = s->pump.timed_out;
			s->result.wall_ms = now_ms() - s->started;
			busy--;
			report(s, status, done, pool_data);
		}
	}

	sig = pool_signal;
	restore_signals(&st);
	pool_active = 0;
	free(fds);
	free(slots);
	if (sig) {
		raise(sig);
		ret = -1;
	}
	return ret;
}
