#include "engine/journal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#define STATE_DIR ".cdmigrate"
#define TMP_SUFFIX ".cdmigrate-tmp"
#define INDEX_MAGIC "cdmigrate-journal 1"

/* What an index entry records; the contents live in <i>.old and <i>.new. */
struct jentry {
	char *path;
	uint64_t old_hash, new_hash;
	unsigned mode;
};

struct jindex {
	char *label;
	struct jentry *v;
	size_t nr, alloc;
	int damaged;		/* salvaged: entries past v[nr - 1] were unreadable */
};
#define JINDEX_INIT { NULL, NULL, 0, 0, 0 }

static void jindex_release(struct jindex *ix)
{
	for (size_t i = 0; i < ix->nr; i++)
		free(ix->v[i].path);
	free(ix->v);
	free(ix->label);
	ix->v = NULL;
	ix->label = NULL;
	ix->nr = ix->alloc = 0;
}

void journal_edit_release(struct journal_edit *edit)
{
	free(edit->path);
	edit->path = NULL;
	strbuf_release(&edit->old_content);
	strbuf_release(&edit->new_content);
}

struct journal_edit *journal_edit_list_add(struct journal_edit_list *list,
					   const char *path,
					   const void *old_content, size_t old_len,
					   const void *new_content, size_t new_len)
{
	struct journal_edit *e;

	ALLOC_GROW(list->v, list->nr + 1, list->alloc);
	e = &list->v[list->nr++];
	*e = (struct journal_edit)JOURNAL_EDIT_INIT;
	e->path = xstrdup(path);
	strbuf_add(&e->old_content, old_content, old_len);
	strbuf_add(&e->new_content, new_content, new_len);
	return e;
}

void journal_edit_list_clear(struct journal_edit_list *list)
{
	for (size_t i = 0; i < list->nr; i++)
		journal_edit_release(&list->v[i]);
	free(list->v);
	list->v = NULL;
	list->nr = list->alloc = 0;
}

static uint64_t hash_of(const struct strbuf *sb)
{
	return (uint64_t)XXH64(sb->buf, sb->len, 0);
}

static int same_content(const struct strbuf *a, const struct strbuf *b)
{
	return a->len == b->len && !memcmp(a->buf, b->buf, a->len);
}

static void close_fd(int fd)
{
	if (fd >= 0)
		close(fd);
}

/*
 * The syntactic half of the path rules; the symlink half is enforced by
 * open_parent() and read_current() on every access, not once up front, so
 * a link planted after validation is still never followed.
 */
static int check_path(const char *path)
{
	const char *p = path, *slash;
	size_t len;

	if (!*path)
		return error("an edit has an empty path; the plan is broken, make it again");
	if (*path == '/')
		return error("%s: absolute path; cdmigrate edits only paths relative to the tree", path);
	if (strchr(path, '\n'))
		return error("a path contains a newline; cdmigrate cannot journal it");
	for (;;) {
		slash = strchr(p, '/');
		len = slash ? (size_t)(slash - p) : strlen(p);
		if (!len || (len == 1 && p[0] == '.') ||
		    (len == 2 && p[0] == '.' && p[1] == '.'))
			return error("%s: empty, '.' or '..' component; cdmigrate edits only plain paths inside the tree", path);
		if (p == path && len == strlen(STATE_DIR) && !memcmp(p, STATE_DIR, len))
			return error("%s: inside cdmigrate's own state directory; it is never edited as a tree file", path);
		if (!slash)
			break;
		p = slash + 1;
	}
	if (ends_with(p, TMP_SUFFIX))
		return error("%s: name ends in '%s', which cdmigrate reserves for its temporary files", path, TMP_SUFFIX);
	if (strlen(p) + 1 + strlen(TMP_SUFFIX) > NAME_MAX)
		return error("%s: file name too long to place a temporary file next to it", path);
	return 0;
}

static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * Open the directory holding PATH, walking from rootfd one component at a
 * time with O_NOFOLLOW.  Sets *base to the file name inside it.  Returns a
 * directory fd, or -1 after error().
 */
static int open_parent(int rootfd, const char *path, const char **base)
{
	char *copy = xstrdup(path);
	char *comp = copy, *slash;
	int dfd = fcntl(rootfd, F_DUPFD_CLOEXEC, 0);

	if (dfd < 0) {
		free(copy);
		return error_errno("%s: cannot open its directory", path);
	}
	while ((slash = strchr(comp, '/'))) {
		struct stat st;
		int next;

		*slash = '\0';
		if (fstatat(dfd, comp, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno == ENOENT)
				error("%s: directory '%s' does not exist; restore it (for instance with git checkout) or leave this file out", path, copy);
			else
				error_errno("%s: cannot inspect '%s'", path, copy);
			goto fail;
		}
		if (S_ISLNK(st.st_mode)) {
			error("%s: '%s' is a symbolic link; cdmigrate never writes through one: replace it with the real directory or leave this file out", path, copy);
			goto fail;
		}
		if (!S_ISDIR(st.st_mode)) {
			error("%s: '%s' is not a directory; the tree changed since planning, plan again", path, copy);
			goto fail;
		}
		next = openat(dfd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0) {
			error_errno("%s: cannot open directory '%s'", path, copy);
			goto fail;
		}
		close(dfd);
		dfd = next;
		*slash = '/';
		comp = slash + 1;
	}
	*base = path + (comp - copy);
	free(copy);
	return dfd;
fail:
	close(dfd);
	free(copy);
	return -1;
}

/*
 * Read the regular file BASE in dirfd without following a symlink.  Sets
 * *mode to its permission bits.  Returns 0, or -1 after error().
 */
static int read_current(int dirfd, const char *path, const char *base,
			struct strbuf *out, mode_t *mode)
{
	struct stat st;
	int fd, ret;

	/* O_NONBLOCK: a FIFO planted at the path must not hang us. */
	fd = openat(dirfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ELOOP)
			return error("%s: is a symbolic link; cdmigrate never writes through one: replace it with the real file or leave it out", path);
		if (errno == ENOENT)
			return error("%s: does not exist; restore it (for instance with git checkout) and try again", path);
		return error_errno("%s: cannot open", path);
	}
	if (fstat(fd, &st) < 0) {
		error_errno("%s: cannot inspect", path);
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return error("%s: not a regular file; cdmigrate edits only regular files", path);
	}
	*mode = st.st_mode & 07777;
	strbuf_reset(out);
	ret = strbuf_read_fd(out, fd);
	if (ret < 0)
		error_errno("%s: cannot read", path);
	close(fd);
	return ret;
}

/* The test hook documented in journal.h. */
static void test_delay(void)
{
	const char *env = getenv("CDMIGRATE_TEST_APPLY_DELAY_MS");
	struct timespec ts;
	long ms;

	if (!env || !*env)
		return;
	ms = strtol(env, NULL, 10);
	if (ms <= 0)
		return;
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static char *tmp_name(const char *base)
{
	return xstrfmt(".%s%s", base, TMP_SUFFIX);
}

/*
 * Atomically replace BASE in dirfd by CONTENT with permission bits MODE:
 * temporary sibling, fsync, rename, fsync of the directory.  Returns 0 or
 * -1 after error(); on failure the original is untouched.
 */
static int replace_file(int dirfd, const char *path, const char *base,
			const struct strbuf *content, mode_t mode)
{
	char *tmp = tmp_name(base);
	int fd;

	/* A leftover from a run killed before its rename; the name is ours. */
	if (unlinkat(dirfd, tmp, 0) < 0 && errno != ENOENT) {
		error_errno("%s: cannot remove the stale temporary file %s", path, tmp);
		goto fail;
	}
	fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		error_errno("%s: cannot create the temporary file %s", path, tmp);
		goto fail;
	}
	if (write_all(fd, content->buf, content->len) < 0 ||
	    fchmod(fd, mode) < 0 || fsync(fd) < 0) {
		error_errno("%s: cannot write the temporary file %s", path, tmp);
		close(fd);
		goto fail_unlink;
	}
	if (close(fd) < 0) {
		error_errno("%s: cannot write the temporary file %s", path, tmp);
		goto fail_unlink;
	}
	if (renameat(dirfd, tmp, dirfd, base) < 0) {
		error_errno("%s: cannot rename %s over it", path, tmp);
		goto fail_unlink;
	}
	if (fsync(dirfd) < 0) {
		free(tmp);
		return error_errno("%s: replaced, but cannot fsync its directory", path);
	}
	free(tmp);
	test_delay();
	return 0;
fail_unlink:
	unlinkat(dirfd, tmp, 0);
fail:
	free(tmp);
	return -1;
}

/* Remove our temporary sibling of BASE if a killed run left one. */
static void remove_stale_tmp(int dirfd, const char *base)
{
	char *tmp = tmp_name(base);

	unlinkat(dirfd, tmp, 0);
	free(tmp);
}

/*
 * Bring PATH to WANT: done if it holds WANT, replaced if it holds FROM.
 * Returns 0 when the file holds WANT, 1 when it holds anything else and
 * was left alone (the caller says why), 2 when it holds FROM but WANT is
 * NULL (its journal copy is damaged: left alone), -1 after error().  A NULL
 * WANT or FROM (a damaged journal copy) is recognised by its hash instead.
 */
static int settle_hashed(int rootfd, const char *path, const struct strbuf *want,
			 uint64_t want_hash, const struct strbuf *from, uint64_t from_hash)
{
	struct strbuf cur = STRBUF_INIT;
	const char *base;
	mode_t mode;
	int dfd, ret = -1;

	dfd = open_parent(rootfd, path, &base);
	if (dfd < 0)
		return -1;
	if (read_current(dfd, path, base, &cur, &mode) < 0)
		goto out;
	if (want ? same_content(&cur, want) : hash_of(&cur) == want_hash) {
		remove_stale_tmp(dfd, base);
		ret = 0;
	} else if (from ? same_content(&cur, from) : hash_of(&cur) == from_hash) {
		ret = want ? replace_file(dfd, path, base, want, mode) : 2;
	} else {
		ret = 1;
	}
out:
	strbuf_release(&cur);
	close(dfd);
	return ret;
}

static int settle(int rootfd, const char *path, const struct strbuf *want,
		  const struct strbuf *from)
{
	return settle_hashed(rootfd, path, want, 0, from, 0);
}

/*
 * Open directory NAME in dirfd without following a symlink.  Returns 0 and
 * sets *out (-1 when it does not exist and create is 0), or -1 after
 * error().  A directory it creates is made durable in dirfd.
 */
static int open_dir_nofollow(int dirfd, const char *name, const char *display,
			     int create, int *out)
{
	struct stat st;

	*out = -1;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno != ENOENT)
			return error_errno("%s: cannot inspect", display);
		if (!create)
			return 0;
		if (mkdirat(dirfd, name, 0777) < 0 && errno != EEXIST)
			return error_errno("%s: cannot create", display);
		if (fsync(dirfd) < 0)
			return error_errno("%s: cannot fsync its parent", display);
	} else if (!S_ISDIR(st.st_mode)) {
		return error("%s: is not a directory (a symbolic link?); cdmigrate keeps its state there: remove it and try again", display);
	}
	*out = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (*out < 0)
		return error_errno("%s: cannot open", display);
	return 0;
}

/* Nonzero when directory fd holds an index, i.e. a committed journal. */
static int has_index(int fd, const char *display)
{
	struct stat st;

	if (fstatat(fd, "index", &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			return 0;
		return error_errno("%s/index: cannot inspect", display);
	}
	if (!S_ISREG(st.st_mode))
		return error("%s/index: not a regular file; remove %s by hand", display, display);
	return 1;
}

/*
 * Remove the flat directory NAME under cmfd if it exists: index first, so a
 * crash part-way leaves only uncommitted leftovers.  Returns 0 or -1.
 */
static int remove_journal_dir(int cmfd, const char *name, const char *display)
{
	struct dirent *de;
	DIR *dir;
	int fd, ret = 0;

	if (open_dir_nofollow(cmfd, name, display, 0, &fd) < 0)
		return -1;
	if (fd < 0)
		return 0;
	if (unlinkat(fd, "index", 0) < 0 && errno != ENOENT) {
		close(fd);
		return error_errno("%s/index: cannot remove", display);
	}
	if (fsync(fd) < 0) {
		close(fd);
		return error_errno("%s: cannot fsync", display);
	}
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return error_errno("%s: cannot list", display);
	}
	while ((de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (unlinkat(dirfd(dir), de->d_name, 0) < 0)
			ret = error_errno("%s/%s: cannot remove", display, de->d_name);
	}
	closedir(dir);
	if (ret)
		return ret;
	if (unlinkat(cmfd, name, AT_REMOVEDIR) < 0)
		return error_errno("%s: cannot remove", display);
	if (fsync(cmfd) < 0)
		return error_errno("%s: cannot fsync its parent", display);
	return 0;
}

/* TREE/.cdmigrate/NAME for messages; the caller frees it. */
static char *state_display(const char *tree, const char *name)
{
	return name ? xstrfmt("%s/%s/%s", tree, STATE_DIR, name)
		    : xstrfmt("%s/%s", tree, STATE_DIR);
}

/* Remove what a crash can leave behind: uncommitted journals, last.stale. */
static int clean_leftovers(const char *tree, int cmfd)
{
	static const char *const names[] = { "journal", "last" };
	char *display;
	int ret = 0;

	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		int fd, committed;

		display = state_display(tree, names[i]);
		if (open_dir_nofollow(cmfd, names[i], display, 0, &fd) < 0) {
			free(display);
			return -1;
		}
		if (fd >= 0) {
			committed = has_index(fd, display);
			close(fd);
			if (committed < 0)
				ret = -1;
			else if (!committed && remove_journal_dir(cmfd, names[i], display) < 0)
				ret = -1;
		}
		free(display);
	}
	display = state_display(tree, "last.stale");
	if (remove_journal_dir(cmfd, "last.stale", display) < 0)
		ret = -1;
	free(display);
	return ret;
}

/*
 * The lock: TREE/.cdmigrate/lock, flock()ed for as long as this process
 * works on the tree.  flock() dies with the process, so a SIGKILL never
 * leaves a stale lock behind; the file itself stays and means nothing.
 * lock_kept: taken by journal_lock(), held until exit; otherwise apply,
 * resume and undo take it in open_state() and drop it in close_state().
 */
static int lock_fd = -1, lock_kept;

static int lock_state(const char *tree, int cmfd)
{
	char *display;

	if (lock_fd >= 0)
		return 0;
	display = state_display(tree, "lock");
	lock_fd = openat(cmfd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (lock_fd < 0) {
		error_errno("%s: cannot open the lock; is the tree writable?", display);
		free(display);
		return -1;
	}
	if (flock(lock_fd, LOCK_EX | LOCK_NB) < 0 && errno == EWOULDBLOCK) {
		error("%s: another cdmigrate (migrate --in-place, --resume or undo) is working on this tree; wait for it to finish, then try again",
		      display);
		close(lock_fd);
		lock_fd = -1;
		free(display);
		return -1;
	}
	/* Filesystems without flock() support: run unlocked, as git does without fcntl locks. */
	free(display);
	return 0;
}

/* Close cmfd and drop the lock unless journal_lock() keeps it. */
static void close_state(int cmfd)
{
	close_fd(cmfd);
	if (lock_fd >= 0 && !lock_kept) {
		close(lock_fd);
		lock_fd = -1;
	}
}

/*
 * Open TREE/.cdmigrate (creating it when create is set) and lock it.
 * Returns 0 with *cmfd set (-1 when absent and not created) or -1.
 */
static int open_state(const char *tree, int rootfd, int create, int *cmfd)
{
	char *display = state_display(tree, NULL);
	int ret = open_dir_nofollow(rootfd, STATE_DIR, display, create, cmfd);

	free(display);
	if (ret < 0 || *cmfd < 0)
		return ret;
	if (lock_state(tree, *cmfd) < 0) {
		close_state(*cmfd);
		*cmfd = -1;
		return -1;
	}
	return 0;
}

static int open_tree(const char *tree)
{
	int fd = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		error_errno("%s: cannot open the tree", tree);
	return fd;
}

/* Write NAME in jfd via NAME.tmp: create, write, fsync, rename. */
static int write_journal_file(int jfd, const char *display, const char *name,
			      const void *buf, size_t len)
{
	char *tmp = xstrfmt("%s.tmp", name);
	int fd;

	if (unlinkat(jfd, tmp, 0) < 0 && errno != ENOENT)
		goto fail;
	fd = openat(jfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0)
		goto fail;
	if (write_all(fd, buf, len) < 0 || fsync(fd) < 0) {
		close(fd);
		goto fail;
	}
	if (close(fd) < 0 || renameat(jfd, tmp, jfd, name) < 0)
		goto fail;
	free(tmp);
	return 0;
fail:
	error_errno("%s/%s: cannot write the journal", display, name);
	free(tmp);
	return -1;
}

static void index_format(struct strbuf *sb, const char *label,
			 const struct journal_edit *edits, const mode_t *modes,
			 size_t nr)
{
	strbuf_addstr(sb, INDEX_MAGIC "\nlabel ");
	for (const char *p = label ? label : ""; *p; p++)
		strbuf_addch(sb, *p == '\n' || *p == '\r' ? ' ' : *p);
	strbuf_addf(sb, "\nentries %zu\n", nr);
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(sb, "%zu %016" PRIx64 " %016" PRIx64 " %04o %s\n", i,
			    hash_of(&edits[i].old_content),
			    hash_of(&edits[i].new_content),
			    (unsigned)modes[i], edits[i].path);
	strbuf_addstr(sb, "end\n");
}

/* Next line of buf (NUL-terminated) at *pos, without its '\n'; NULL at the end. */
static char *next_line(char *buf, size_t *pos)
{
	char *line = buf + *pos, *nl;

	if (!*line)
		return NULL;
	nl = strchr(line, '\n');
	if (!nl)
		return NULL;
	*nl = '\0';
	*pos = (size_t)(nl + 1 - buf);
	return line;
}

static int parse_hash(const char *s, uint64_t *out, char **end)
{
	if (strspn(s, "0123456789abcdef") != 16 || s[16] != ' ')
		return -1;
	*out = strtoull(s, end, 16);
	return 0;
}

/*
 * Parse an index read into sb (modified in place).  Returns 0 or -1.  With
 * salvage, damage after the header keeps the entries before it, sets
 * ix->damaged and returns 0.
 */
static int index_parse(struct strbuf *sb, struct jindex *ix, const char *display, int salvage)
{
	size_t pos = 0, nr;
	char *line, *end;

	line = next_line(sb->buf, &pos);
	if (!line || strcmp(line, INDEX_MAGIC))
		goto bad;
	line = next_line(sb->buf, &pos);
	if (!line || !starts_with(line, "label "))
		goto bad;
	ix->label = xstrdup(line + strlen("label "));
	line = next_line(sb->buf, &pos);
	if (!line || !starts_with(line, "entries "))
		goto bad;
	errno = 0;
	nr = strtoull(line + strlen("entries "), &end, 10);
	if (errno || *end)
		goto bad;
	for (size_t i = 0; i < nr; i++) {
		struct jentry e;
		unsigned long mode;

		line = next_line(sb->buf, &pos);
		if (!line)
			goto bad;
		errno = 0;
		if (strtoull(line, &end, 10) != i || errno || *end != ' ')
			goto bad;
		if (parse_hash(end + 1, &e.old_hash, &end) < 0 ||
		    parse_hash(end + 1, &e.new_hash, &end) < 0)
			goto bad;
		mode = strtoul(end + 1, &end, 8);
		if (*end != ' ' || mode > 07777)
			goto bad;
		e.mode = (unsigned)mode;
		if (check_path(end + 1) < 0)
			goto bad;
		e.path = xstrdup(end + 1);
		ALLOC_GROW(ix->v, ix->nr + 1, ix->alloc);
		ix->v[ix->nr++] = e;
	}
	line = next_line(sb->buf, &pos);
	if (!line || strcmp(line, "end") || sb->buf[pos])
		goto bad;
	return 0;
bad:
	if (salvage && ix->label) {
		ix->damaged = 1;
		return 0;
	}
	return error("%s/index: damaged journal index: run 'cdmigrate undo' to restore what it can, and restore the rest from version control", display);
}

static int read_index(int jfd, struct jindex *ix, const char *display, int salvage)
{
	struct strbuf sb = STRBUF_INIT;
	int fd, ret;

	fd = openat(jfd, "index", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return error_errno("%s/index: cannot open", display);
	ret = strbuf_read_fd(&sb, fd);
	close(fd);
	if (ret < 0)
		ret = error_errno("%s/index: cannot read", display);
	else {
		/* A NUL ends the readable part (a torn page reads back as zeros). */
		char *nul = memchr(sb.buf, '\0', sb.len);

		if (nul && !salvage)
			ret = error("%s/index: damaged journal index (NUL byte): run 'cdmigrate undo' to restore what it can, and restore the rest from version control", display);
		else
			ret = index_parse(&sb, ix, display, salvage);
		if (nul && !ret)
			ix->damaged = 1;
	}
	strbuf_release(&sb);
	return ret;
}

#define OLD_OK 1
#define NEW_OK 2

/*
 * Load <i>.old and <i>.new of entry i and check them against the index.
 * Returns which are intact (OLD_OK | NEW_OK); for each that is not, says
 * so with error() (quiet: says nothing).
 */
static int load_entry(int jfd, const char *display, size_t i, const struct jentry *e,
		      struct strbuf *old, struct strbuf *new, int quiet)
{
	struct { const char *ext; struct strbuf *sb; uint64_t hash; int bit; } parts[] = {
		{ "old", old, e->old_hash, OLD_OK },
		{ "new", new, e->new_hash, NEW_OK },
	};
	int ok = 0;

	for (size_t k = 0; k < 2; k++) {
		char *name = xstrfmt("%zu.%s", i, parts[k].ext);
		int fd = openat(jfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		int ret = fd < 0 ? -1 : 0;

		strbuf_reset(parts[k].sb);
		if (!ret)
			ret = strbuf_read_fd(parts[k].sb, fd);
		close_fd(fd);
		if (ret < 0) {
			if (!quiet)
				error_errno("%s/%s: cannot read the journal (entry for %s)", display, name, e->path);
		} else if (hash_of(parts[k].sb) != parts[k].hash) {
			if (!quiet)
				error("%s/%s: damaged journal (does not match the index; entry for %s)", display, name, e->path);
		} else {
			ok |= parts[k].bit;
		}
		free(name);
	}
	return ok;
}

/*
 * Move the completed journal to last/: the previous last/ goes aside to
 * last.stale first because rename() cannot replace a non-empty directory,
 * and journal/ must stay intact until it is renamed.
 */
static int finish_run(const char *tree, int cmfd)
{
	char *stale = state_display(tree, "last.stale");
	struct stat st;
	int ret = -1;

	if (remove_journal_dir(cmfd, "last.stale", stale) < 0)
		goto out;
	if (!fstatat(cmfd, "last", &st, AT_SYMLINK_NOFOLLOW) &&
	    renameat(cmfd, "last", cmfd, "last.stale") < 0) {
		error_errno("%s/%s/last: cannot set it aside", tree, STATE_DIR);
		goto out;
	}
	if (renameat(cmfd, "journal", cmfd, "last") < 0) {
		error_errno("%s/%s/journal: cannot move it to last", tree, STATE_DIR);
		goto out;
	}
	if (fsync(cmfd) < 0) {
		error_errno("%s/%s: cannot fsync", tree, STATE_DIR);
		goto out;
	}
	/* The run is complete either way; a failure here is retried next time. */
	remove_journal_dir(cmfd, "last.stale", stale);
	ret = 0;
out:
	free(stale);
	return ret;
}

/* Write and commit TREE/.cdmigrate/journal for edits. */
static int write_journal(const char *tree, int cmfd, const struct journal_edit *edits,
			 const mode_t *modes, size_t nr, const char *label)
{
	char *display = state_display(tree, "journal");
	struct strbuf sb = STRBUF_INIT;
	int jfd, ret = -1;

	if (open_dir_nofollow(cmfd, "journal", display, 1, &jfd) < 0)
		goto out;
	for (size_t i = 0; i < nr; i++) {
		char *name_old = xstrfmt("%zu.old", i);
		char *name_new = xstrfmt("%zu.new", i);
		int r = write_journal_file(jfd, display, name_old, edits[i].old_content.buf,
					   edits[i].old_content.len);

		if (!r)
			r = write_journal_file(jfd, display, name_new, edits[i].new_content.buf,
					       edits[i].new_content.len);
		free(name_old);
		free(name_new);
		if (r < 0)
			goto out;
	}
	/* Every content file must be durable before the index can be. */
	if (fsync(jfd) < 0) {
		error_errno("%s: cannot fsync", display);
		goto out;
	}
	index_format(&sb, label, edits, modes, nr);
	if (write_journal_file(jfd, display, "index", sb.buf, sb.len) < 0)
		goto out;
	if (fsync(jfd) < 0) {
		error_errno("%s: cannot fsync", display);
		goto out;
	}
	ret = 0;
out:
	close_fd(jfd);
	strbuf_release(&sb);
	free(display);
	return ret;
}

/* Check every edit against the tree, reading only.  Fills modes. */
static int validate_edits(int rootfd, const struct journal_edit *edits,
			  size_t nr, mode_t *modes)
{
	struct strbuf cur = STRBUF_INIT;
	const char **paths = xcalloc(nr, sizeof(*paths));
	int ret = 0;

	for (size_t i = 0; i < nr; i++) {
		if (!edits[i].path || check_path(edits[i].path) < 0) {
			if (!edits[i].path)
				error("an edit has no path; the plan is broken, make it again");
			ret = -1;
			goto out;
		}
		paths[i] = edits[i].path;
	}
	sort_array(paths, nr, sizeof(*paths), cmp_str_ptr);
	for (size_t i = 1; i < nr; i++)
		if (!strcmp(paths[i - 1], paths[i])) {
			ret = error("%s: edited twice in one run; the plan is broken, make it again", paths[i]);
			goto out;
		}
	for (size_t i = 0; i < nr; i++) {
		const char *base;
		int dfd = open_parent(rootfd, edits[i].path, &base);

		if (dfd < 0) {
			ret = -1;
			goto out;
		}
		/* Up front: a directory we cannot write would stop the run half way. */
		if (faccessat(dfd, ".", W_OK | X_OK, AT_EACCESS) < 0)
			ret = error_errno("%s: its directory is not writable; nothing was written: make it writable or leave the file out",
					  edits[i].path);
		else if (read_current(dfd, edits[i].path, base, &cur, &modes[i]) < 0)
			ret = -1;
		else if (!same_content(&cur, &edits[i].old_content))
			ret = error("%s: changed since the plan was made; nothing was written, plan again", edits[i].path);
		close(dfd);
		if (ret)
			goto out;
	}
out:
	strbuf_release(&cur);
	free(paths);
	return ret;
}

static int refuse_pending(const char *tree, int cmfd)
{
	char *display = state_display(tree, "journal");
	int jfd, ret;

	ret = open_dir_nofollow(cmfd, "journal", display, 0, &jfd);
	if (!ret && jfd >= 0) {
		ret = has_index(jfd, display);
		if (ret > 0)
			ret = error("%s: an earlier run is unfinished; nothing was written: run 'cdmigrate resume' or 'cdmigrate undo' first", tree);
		close(jfd);
	}
	free(display);
	return ret;
}

int journal_apply(const char *tree, const struct journal_edit *edits,
		  size_t nr, const char *label)
{
	mode_t *modes;
	int rootfd, cmfd = -1, ret = -1;

	if (!nr)
		return 0;
	rootfd = open_tree(tree);
	if (rootfd < 0)
		return -1;
	modes = xcalloc(nr, sizeof(*modes));
	/* Lock before validating when we can do so without writing anything. */
	if (open_state(tree, rootfd, 0, &cmfd) < 0)
		goto out;
	if (cmfd >= 0 && refuse_pending(tree, cmfd) < 0)
		goto out;
	if (validate_edits(rootfd, edits, nr, modes) < 0)
		goto out;
	if (cmfd < 0) {
		if (open_state(tree, rootfd, 1, &cmfd) < 0)
			goto out;
		if (refuse_pending(tree, cmfd) < 0)
			goto out;
	}
	if (clean_leftovers(tree, cmfd) < 0)
		goto out;
	if (write_journal(tree, cmfd, edits, modes, nr, label) < 0)
		goto out;

	ret = 0;
	for (size_t i = 0; i < nr; i++) {
		int r = settle(rootfd, edits[i].path, &edits[i].new_content,
			       &edits[i].old_content);

		if (r > 0)
			error("%s: changed while cdmigrate was running; left alone: put back either version, then run 'cdmigrate resume' or 'cdmigrate undo'",
			      edits[i].path);
		if (r)
			ret = -1;
	}
	if (!ret)
		ret = finish_run(tree, cmfd);
out:
	close_state(cmfd);
	close(rootfd);
	free(modes);
	return ret;
}

int journal_pending(const char *tree)
{
	char *state = state_display(tree, NULL);
	char *display = state_display(tree, "journal");
	int rootfd, cmfd = -1, jfd = -1, ret;

	rootfd = open_tree(tree);
	if (rootfd < 0) {
		free(state);
		free(display);
		return -1;
	}
	ret = open_dir_nofollow(rootfd, STATE_DIR, state, 0, &cmfd);
	if (!ret && cmfd >= 0)
		ret = open_dir_nofollow(cmfd, "journal", display, 0, &jfd);
	if (!ret && jfd >= 0)
		ret = has_index(jfd, display);
	close_fd(jfd);
	close_fd(cmfd);
	close(rootfd);
	free(state);
	free(display);
	return ret;
}

enum direction { FORWARD, BACKWARD };

/*
 * Resume (FORWARD) or undo (BACKWARD) the journal NAME under cmfd.  Every
 * journal file is verified before any tree file is touched.
 */
static int run_journal(const char *tree, int rootfd, int cmfd, const char *name,
		       enum direction dir)
{
	char *display = state_display(tree, name);
	struct strbuf old = STRBUF_INIT, new = STRBUF_INIT;
	struct jindex ix = JINDEX_INIT;
	int jfd, ret = -1;

	if (open_dir_nofollow(cmfd, name, display, 0, &jfd) < 0 || jfd < 0)
		goto out;
	if (read_index(jfd, &ix, display, dir == BACKWARD) < 0)
		goto out;
	/* Resume writes only from a journal that is whole. */
	for (size_t i = 0; dir == FORWARD && i < ix.nr; i++)
		if (load_entry(jfd, display, i, &ix.v[i], &old, &new, 0) != (OLD_OK | NEW_OK)) {
			error("%s: damaged journal; nothing was written: run 'cdmigrate undo %s' to restore what it can, and restore the rest from version control",
			      display, tree);
			goto out;
		}

	ret = 0;
	for (size_t i = 0; i < ix.nr; i++) {
		const char *path = ix.v[i].path;
		int ok = load_entry(jfd, display, i, &ix.v[i], &old, &new, dir == FORWARD);
		int r;

		if (dir == FORWARD)
			r = settle(rootfd, path, &new, &old);
		else
			r = settle_hashed(rootfd, path, ok & OLD_OK ? &old : NULL, ix.v[i].old_hash,
					  ok & NEW_OK ? &new : NULL, ix.v[i].new_hash);
		if (r == 1 && dir == FORWARD)
			error("%s: edited since the run started (neither its old nor its new content); left alone: put back either version, then resume again (or undo)",
			      path);
		else if (r == 1)
			error("%s: edited after cdmigrate changed it; not reverted: revert it by hand (its old content is %s/%zu.old), then undo again",
			      path, display, i);
		else if (r == 2)
			error("%s: cannot be restored: the journal's copy of its old content is damaged; restore it from version control",
			      path);
		if (r)
			ret = -1;
	}
	if (ix.damaged) {
		error("%s/index: damaged after entry %zu; the files after it cannot be named: restore them from version control (the journal is kept)",
		      display, ix.nr);
		ret = -1;
	}
	close(jfd);
	jfd = -1;
	if (!ret)
		ret = dir == FORWARD ? finish_run(tree, cmfd)
				     : remove_journal_dir(cmfd, name, display);
out:
	close_fd(jfd);
	jindex_release(&ix);
	strbuf_release(&old);
	strbuf_release(&new);
	free(display);
	return ret;
}

/* Does .cdmigrate/NAME hold a committed journal?  1, 0 or -1. */
static int committed(const char *tree, int cmfd, const char *name)
{
	char *display = state_display(tree, name);
	int fd, ret;

	ret = open_dir_nofollow(cmfd, name, display, 0, &fd);
	if (!ret && fd >= 0) {
		ret = has_index(fd, display);
		close(fd);
	}
	free(display);
	return ret;
}

/* Common start of resume and undo: open, lock, clean.  1 = nothing there. */
static int open_for_run(const char *tree, int *rootfd, int *cmfd)
{
	*cmfd = -1;
	*rootfd = open_tree(tree);
	if (*rootfd < 0)
		return -1;
	if (open_state(tree, *rootfd, 0, cmfd) < 0)
		return -1;
	if (*cmfd < 0)
		return 1;
	return clean_leftovers(tree, *cmfd);
}

int journal_resume(const char *tree)
{
	int rootfd, cmfd, ret;

	ret = open_for_run(tree, &rootfd, &cmfd);
	if (!ret) {
		ret = committed(tree, cmfd, "journal");
		if (ret > 0)
			ret = run_journal(tree, rootfd, cmfd, "journal", FORWARD);
		else if (!ret)
			ret = 1;
	}
	close_state(cmfd);
	close_fd(rootfd);
	return ret;
}

int journal_undo(const char *tree)
{
	int rootfd, cmfd, ret;

	ret = open_for_run(tree, &rootfd, &cmfd);
	if (!ret) {
		const char *name = "journal";

		ret = committed(tree, cmfd, name);
		if (!ret) {
			name = "last";
			ret = committed(tree, cmfd, name);
		}
		if (ret > 0)
			ret = run_journal(tree, rootfd, cmfd, name, BACKWARD);
		else if (!ret)
			ret = 1;
	}
	close_state(cmfd);
	close_fd(rootfd);
	return ret;
}

int journal_lock(const char *tree)
{
	int rootfd, cmfd = -1, ret;

	rootfd = open_tree(tree);
	if (rootfd < 0)
		return -1;
	ret = open_state(tree, rootfd, 1, &cmfd);
	if (!ret)
		lock_kept = 1;
	close_fd(cmfd);
	close(rootfd);
	return ret;
}
