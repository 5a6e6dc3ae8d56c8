#include "config.h"
#include "base/cache.h"
#include "base/hash.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

struct cache_hasher {
	XXH3_state_t *state;
};

struct cache_hasher *cache_hasher_new(void)
{
	struct cache_hasher *h = xmalloc(sizeof(*h));

	h->state = XXH3_createState();
	if (!h->state)
		die("out of memory");
	XXH3_128bits_reset(h->state);
	return h;
}

void cache_hasher_add(struct cache_hasher *h, const void *data, size_t len)
{
	XXH3_128bits_update(h->state, data, len);
}

void cache_hasher_add_string(struct cache_hasher *h, const char *s)
{
	cache_hasher_add(h, s, strlen(s) + 1);
}

void cache_hasher_finish(struct cache_hasher *h, char key[33])
{
	XXH128_hash_t digest = XXH3_128bits_digest(h->state);

	snprintf(key, 33, "%016llx%016llx", (unsigned long long)digest.high64,
		 (unsigned long long)digest.low64);
	XXH3_freeState(h->state);
	free(h);
}

static char binary_key[33];

static void binary_key_init(void)
{
	struct cache_hasher *h = cache_hasher_new();
	struct strbuf exe = STRBUF_INIT;

	cache_hasher_add_string(h, "cdmigrate " PACKAGE_VERSION);
	if (strbuf_read_file(&exe, "/proc/self/exe") == 0)
		cache_hasher_add(h, exe.buf, exe.len);
	strbuf_release(&exe);
	cache_hasher_finish(h, binary_key);
}

const char *cache_binary_key(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, binary_key_init);
	return binary_key;
}

/* One file's hash with the lstat() numbers it was read under. */
struct file_hash {
	char *path;
	struct stat st;
	char key[33];
};

static struct file_hash *file_hashes;
static size_t nr_file_hashes, alloc_file_hashes;
static struct hash_table file_hash_index;	/* path -> index in file_hashes */
static pthread_mutex_t file_hashes_lock = PTHREAD_MUTEX_INITIALIZER;

/* path's entry, added when missing; under file_hashes_lock. */
static struct file_hash *file_hash_entry(const char *path)
{
	size_t *i = hash_table_find(&file_hash_index, path, strlen(path));
	struct file_hash *f;

	if (i)
		return &file_hashes[*i];
	ALLOC_GROW(file_hashes, nr_file_hashes + 1, alloc_file_hashes);
	f = &file_hashes[nr_file_hashes];
	f->path = xstrdup(path);
	hash_table_add(&file_hash_index, f->path, strlen(f->path), nr_file_hashes++);
	return f;
}

static int same_numbers(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size && a->st_ino == b->st_ino && a->st_dev == b->st_dev &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

void cache_content_hash(const void *data, size_t len, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();

	cache_hasher_add(h, data, len);
	cache_hasher_finish(h, key);
}

int cache_file_hash(const char *path, char key[33])
{
	struct strbuf content = STRBUF_INIT;
	struct cache_hasher *h;
	struct file_hash *f;
	struct stat st;
	int racy, rc;

	if (stat(path, &st) == 0) {
		size_t *i;

		pthread_mutex_lock(&file_hashes_lock);
		i = hash_table_find(&file_hash_index, path, strlen(path));
		if (i && same_numbers(&file_hashes[*i].st, &st)) {
			memcpy(key, file_hashes[*i].key, 33);
			pthread_mutex_unlock(&file_hashes_lock);
			return 0;
		}
		pthread_mutex_unlock(&file_hashes_lock);
	}
	rc = strbuf_read_file(&content, path) == 0 && stat(path, &st) == 0 ? 0 : -1;
	if (rc == 0) {
		cache_content_hash(content.buf, content.len, key);
	} else {
		h = cache_hasher_new();
		cache_hasher_add_string(h, "\001unreadable");
		cache_hasher_finish(h, key);
	}
	strbuf_release(&content);
	racy = rc || st.st_mtime >= time(NULL) - CACHE_RACY_S ||
	       st.st_ctime >= time(NULL) - CACHE_RACY_S;
	if (racy)
		return rc;
	pthread_mutex_lock(&file_hashes_lock);
	f = file_hash_entry(path);
	f->st = st;
	memcpy(f->key, key, 33);
	pthread_mutex_unlock(&file_hashes_lock);
	return 0;
}

static char *decided_dir;
static pthread_once_t dir_once = PTHREAD_ONCE_INIT;

static void decide_dir(void)
{
	const char *env = getenv("CDMIGRATE_CACHE_DIR");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");

	if (env && !strcmp(env, "off"))
		decided_dir = NULL;
	else if (env && *env)
		decided_dir = xstrdup(env);
	else if (xdg && *xdg)
		decided_dir = xstrfmt("%s/cdmigrate", xdg);
	else if (home && *home)
		decided_dir = xstrfmt("%s/.cache/cdmigrate", home);
}

/*
 * Once per process, and never half-decided: the classifier's threads
 * ask at once, and a thread that saw the decision flag before the
 * directory was set took the memo for off (one candidate of a rerun
 * parsed again, now and then).
 */
const char *cache_dir(void)
{
	pthread_once(&dir_once, decide_dir);
	return decided_dir;
}

/* What this process stored: a process that stored nothing has nothing to prune. */
static atomic_size_t bytes_written;

static char *entry_path(const char *key)
{
	return xstrfmt("%s/%.2s/%s", cache_dir(), key, key);
}

/* Digits only (no sign, no blank), at most 18 of them: no overflow. */
static const char *parse_count(const char *p, const char *end, unsigned long long *v)
{
	const char *start = p;

	*v = 0;
	while (p < end && *p >= '0' && *p <= '9' && p - start < 18)
		*v = *v * 10 + (unsigned long long)(*p++ - '0');
	return p == start || (p < end && *p >= '0' && *p <= '9') ? NULL : p;
}

/* Lower-case hex digits only, at most 16 of them (a 64-bit checksum). */
static const char *parse_hex(const char *p, const char *end, unsigned long long *v)
{
	const char *start = p;

	*v = 0;
	for (; p < end && p - start < 16; p++) {
		if (*p >= '0' && *p <= '9')
			*v = *v << 4 | (unsigned long long)(*p - '0');
		else if (*p >= 'a' && *p <= 'f')
			*v = *v << 4 | (unsigned long long)(*p - 'a' + 10);
		else
			break;
	}
	return p == start ? NULL : p;
}

/*
 * The header "cdmigrate-cache 2 STATUS OUT_LEN ERR_LEN SUM\n" of an entry of
 * len bytes, exactly as cache_put() writes it, with lengths that add up to
 * the entry: anything else is a damaged entry (a miss), however big the
 * numbers in it.  Returns the header's length, or 0.
 */
static size_t parse_header(const char *buf, size_t len, int *status,
			   size_t *out_len, size_t *err_len, unsigned long long *sum)
{
	static const char magic[] = "cdmigrate-cache 2 ";
	const char *p = buf, *end = buf + len;
	unsigned long long st, out, err;
	int negative;

	if (len < sizeof(magic) - 1 || memcmp(p, magic, sizeof(magic) - 1))
		return 0;
	p += sizeof(magic) - 1;
	negative = p < end && *p == '-';
	p += negative;
	if (!(p = parse_count(p, end, &st)) || st > 2147483647 || p == end || *p++ != ' ' ||
	    !(p = parse_count(p, end, &out)) || p == end || *p++ != ' ' ||
	    !(p = parse_count(p, end, &err)) || p == end || *p++ != ' ' ||
	    !(p = parse_hex(p, end, sum)) || p == end || *p++ != '\n')
		return 0;
	if (out > (unsigned long long)(end - p) || err != (unsigned long long)(end - p) - out)
		return 0;
	*status = negative ? -(int)st : (int)st;
	*out_len = (size_t)out;
	*err_len = (size_t)err;
	return (size_t)(p - buf);
}

int cache_get(const char *key, struct strbuf *out, struct strbuf *err, int *status)
{
	struct strbuf entry = STRBUF_INIT;
	char *path;
	size_t out_len, err_len, header = 0;
	unsigned long long sum;
	int st;

	if (!cache_dir())
		return 0;
	path = entry_path(key);
	/* The checksum catches damage that keeps the length (a flipped byte, a torn page). */
	if (strbuf_read_file(&entry, path) < 0 ||
	    !(header = parse_header(entry.buf, entry.len, &st, &out_len, &err_len, &sum)) ||
	    XXH3_64bits(entry.buf + header, entry.len - header) != sum) {
		strbuf_release(&entry);
		free(path);
		return 0;
	}
	strbuf_add(out, entry.buf + header, out_len);
	strbuf_add(err, entry.buf + header + out_len, err_len);
	*status = st;
	/* its mtime is its last use: cache_prune() removes the least recently used */
	utimensat(AT_FDCWD, path, NULL, 0);
	strbuf_release(&entry);
	free(path);
	return 1;
}

void cache_put(const char *key, const char *out, size_t out_len,
	       const char *err, size_t err_len, int status)
{
	struct strbuf entry = STRBUF_INIT;
	char *path, *dir, *tmp;
	FILE *f;

	if (!cache_dir())
		return;
	path = entry_path(key);
	dir = xstrfmt("%s/%.2s", cache_dir(), key);
	tmp = xstrfmt("%s.tmp%ld", path, (long)getpid());
	{
		/* mkdir -p of the cache directory's last two levels is enough. */
		char *parent = xstrdup(cache_dir());
		char *slash = strrchr(parent, '/');

		if (slash && slash != parent) {
			*slash = '\0';
			mkdir(parent, 0755);
		}
		free(parent);
	}
	mkdir(cache_dir(), 0755);
	mkdir(dir, 0755);
	{
		XXH3_state_t *sum = XXH3_createState();

		if (!sum)
			die("out of memory");
		XXH3_64bits_reset(sum);
		XXH3_64bits_update(sum, out, out_len);
		XXH3_64bits_update(sum, err, err_len);
		strbuf_addf(&entry, "cdmigrate-cache 2 %d %zu %zu %016llx\n", status, out_len, err_len,
			    (unsigned long long)XXH3_64bits_digest(sum));
		XXH3_freeState(sum);
	}
	strbuf_add(&entry, out, out_len);
	strbuf_add(&entry, err, err_len);
	f = fopen(tmp, "wb");
	if (f) {
		int ok = fwrite(entry.buf, 1, entry.len, f) == entry.len;

		if (fclose(f) == 0 && ok && rename(tmp, path) == 0)
			atomic_fetch_add(&bytes_written, entry.len);
		else
			unlink(tmp);
	}
	strbuf_release(&entry);
	free(tmp);
	free(dir);
	free(path);
}

void cache_record_add(struct strbuf *sb, char tag, const char *buf, size_t len)
{
	strbuf_addf(sb, "%c %zu\n", tag, len);
	strbuf_add(sb, buf, len);
	strbuf_addch(sb, '\n');
}

void cache_record_addstr(struct strbuf *sb, char tag, const char *s)
{
	cache_record_add(sb, tag, s ? s : "", s ? strlen(s) : 0);
}

void cache_reader_init(struct cache_reader *r, const char *buf, size_t len)
{
	r->p = buf;
	r->end = buf + len;
}

int cache_record_next(struct cache_reader *r, char *tag, const char **buf, size_t *len)
{
	const char *nl;
	char *after;
	unsigned long long n;

	if (r->p >= r->end)
		return 0;
	nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	if (!nl || nl - r->p < 3 || r->p[1] != ' ')
		return -1;
	n = strtoull(r->p + 2, &after, 10);
	if (after != nl || n > (unsigned long long)(r->end - nl - 1) ||
	    (size_t)(r->end - nl - 1) < n + 1 || nl[1 + n] != '\n')
		return -1;
	*tag = r->p[0];
	*buf = nl + 1;
	*len = (size_t)n;
	r->p = nl + 1 + n + 1;
	return 1;
}

unsigned long long cache_max_bytes(void)
{
	const char *env = getenv("CDMIGRATE_CACHE_MAX");
	unsigned long long n, unit = 1;
	char *end;

	if (!env || !*env)
		return CACHE_MAX_DEFAULT;
	errno = 0;
	n = strtoull(env, &end, 10);
	if (errno || end == env || *env == '-')
		return CACHE_MAX_DEFAULT;
	switch (*end) {
	case 'G': case 'g':
		unit <<= 10;
		/* fall through */
	case 'M': case 'm':
		unit <<= 10;
		/* fall through */
	case 'K': case 'k':
		unit <<= 10;
		end++;
		break;
	default:
		break;
	}
	if (*end || n > ~0ULL / unit)
		return CACHE_MAX_DEFAULT;
	return n * unit;
}

struct cache_file {
	char *path;
	unsigned long long size;
	struct timespec used;
};

static int older_first(const void *a, const void *b)
{
	const struct cache_file *x = a, *y = b;

	if (x->used.tv_sec != y->used.tv_sec)
		return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
	if (x->used.tv_nsec != y->used.tv_nsec)
		return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* A writer's temporary file (KEY.tmpPID): another process may be writing it. */
static int is_temporary(const char *name)
{
	return strstr(name, ".tmp") != NULL;
}

size_t cache_prune(int force)
{
	struct cache_file *files = NULL;
	size_t nr = 0, alloc = 0, removed = 0;
	unsigned long long total = 0, max = cache_max_bytes();
	time_t now = time(NULL);
	DIR *top;
	struct dirent *de;

	if (!cache_dir() || (!force && !atomic_load(&bytes_written)) || !max)
		return 0;
	top = opendir(cache_dir());
	if (!top)
		return 0;
	/* only the 256 two-hex-digit folders cache_put() makes, only regular files */
	while ((de = readdir(top))) {
		char *sub;
		DIR *d;
		struct dirent *e;

		if (strlen(de->d_name) != 2 || !isxdigit((unsigned char)de->d_name[0]) ||
		    !isxdigit((unsigned char)de->d_name[1]))
			continue;
		sub = xstrfmt("%s/%s", cache_dir(), de->d_name);
		d = opendir(sub);
		while (d && (e = readdir(d))) {
			char *path;
			struct stat st;

			if (e->d_name[0] == '.')
				continue;
			path = xstrfmt("%s/%s", sub, e->d_name);
			if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
				free(path);
				continue;
			}
			/* a writer killed before its rename left this: an hour is long enough */
			if (is_temporary(e->d_name)) {
				if (now - st.st_mtime > 3600 && unlink(path) == 0)
					removed++;
				free(path);
				continue;
			}
			ALLOC_GROW(files, nr + 1, alloc);
			files[nr].path = path;
			/* the disk usage, or the size where the file system reports no blocks (inline data) */
			files[nr].size = (unsigned long long)st.st_blocks * 512;
			if (files[nr].size < (unsigned long long)st.st_size)
				files[nr].size = (unsigned long long)st.st_size;
			files[nr].used = st.st_mtim;
			total += files[nr].size;
			nr++;
		}
		if (d)
			closedir(d);
		free(sub);
	}
	closedir(top);
	if (total > max) {
		unsigned long long goal = max / 10 * 9;

		qsort(files, nr, sizeof(*files), older_first);
		for (size_t i = 0; i < nr && total > goal; i++)
			if (unlink(files[i].path) == 0 || errno == ENOENT) {
				total -= files[i].size;
				removed++;
			}
	}
	for (size_t i = 0; i < nr; i++)
		free(files[i].path);
	free(files);
	return removed;
}
