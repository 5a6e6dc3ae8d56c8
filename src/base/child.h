/*
 * child.h: running one child process, in the manner of git's run-command.h.
 * child.c and pool.c are the only places in cdmigrate that fork or exec.
 *
 * Lifecycle:
 *
 *	struct child c = CHILD_INIT;
 *	strvec_pushv(&c.args, (const char *[]){ "spatch", "--version", NULL });
 *	c.no_stdin = 1;
 *	c.stdout_mode = CHILD_IO_PIPE;
 *	if (child_start(&c) < 0)
 *		... (c.not_found tells "no such program" from other failures)
 *	... read c.out until EOF ...
 *	code = child_finish(&c);
 *	child_release(&c);
 *
 * or, for the common "run, feed, collect, bounded in time" case, one call:
 *
 *	code = child_capture(&c, input, len, &out, &err, 60000, &timed_out);
 *
 * The program is looked up in PATH like execvp() (in the parent's PATH,
 * before forking) and run with execve(): never through a shell.  A file
 * that is not a valid executable is an error, never retried with /bin/sh.
 *
 * Every descriptor the module creates is close-on-exec; the child gets
 * exactly its stdin, stdout and stderr plus whatever the caller left
 * inheritable.  In the child, SIGPIPE, SIGINT and SIGTERM are reset to
 * their default disposition, other caught signals too (an ignored SIGHUP,
 * as under nohup, stays ignored), and the signal mask is emptied.
 *
 * Children are reaped with waitpid() on their own pid: the caller must not
 * set SIGCHLD to SIG_IGN (the kernel would reap them and lose the codes),
 * nor reap with waitpid(-1, ...) while children of this module run.
 * Children are started with vfork(): nothing is allocated and nothing of
 * the parent's memory is written between the fork and exec(), so starting
 * one from a process with other threads is safe and costs no copy of its
 * page tables; the module itself is not thread-safe (use it from one
 * thread).
 */
#ifndef CDMIGRATE_CHILD_H
#define CDMIGRATE_CHILD_H

#include <poll.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/util.h"

/* Where the child's stdout or stderr goes. */
enum child_io {
	CHILD_IO_INHERIT = 0,	/* the parent's own descriptor */
	CHILD_IO_PIPE,		/* a pipe; the parent reads child->out / ->err */
	CHILD_IO_NULL,		/* /dev/null */
};

struct child {
	/*
	 * Filled in by the caller.  args and env are owned by the struct and
	 * freed by child_release(); dir is borrowed and must outlive
	 * child_start().
	 */
	struct strvec args;	/* argv; args.v[0] is looked up in PATH */
	struct strvec env;	/* "K=V" sets K, "K" alone removes K */
	const char *dir;	/* chdir here before exec; NULL: stay */
	unsigned no_stdin:1;	/* stdin is /dev/null */
	unsigned pipe_stdin:1;	/* stdin is a pipe; the parent writes child->in */
	enum child_io stdout_mode;
	enum child_io stderr_mode;
	/*
	 * Put the child in a process group of its own (pgid == pid), so that
	 * child_kill() reaches its descendants too.  A child in its own group
	 * is not in the terminal's foreground group: it does not get the
	 * terminal's ^C (see pool.h) and must not read the terminal (it would
	 * be stopped by SIGTTIN), so give it no_stdin or a pipe.
	 */
	unsigned own_pgroup:1;
	/* Do not print an error when the program is not found (see not_found). */
	unsigned silent_exec_failure:1;

	/* Set by child_start(). */
	pid_t pid;		/* -1 when not running */
	int in;			/* write end of stdin when pipe_stdin, else -1 */
	int out;		/* read end of stdout when CHILD_IO_PIPE, else -1 */
	int err;		/* read end of stderr when CHILD_IO_PIPE, else -1 */
	unsigned not_found:1;	/* child_start() failed: no such program */
};

#define CHILD_INIT { .args = STRVEC_INIT, .env = STRVEC_INIT, \
		     .pid = -1, .in = -1, .out = -1, .err = -1 }

/* Same as CHILD_INIT, for a struct that is already there. */
void child_init(struct child *child);

/*
 * Start the child.  Returns 0, or -1 after printing an error (nothing is
 * left running and no descriptor is left open).  When the program cannot
 * be found (not in PATH, or an explicit path that does not exist),
 * child->not_found is set; the error is then printed only when
 * silent_exec_failure is off, so that a caller can say it better
 * ("spatch not found: install the coccinelle package").  A dir that
 * cannot be entered, or a program that cannot be executed, is reported
 * by child_start() too, not by a 127 exit code.
 *
 * The parent ends child->in, ->out and ->err belong to the caller, who
 * may close them early (setting the field to -1); child_finish() closes
 * the ones still open.
 */
int child_start(struct child *child);

/*
 * Close the parent ends still open (stdin first, so a child reading it
 * sees EOF), wait for the child and return its exit code; 128 + signal
 * number when it was killed by a signal (as git's finish_command and the
 * shell do); -1 after printing an error when waiting failed.  child->pid
 * is -1 afterwards.
 */
int child_finish(struct child *child);

/*
 * Send sig to the running child, or to its whole process group when
 * own_pgroup was set.  Returns 0, or -1 with errno set (no error printed).
 */
int child_kill(struct child *child, int sig);

/*
 * Free args and env.  The struct is as after child_init() and may be used
 * again.  It does not wait for the child: finish it first.
 */
void child_release(struct child *child);

/*
 * The one-shot convenience: start the child, feed it input, collect what
 * it writes to stdout and stderr, wait for it, return child_finish()'s
 * code (or -1 when it could not be started; see child->not_found).
 *
 * input (input_len bytes, may contain NULs) becomes the child's stdin;
 * with input NULL, stdin is /dev/null (never the caller's: the child may
 * be in a process group of its own, see own_pgroup).  out and err,
 * when not NULL, receive stdout and stderr (appended, separately); when
 * NULL, the child's stdout_mode / stderr_mode apply.  Feeding and reading
 * are multiplexed with poll(), so a child that writes megabytes before
 * reading its input does not deadlock.  SIGPIPE is ignored in the caller
 * while input is fed (a child that exits without reading all its input is
 * not an error here) and restored afterwards.
 *
 * timeout_ms > 0 bounds the run: the child is put in its own process
 * group and, when time is up, the group gets SIGTERM, then SIGKILL after
 * CHILD_KILL_GRACE_MS; the child is reaped and *timed_out is set to 1
 * (else 0; timed_out may be NULL).  The code returned is then whatever
 * the kill produced (usually 128 + SIGTERM): test timed_out, not the code.
 * Output read before the kill is kept.
 *
 * This call does not forward the caller's signals to the child; use
 * pool_run() (even with one job) for that.
 */
int child_capture(struct child *child, const char *input, size_t input_len,
		  struct strbuf *out, struct strbuf *err,
		  unsigned timeout_ms, int *timed_out);

/* How long a killed child is given between SIGTERM and SIGKILL. */
#define CHILD_KILL_GRACE_MS 500

/*
 * Driving several children at once: the engine under child_capture() and
 * pool_run().  Most callers want one of those instead.
 *
 * A pump runs one started child: it feeds its stdin, collects its stdout
 * and stderr, enforces its timeout and reaps it, without ever blocking.
 * The caller owns the poll() loop:
 *
 *	if (child_pump_start(&p, child, ...) < 0) ...;
 *	while (!p.finished) {
 *		n = child_pump_pollfds(&p, fds);
 *		poll(fds, n, child_pump_wait_ms(&p));
 *		child_pump_step(&p, fds, n);
 *	}
 *	code = child_pump_finish(&p);
 *
 * with any number of pumps sharing one poll().  The caller must ignore
 * SIGPIPE while a pump feeds input.  The pump borrows child, input, out
 * and err until child_pump_finish().
 */
struct child_pump {
	struct child *child;
	const char *input;
	size_t input_len, input_off;
	struct strbuf *out, *err;
	uint64_t deadline;	/* CLOCK_MONOTONIC ms of the next escalation; 0: none */
	int stage;		/* running, terminating, killed, abandoned */
	unsigned wait_ms;	/* back-off while waiting for an exit without pipes */
	int status;		/* the waitpid() status, once finished */
	unsigned timed_out:1;	/* the timeout fired */
	unsigned finished:1;	/* pipes closed and child reaped */
	unsigned wait_failed:1;	/* waitpid() failed (error printed) */
};

/* The most pollfd entries one pump fills in. */
#define CHILD_PUMP_MAX_FDS 3

/*
 * Start child (as child_capture() describes input, out, err and
 * timeout_ms).  Returns child_start()'s result; on -1 nothing is running.
 */
int child_pump_start(struct child_pump *pump, struct child *child,
		     const char *input, size_t input_len,
		     struct strbuf *out, struct strbuf *err, unsigned timeout_ms);
/* Fill at most CHILD_PUMP_MAX_FDS entries of fds; return how many. */
int child_pump_pollfds(const struct child_pump *pump, struct pollfd *fds);
/* The longest poll() timeout this pump allows (ms), or -1 for none. */
int child_pump_wait_ms(const struct child_pump *pump);
/*
 * After poll(): handle the entries child_pump_pollfds() filled in (nfds of
 * them, revents possibly all 0), then fire timeouts and try to reap.
 * Sets pump->finished when the child is done.
 */
void child_pump_step(struct child_pump *pump, const struct pollfd *fds, int nfds);
/*
 * Stop the child early (not a timeout): send sig to it (or its group),
 * and SIGKILL after CHILD_KILL_GRACE_MS if it is still there.
 */
void child_pump_kill(struct child_pump *pump, int sig);
/* Once finished: the code child_finish() would return; the child->pid is -1. */
int child_pump_finish(struct child_pump *pump);

#endif
