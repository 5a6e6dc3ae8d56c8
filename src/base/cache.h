/*
 * cache.h: results kept across runs, keyed by everything they depend on,
 * so that a rerun over an unchanged tree starts no spatch and parses
 * nothing.  Seven kinds share one directory: each spatch task's output
 * (keyed by the patch, options, spatch, the working headers' contents and
 * the task's own files': engine/task.c); each whole step's result and
 * verify's (keyed also by the cdmigrate binary and by a fingerprint of the
 * tree: every .c/.h file's path, size, times and inode, and the Makefile),
 * replayed with what they printed; the series plan made from them
 * (engine/series-cache.h); the working set's selection of files
 * for that fingerprint (engine/working-set.c); the prefilter's candidates
 * for it (prefilter.h); and the parse memo, each file's libclang results
 * with the files its parse read (classify.h), which scan and report use
 * too.
 *
 * The directory is $CDMIGRATE_CACHE_DIR, else $XDG_CACHE_HOME/cdmigrate,
 * else $HOME/.cache/cdmigrate; CDMIGRATE_CACHE_DIR=off disables it.  It is
 * never inside the user's tree.  Entries are written atomically (temporary
 * file, rename) with a checksum of their payload; an unreadable or damaged
 * entry (wrong length or checksum) is a miss.  Its size is bounded
 * ($CDMIGRATE_CACHE_MAX): a command that stored something removes the
 * least recently used entries beyond it (cache_prune()).
 */
#ifndef CDMIGRATE_CACHE_H
#define CDMIGRATE_CACHE_H

#include "base/util.h"

/* A 128-bit xxHash (XXH3) of everything fed to it, as 32 hex digits. */
struct cache_hasher;

/* A new hasher; free it with cache_hasher_finish(). */
struct cache_hasher *cache_hasher_new(void);
void cache_hasher_add(struct cache_hasher *h, const void *data, size_t len);
/* Add a string and its terminating NUL (so "ab","c" differs from "a","bc"). */
void cache_hasher_add_string(struct cache_hasher *h, const char *s);
/* Write the digest into key (33 bytes with the NUL) and free the hasher. */
void cache_hasher_finish(struct cache_hasher *h, char key[33]);

/*
 * What this cdmigrate binary is ("cdmigrate VERSION" and the bytes of
 * /proc/self/exe), as a key: its passes and its classifier make the
 * results kept, so every kind of entry that holds them is keyed by it.
 * Borrowed string.
 */
const char *cache_binary_key(void);

/*
 * git's racy-index rule: a file changed in the same timestamp tick as its
 * hashing can change again, keeping its size and times, after it was
 * read.  So a file whose mtime or ctime is within CACHE_RACY_S seconds of
 * now is hashed every time and never memoized (2 s: FAT's tick; others
 * are finer).
 */
#define CACHE_RACY_S 2

/*
 * The content hash of the file at `path` (as cache_hasher_finish() writes
 * it; "unreadable" hashes a fixed string), remembered for the process with
 * the file's lstat() numbers (size, times, inode): the file is read again
 * only when they change, or when it changed within the last CACHE_RACY_S
 * seconds.
 * Thread-safe.  Returns 0, or -1 when the file cannot be read.
 */
int cache_file_hash(const char *path, char key[33]);

/* The content hash cache_file_hash() gives a file holding these len bytes. */
void cache_content_hash(const void *data, size_t len, char key[33]);

/* The cache directory, or NULL when disabled.  Borrowed string. */
const char *cache_dir(void);

/* Look key up: 1 and the stored result on a hit, 0 on a miss.  A hit marks the entry used. */
int cache_get(const char *key, struct strbuf *out, struct strbuf *err, int *status);

/* Store a result; failures to write are ignored (the cache is an optimisation). */
void cache_put(const char *key, const char *out, size_t out_len,
	       const char *err, size_t err_len, int status);

/*
 * Payloads of several fields: a sequence of records "<tag> <length>\n",
 * the bytes, "\n".  Any bytes (NULs, any encoding) survive.
 */
void cache_record_add(struct strbuf *sb, char tag, const char *buf, size_t len);
void cache_record_addstr(struct strbuf *sb, char tag, const char *s);

struct cache_reader {
	const char *p, *end;
};

/* Start reading records from buf[0, len). */
void cache_reader_init(struct cache_reader *r, const char *buf, size_t len);

/*
 * The next record: 1 with its tag and bytes (borrowed; buf[len] is the
 * record's closing newline), 0 at the end, -1 when the payload is damaged.
 */
int cache_record_next(struct cache_reader *r, char *tag, const char **buf, size_t *len);

/* The size the cache is kept under when CDMIGRATE_CACHE_MAX does not say. */
#define CACHE_MAX_DEFAULT (1ULL << 30)

/*
 * The bound on the cache's size in bytes: $CDMIGRATE_CACHE_MAX, a number
 * with an optional K, M or G (1024-based; 0: no bound), else
 * CACHE_MAX_DEFAULT (also for a value it cannot read).
 */
unsigned long long cache_max_bytes(void);

/*
 * Keep the cache under cache_max_bytes(): when this process stored an
 * entry (or `force`), and the entries' disk usage is beyond the bound,
 * remove the least recently used (oldest mtime; a hit renews it; then by
 * path) until they take 90% of it.  Writers' temporary files older than an
 * hour go too.  Another process's reads and writes are safe beside it: a
 * removed entry is a miss.  Returns how many files it removed.
 */
size_t cache_prune(int force);

#endif
