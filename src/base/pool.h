/*
 * pool.h: run many children in parallel, in the shape of git's
 * run_processes_parallel(): callbacks produce tasks and receive results,
 * each task's stdout and stderr are buffered separately so nothing
 * interleaves, plus what git lacks: a per-task timeout that kills the
 * task's process group and records it.
 *
 *	static int next(struct child *c, void *pool_data, void **task_data)
 *	{
 *		struct work *w = pool_data;
 *		if (w->next == w->nr)
 *			return 0;
 *		strvec_pushv(&c->args, spatch_argv(...));
 *		*task_data = &w->items[w->next++];
 *		return 1;
 *	}
 *	static void done(int status, const struct pool_result *r,
 *			 void *pool_data, void *task_data)
 *	{
 *		struct item *it = task_data;
 *		strbuf_add(&it->out, r->out.buf, r->out.len);
 *		it->status = status;
 *		it->timed_out = r->timed_out;
 *	}
 *	...
 *	struct pool_options opts = POOL_OPTIONS_INIT;
 *	opts.jobs = jobs;
 *	opts.timeout_ms = 120000;
 *	if (pool_run(&opts, next, done, &w) < 0) ...
 */
#ifndef CDMIGRATE_POOL_H
#define CDMIGRATE_POOL_H

#include <stdint.h>

#include "base/child.h"

struct pool_options {
	unsigned jobs;		/* tasks running at once; 0: online CPUs */
	unsigned timeout_ms;	/* per task, from its start; 0: none */
};

#define POOL_OPTIONS_INIT { 0, 0 }

/* What one task produced.  Owned by the pool, valid only during done(). */
struct pool_result {
	struct strbuf out;		/* all of the task's stdout */
	struct strbuf err;		/* all of the task's stderr */
	unsigned timed_out:1;		/* killed at opts->timeout_ms */
	unsigned interrupted:1;		/* killed because cdmigrate got a signal */
	unsigned start_failed:1;	/* child_start() failed; status is -1 */
	unsigned not_found:1;		/* ... because the program was not found */
	uint64_t wall_ms;		/* start to reap; for benchmarks only */
};

/*
 * Fill in the next task's child: args, and optionally env, dir and
 * silent_exec_failure (set it to print your own "not found" message from
 * done).  child is freshly initialised and owned by the pool, which sets
 * no_stdin (tasks read /dev/null), pipes stdout and stderr, and puts the
 * task in its own process group; other fields are overwritten.  Store
 * anything that identifies the task in *task_data (NULL by default); it
 * is handed back to done() and never touched by the pool.
 *
 * Return 1 when a task was produced, 0 when there are no more (the child
 * is then ignored).  After returning 0, next is not called again.
 */
typedef int (*pool_next_fn)(struct child *child, void *pool_data, void **task_data);

/*
 * A task ended: status is child_finish()'s code (exit code, 128 + signal
 * number for a signal death) or -1 when it could not be started or
 * waited for.  For a timed-out or interrupted task, status is whatever
 * the kill produced (usually 143 or 137): test the flags, not the status.
 * result and its strbufs are valid only during the call (copy what you
 * keep).  The task's child struct is released after done returns.
 */
typedef void (*pool_done_fn)(int status, const struct pool_result *result,
			     void *pool_data, void *task_data);

/*
 * Run tasks from next, up to opts->jobs at once, until next has no more
 * and every started task has been reported to done.
 *
 * Callbacks run in the calling process, one at a time, never nested.  A
 * task that fails, crashes or times out does not stop the others: a
 * timed-out task's process group gets SIGTERM, then SIGKILL after
 * CHILD_KILL_GRACE_MS, and is reported with timed_out set.  A task that
 * cannot be started (say the program is missing) is reported to done at
 * once with start_failed set (and not_found when that is why), then the
 * pool goes on with the next one; a caller that wants to stop there can
 * make next return 0.
 *
 * Ordering: tasks start in the order next produces them; done is called
 * in completion order, which depends on timing.  Callers that need a
 * deterministic result sort by task_data afterwards.
 *
 * Signals: the children run in process groups of their own (so that a
 * timeout can kill a task's descendants), which means the terminal's ^C
 * does not reach them.  So, while it runs, pool_run() catches SIGINT,
 * SIGTERM and SIGHUP (the ones not ignored on entry).  It holds them
 * blocked except while it waits in ppoll(), so a signal arriving during a
 * callback is acted on when the callback returns.  On such a signal the
 * pool forwards it to every running task's process group (SIGKILL follows
 * after CHILD_KILL_GRACE_MS), starts no further task, reports the running
 * ones with interrupted set, restores the caller's dispositions and
 * signal mask and re-raises the signal.  With the default disposition
 * that ends the process (its children are already reaped); if the caller
 * has a handler of its own, that handler runs and pool_run() returns -1.
 * pool_run() is not reentrant: calling it from a callback is a BUG().
 * Other threads of the process should keep these signals blocked while a
 * pool runs, else a signal they take is acted on only at the pool's next
 * wake-up.  A done callback must not exit the process while tasks run
 * (they would be left running in their own groups): record, return, and
 * let next return 0.
 *
 * Returns 0 when every task produced was started (whatever their exit
 * codes), -1 when at least one could not be started or the pool was
 * interrupted by a signal.
 */
int pool_run(const struct pool_options *opts, pool_next_fn next,
	     pool_done_fn done, void *pool_data);

#endif
