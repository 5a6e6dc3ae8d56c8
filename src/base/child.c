/* pipe2, strchrnul, F_DUPFD_CLOEXEC: Linux is the only target. */
#define _GNU_SOURCE

#include "base/child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* What a child that could not exec tells its parent through the report pipe. */
enum exec_stage {
	STAGE_SETUP = 1,	/* dup2 or setpgid */
	STAGE_CHDIR,
	STAGE_EXEC,
};

struct exec_report {
	int stage;
	int errnum;
};

enum pump_stage {
	PUMP_RUNNING,
	PUMP_TERMINATING,	/* SIGTERM (or the caller's signal) sent */
	PUMP_KILLED,		/* SIGKILL sent */
	PUMP_ABANDONED,		/* pipes closed by force, only reaping left */
};

#define PUMP_MAX_BACKOFF_MS 50
#define PUMP_READ_SIZE 65536

void child_init(struct child *child)
{
	struct child blank = CHILD_INIT;

	*child = blank;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static int is_executable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

/*
 * execvp()'s search, done in the parent so that "not found" is known
 * without forking.  A relative PATH entry is made absolute here because
 * the child may chdir before exec.  Returns NULL when nothing matches.
 */
static char *locate_in_path(const char *file)
{
	const char *p = getenv("PATH");
	char *cwd = NULL;
	char *found = NULL;

	if (!p)
		p = "/bin:/usr/bin";	/* glibc's default, confstr(_CS_PATH) */
	while (!found) {
		const char *end = strchrnul(p, ':');
		struct strbuf sb = STRBUF_INIT;

		if (end == p || *p != '/') {
			if (!cwd)
				cwd = getcwd(NULL, 0);
			if (cwd) {
				strbuf_addstr(&sb, cwd);
				strbuf_addch(&sb, '/');
			}
		}
		strbuf_add(&sb, p, (size_t)(end - p));
		if (sb.len && sb.buf[sb.len - 1] != '/')
			strbuf_addch(&sb, '/');
		strbuf_addstr(&sb, file);
		if (is_executable(sb.buf))
			found = strbuf_detach(&sb, NULL);
		strbuf_release(&sb);
		if (!*end)
			break;
		p = end + 1;
	}
	free(cwd);
	return found;
}

/* environ with child->env applied, built before fork() (no malloc after it). */
static void build_env(struct strvec *out, const struct strvec *changes)
{
	strvec_pushv(out, (const char *const *)environ);
	for (size_t i = 0; i < changes->nr; i++) {
		const char *change = changes->v[i];
		size_t name_len = (size_t)(strchrnul(change, '=') - change);
		size_t j = 0;

		while (j < out->nr) {
			if (!strncmp(out->v[j], change, name_len) &&
			    out->v[j][name_len] == '=') {
				free(out->v[j]);
				memmove(out->v + j, out->v + j + 1,
					(out->nr - j) * sizeof(*out->v));
				out->nr--;
			} else {
				j++;
			}
		}
		if (change[name_len] == '=')
			strvec_push(out, change);
	}
}

/* In the forked child: only async-signal-safe calls from here on. */
static void __attribute__((noreturn)) exec_fail(int report_fd, int stage)
{
	struct exec_report r = { stage, errno };
	ssize_t ignored = write(report_fd, &r, sizeof(r));

	(void)ignored;
	_exit(127);
}

/* Move fd above the standard descriptors so dup2() onto 0-2 cannot clobber it. */
static int move_high(int fd)
{
	if (fd < 0 || fd > 2)
		return fd;
	return fcntl(fd, F_DUPFD_CLOEXEC, 3);
}

static void reset_signals(void)
{
	struct sigaction sa;
	sigset_t none;

	for (int sig = 1; sig < NSIG; sig++) {
		int caught;

		if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &sa))
			continue;
		caught = (sa.sa_flags & SA_SIGINFO) ||
			 (sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN);
		if (caught || sig == SIGPIPE || sig == SIGINT || sig == SIGTERM) {
			memset(&sa, 0, sizeof(sa));
			sa.sa_handler = SIG_DFL;
			sigemptyset(&sa.sa_mask);
			sigaction(sig, &sa, NULL);
		}
	}
	sigemptyset(&none);
	pthread_sigmask(SIG_SETMASK, &none, NULL);
}

static void __attribute__((noreturn))
run_child(const struct child *child, const char *path, char **envp,
	  int in_fd, int out_fd, int err_fd, int report_fd)
{
	int fds[3] = { in_fd, out_fd, err_fd };
	int moved = move_high(report_fd);

	if (moved < 0)
		exec_fail(report_fd, STAGE_SETUP);
	report_fd = moved;
	if (child->own_pgroup && setpgid(0, 0) < 0)
		exec_fail(report_fd, STAGE_SETUP);
	for (int i = 0; i < 3; i++) {
		if (fds[i] < 0)
			continue;	/* inherited */
		fds[i] = move_high(fds[i]);
		if (fds[i] < 0)
			exec_fail(report_fd, STAGE_SETUP);
	}
	for (int i = 0; i < 3; i++)
		if (fds[i] >= 0 && dup2(fds[i], i) < 0)
			exec_fail(report_fd, STAGE_SETUP);
	if (child->dir && chdir(child->dir) < 0)
		exec_fail(report_fd, STAGE_CHDIR);
	reset_signals();
	execve(path, child->args.v, envp);
	exec_fail(report_fd, STAGE_EXEC);
}

/* vfork() and run_child(): apart, so that no caller's variable lives across the fork. */
static pid_t __attribute__((noinline))
spawn(const struct child *child, const char *path, char **envp,
      int in_fd, int out_fd, int err_fd, int report_fd)
{
	pid_t pid = vfork();

	if (!pid)
		run_child(child, path, envp, in_fd, out_fd, err_fd, report_fd);
	return pid;
}

static int wait_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return -1;
}

static pid_t wait_eintr(pid_t pid, int *status, int flags)
{
	pid_t r;

	do
		r = waitpid(pid, status, flags);
	while (r < 0 && errno == EINTR);
	return r;
}

/* Read the exec report: 0 when the child exec'd, else the report. */
static int read_report(int fd, struct exec_report *r)
{
	ssize_t n;

	do
		n = read(fd, r, sizeof(*r));
	while (n < 0 && errno == EINTR);
	if (n == 0)
		return 0;
	if (n != (ssize_t)sizeof(*r)) {
		r->stage = STAGE_SETUP;
		r->errnum = n < 0 ? errno : EIO;
	}
	return -1;
}

static int start_failed(struct child *child, const struct exec_report *r)
{
	const char *prog = child->args.v[0];

	errno = r->errnum;
	if (r->stage == STAGE_EXEC && r->errnum == ENOENT) {
		child->not_found = 1;
		if (child->silent_exec_failure)
			return -1;
		return error("cannot run '%s': program not found", prog);
	}
	if (r->stage == STAGE_CHDIR)
		return error_errno("cannot run '%s' in '%s'", prog, child->dir);
	return error_errno("cannot run '%s'", prog);
}

int child_start(struct child *child)
{
	const char *prog;
	char *path;
	struct strvec env = STRVEC_INIT;
	int in[2] = { -1, -1 }, out[2] = { -1, -1 }, err[2] = { -1, -1 };
	int report[2] = { -1, -1 }, null_fd = -1;
	int need_null;
	struct exec_report r = { 0, 0 };
	sigset_t all, old;
	pid_t pid;
	int ret = -1;

	if (!child->args.nr)
		BUG("child_start() without a program");
	if (child->pid > 0)
		BUG("child_start() on a running child");
	prog = child->args.v[0];
	child->not_found = 0;
	child->in = child->out = child->err = -1;

	if (strchr(prog, '/')) {
		path = xstrdup(prog);
	} else if (!*prog || !(path = locate_in_path(prog))) {
		r.stage = STAGE_EXEC;
		r.errnum = ENOENT;
		return start_failed(child, &r);
	}
	if (child->env.nr)
		build_env(&env, &child->env);

	need_null = child->no_stdin || child->stdout_mode == CHILD_IO_NULL ||
		    child->stderr_mode == CHILD_IO_NULL;
	if ((need_null &&
	     (null_fd = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0) ||
	    (child->pipe_stdin && pipe2(in, O_CLOEXEC) < 0) ||
	    (child->stdout_mode == CHILD_IO_PIPE && pipe2(out, O_CLOEXEC) < 0) ||
	    (child->stderr_mode == CHILD_IO_PIPE && pipe2(err, O_CLOEXEC) < 0) ||
	    pipe2(report, O_CLOEXEC) < 0) {
		error_errno("cannot run '%s': cannot set up its descriptors", prog);
		goto out;
	}

	/*
	 * Block every signal across the fork so that none of the parent's
	 * handlers runs in the child before run_child() resets them.  vfork():
	 * the child only makes system calls until it execs or _exits, and
	 * copying the page tables of a parent holding libclang's and the
	 * working set's memory (350 MB) cost more than the children it started
	 * (diff and patch for each changed file, spatch).
	 */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid = spawn(child, path, env.nr ? env.v : environ,
		    child->pipe_stdin ? in[0] : child->no_stdin ? null_fd : -1,
		    child->stdout_mode == CHILD_IO_PIPE ? out[1] :
		    child->stdout_mode == CHILD_IO_NULL ? null_fd : -1,
		    child->stderr_mode == CHILD_IO_PIPE ? err[1] :
		    child->stderr_mode == CHILD_IO_NULL ? null_fd : -1,
		    report[1]);
	if (pid < 0) {
		int saved = errno;

		pthread_sigmask(SIG_SETMASK, &old, NULL);
		errno = saved;
		error_errno("cannot fork to run '%s'", prog);
		goto out;
	}
	/* Both sides set the group, so it exists whichever runs first. */
	if (child->own_pgroup)
		setpgid(pid, pid);
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	close_fd(&in[0]);
	close_fd(&out[1]);
	close_fd(&err[1]);
	close_fd(&report[1]);
	if (read_report(report[0], &r) < 0) {
		int status;

		wait_eintr(pid, &status, 0);
		start_failed(child, &r);
		goto out;
	}
	child->pid = pid;
	child->in = in[1];
	child->out = out[0];
	child->err = err[0];
	in[1] = out[0] = err[0] = -1;
	ret = 0;
out:
	close_fd(&in[0]);
	close_fd(&in[1]);
	close_fd(&out[0]);
	close_fd(&out[1]);
	close_fd(&err[0]);
	close_fd(&err[1]);
	close_fd(&report[0]);
	close_fd(&report[1]);
	close_fd(&null_fd);
	strvec_clear(&env);
	free(path);
	return ret;
}

int child_finish(struct child *child)
{
	int status;

	close_fd(&child->in);
	close_fd(&child->out);
	close_fd(&child->err);
	if (child->pid <= 0)
		BUG("child_finish() on a child that is not running");
	if (wait_eintr(child->pid, &status, 0) < 0) {
		child->pid = -1;
		return error_errno("cannot wait for '%s'", child->args.v[0]);
	}
	child->pid = -1;
	return wait_code(status);
}

int child_kill(struct child *child, int sig)
{
	if (child->pid <= 0) {
		errno = ESRCH;
		return -1;
	}
	return kill(child->own_pgroup ? -child->pid : child->pid, sig);
}

void child_release(struct child *child)
{
	if (child->pid > 0)
		BUG("child_release() on a running child");
	strvec_clear(&child->args);
	strvec_clear(&child->env);
	child_init(child);
}

static void set_nonblock(int fd)
{
	int flags;

	if (fd < 0)
		return;
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

int child_pump_start(struct child_pump *pump, struct child *child,
		     const char *input, size_t input_len,
		     struct strbuf *out, struct strbuf *err, unsigned timeout_ms)
{
	memset(pump, 0, sizeof(*pump));
	pump->child = child;
	pump->input = input;
	pump->input_len = input ? input_len : 0;
	pump->out = out;
	pump->err = err;
	pump->stage = PUMP_RUNNING;
	if (input) {
		child->pipe_stdin = 1;
		child->no_stdin = 0;
	}
	if (out)
		child->stdout_mode = CHILD_IO_PIPE;
	if (err)
		child->stderr_mode = CHILD_IO_PIPE;
	if (timeout_ms)
		child->own_pgroup = 1;
	if (child_start(child) < 0)
		return -1;
	set_nonblock(child->in);
	set_nonblock(child->out);
	set_nonblock(child->err);
	if (child->in >= 0 && !pump->input_len)
		close_fd(&child->in);
	if (timeout_ms)
		pump->deadline = now_ms() + timeout_ms;
	return 0;
}

int child_pump_pollfds(const struct child_pump *pump, struct pollfd *fds)
{
	const struct child *c = pump->child;
	int n = 0;

	if (pump->finished)
		return 0;
	if (c->in >= 0)
		fds[n++] = (struct pollfd){ .fd = c->in, .events = POLLOUT };
	if (c->out >= 0)
		fds[n++] = (struct pollfd){ .fd = c->out, .events = POLLIN };
	if (c->err >= 0)
		fds[n++] = (struct pollfd){ .fd = c->err, .events = POLLIN };
	return n;
}

static int pipes_closed(const struct child *c)
{
	return c->in < 0 && c->out < 0 && c->err < 0;
}

int child_pump_wait_ms(const struct child_pump *pump)
{
	int64_t wait = -1;

	if (pump->finished)
		return 0;
	if (pump->deadline) {
		uint64_t now = now_ms();

		wait = pump->deadline > now ? (int64_t)(pump->deadline - now) : 0;
	}
	if (pipes_closed(pump->child) && (wait < 0 || wait > pump->wait_ms))
		wait = pump->wait_ms;
	return wait > 1000000 ? 1000000 : (int)wait;
}

static void pump_feed(struct child_pump *pump)
{
	struct child *c = pump->child;

	while (pump->input_off < pump->input_len) {
		size_t left = pump->input_len - pump->input_off;
		ssize_t n = write(c->in, pump->input + pump->input_off,
				  left < PUMP_READ_SIZE ? left : PUMP_READ_SIZE);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return;
			break;	/* EPIPE: the child does not want the rest */
		}
		pump->input_off += (size_t)n;
	}
	close_fd(&c->in);
}

/* One read per readiness event keeps one chatty child from starving the others. */
static void pump_drain(int *fd, struct strbuf *sb)
{
	char scratch[4096];
	ssize_t n;

	if (sb)
		strbuf_grow(sb, PUMP_READ_SIZE);
	do
		n = sb ? read(*fd, sb->buf + sb->len, PUMP_READ_SIZE)
		       : read(*fd, scratch, sizeof(scratch));
	while (n < 0 && errno == EINTR);
	if (n > 0) {
		if (sb) {
			sb->len += (size_t)n;
			sb->buf[sb->len] = '\0';
		}
		return;
	}
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return;
	close_fd(fd);
}

static void pump_escalate(struct child_pump *pump, uint64_t now)
{
	struct child *c = pump->child;

	switch (pump->stage) {
	case PUMP_RUNNING:
		pump->timed_out = 1;
		child_kill(c, SIGTERM);
		pump->stage = PUMP_TERMINATING;
		pump->deadline = now + CHILD_KILL_GRACE_MS;
		break;
	case PUMP_TERMINATING:
		child_kill(c, SIGKILL);
		pump->stage = PUMP_KILLED;
		pump->deadline = now + CHILD_KILL_GRACE_MS;
		break;
	case PUMP_KILLED:
		/* Something outside the group holds the pipes: stop reading. */
		close_fd(&c->in);
		close_fd(&c->out);
		close_fd(&c->err);
		pump->stage = PUMP_ABANDONED;
		pump->deadline = 0;
		break;
	default:
		pump->deadline = 0;
		break;
	}
}

void child_pump_step(struct child_pump *pump, const struct pollfd *fds, int nfds)
{
	struct child *c = pump->child;
	pid_t r;

	if (pump->finished)
		return;
	for (int i = 0; i < nfds; i++) {
		if (!fds[i].revents)
			continue;
		if (fds[i].fd == c->in)
			pump_feed(pump);
		else if (fds[i].fd == c->out)
			pump_drain(&c->out, pump->out);
		else if (fds[i].fd == c->err)
			pump_drain(&c->err, pump->err);
	}
	if (pump->deadline && now_ms() >= pump->deadline)
		pump_escalate(pump, now_ms());
	if (!pipes_closed(c))
		return;
	/*
	 * The pipes are at EOF; the child has normally exited by now.  If it
	 * has not (it closed them itself), poll again with a growing back-off.
	 */
	r = wait_eintr(c->pid, &pump->status, WNOHANG);
	if (r == c->pid) {
		pump->finished = 1;
	} else if (r < 0) {
		error_errno("cannot wait for '%s'", c->args.v[0]);
		pump->wait_failed = 1;
		pump->finished = 1;
	} else {
		pump->wait_ms = pump->wait_ms ? pump->wait_ms * 2 : 1;
		if (pump->wait_ms > PUMP_MAX_BACKOFF_MS)
			pump->wait_ms = PUMP_MAX_BACKOFF_MS;
	}
}

void child_pump_kill(struct child_pump *pump, int sig)
{
	if (pump->finished)
		return;
	child_kill(pump->child, sig);
	if (pump->stage == PUMP_RUNNING) {
		pump->stage = PUMP_TERMINATING;
		pump->deadline = now_ms() + CHILD_KILL_GRACE_MS;
	}
}

int child_pump_finish(struct child_pump *pump)
{
	if (!pump->finished)
		BUG("child_pump_finish() before the child finished");
	pump->child->pid = -1;
	return pump->wait_failed ? -1 : wait_code(pump->status);
}

int child_capture(struct child *child, const char *input, size_t input_len,
		  struct strbuf *out, struct strbuf *err,
		  unsigned timeout_ms, int *timed_out)
{
	struct child_pump pump;
	struct sigaction ignore, old_pipe;
	int ret = -1;

	if (timed_out)
		*timed_out = 0;
	if (!input) {
		child->no_stdin = 1;
		child->pipe_stdin = 0;
	} else {
		memset(&ignore, 0, sizeof(ignore));
		ignore.sa_handler = SIG_IGN;
		sigemptyset(&ignore.sa_mask);
		sigaction(SIGPIPE, &ignore, &old_pipe);
	}
	if (!child_pump_start(&pump, child, input, input_len, out, err, timeout_ms)) {
		while (!pump.finished) {
			struct pollfd fds[CHILD_PUMP_MAX_FDS];
			int n = child_pump_pollfds(&pump, fds);

			if (poll(fds, (nfds_t)n, child_pump_wait_ms(&pump)) < 0) {
				if (errno != EINTR)
					die_errno("poll failed");
				for (int i = 0; i < n; i++)
					fds[i].revents = 0;
			}
			child_pump_step(&pump, fds, n);
		}
		ret = child_pump_finish(&pump);
		if (timed_out)
			*timed_out = pump.timed_out;
	}
	if (input)
		sigaction(SIGPIPE, &old_pipe, NULL);
	return ret;
}
