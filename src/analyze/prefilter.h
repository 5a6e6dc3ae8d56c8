/*
 * prefilter.h: the lexical prefilter that picks candidate files.
 *
 * Reading every file of a kernel tree is the floor of a scan (0.1-0.2 s
 * warm for 15,000 files); only the files the prefilter selects are parsed.
 * A file is a candidate when its bytes contain one of the trigger tokens.
 * A file with a NUL byte is binary and never a candidate.
 */
#ifndef CDMIGRATE_PREFILTER_H
#define CDMIGRATE_PREFILTER_H

#include "base/util.h"

enum prefilter_verdict {
	PREFILTER_SKIP,		/* no trigger token */
	PREFILTER_CANDIDATE,	/* at least one trigger token */
	PREFILTER_BINARY,	/* contains a NUL byte */
	PREFILTER_UNREADABLE,	/* could not be read; errno is kept */
};

/* Classify a buffer against a NULL-terminated token list. */
enum prefilter_verdict prefilter_buffer(const char *buf, size_t len,
					const char *const *tokens);

/* Read `path` and classify it.  An unreadable file gives UNREADABLE. */
enum prefilter_verdict prefilter_file(const char *path, const char *const *tokens);

/*
 * Run the prefilter over `files` (relative to root) with `jobs` threads and
 * append the candidates to `candidates` in the order of `files`.  An
 * unreadable file is reported with warning() (naming it) and counted in
 * *unreadable; binary files in *binary.  Either counter may be NULL.
 */
void prefilter_files(const char *root, const struct strvec *files,
		     const char *const *tokens, int jobs,
		     struct strvec *candidates, size_t *unreadable, size_t *binary);

/*
 * prefilter_files() for several token lists at once, each file read once:
 * the candidates of sets[k] are appended to candidates[k].  An unreadable
 * or binary file is counted once.
 */
void prefilter_files_sets(const char *root, const struct strvec *files,
			  const char *const *const *sets, size_t nr_sets, int jobs,
			  struct strvec *candidates, size_t *unreadable, size_t *binary);

/*
 * prefilter_files_sets() where a token counts only as a whole word (a
 * maximal run of [A-Za-z0-9_] bytes, in code, comments and literals
 * alike): one pass over each file whatever the number of tokens, for
 * long lists of names (verify's users of a changed header).  Tokens are
 * made of those bytes.
 */
void prefilter_files_sets_words(const char *root, const struct strvec *files,
				const char *const *const *sets, size_t nr_sets, int jobs,
				struct strvec *candidates, size_t *unreadable, size_t *binary);

/*
 * Remember prefilter_files() results across runs (cache.h) under `key`, a
 * fingerprint of the contents of the tree the calls walk that changes
 * whenever one of its files does (the caller's: migrate hashes every
 * file's content), or stop with NULL.  A result is then reused for the
 * same key, files and tokens, wherever the tree is (the root is not part
 * of it: the key stands for what the root holds); one with an unreadable
 * file is never kept (its warning must be printed again).  The string is
 * copied.
 */
void prefilter_memo(const char *key);

#endif
