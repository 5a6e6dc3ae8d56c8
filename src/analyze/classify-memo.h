/*
 * classify-memo.h: the parse memo of the classify module (see
 * classify-clang.h): the results of a query on one file kept in the
 * cache across runs, keyed by what the parse reads.
 */
#ifndef CDMIGRATE_CLASSIFY_MEMO_H
#define CDMIGRATE_CLASSIFY_MEMO_H

#include "analyze/classify-clang.h"

/* Everything one file's classification yields; filled by a worker, merged in input order. */
struct file_result {
	struct site_list sites;
	struct strvec diags;	/* classify_collect_diagnostics(): what the memo keeps */
	unsigned errors;	/* diags in the classifier's view */
	char *first_error;
	struct strvec error_texts;
	int parsed;
	int cached;		/* replayed from the parse memo */
	int absent;		/* a header's result from its includer's parse
				 * (classify_sites_with_guests()): the parse did
				 * not enter it, nothing else is set */
};

/* Free what r holds and zero it. */
void file_result_release(struct file_result *r);

/*
 * What one query keeps: write() adds its results to a payload, read()
 * gives them back into the same kind of result (1), or leaves it
 * untouched (0: damaged).
 */
struct memo_query {
	void (*write)(const void *result, struct strbuf *payload);
	int (*read)(const char *buf, size_t len, void *result);
};

/* The query of a struct file_result: its diagnostics and sites. */
extern const struct memo_query classify_memo_file_result;

/* The memo's key of query ("classify", "member-uses class_device", ...) on file. */
void classify_memo_key(struct classify *c, const char *query, const char *file, char key[33]);

/* Fill result through q from the memo for key; 1 on a hit. */
int classify_memo_get(struct classify *c, const char *key, const struct memo_query *q, void *result);

/* Keep result, from the parse tu, under key: first among the states kept. */
void classify_memo_put(struct classify *c, const char *key, CXTranslationUnit tu,
		       const struct memo_query *q, const void *result);

/*
 * A query's list of items for the memo (member uses, macro members): its
 * return value and the items it appended to the caller's array.  Records:
 * 'n' the count, then one 'U' record an item, written and read by the
 * query's own functions.
 */
struct found_list {
	int count;
	const void *items;	/* to write: the new items */
	size_t nr;
	void *got;		/* read back: malloc'd items, the caller's */
	size_t got_nr;
	size_t size;		/* of one item */
	void (*write_item)(const void *item, struct strbuf *record);
	/* 0 when damaged; the item is freed with the others all the same */
	int (*read_item)(const char *buf, size_t len, void *item);
	void (*free_items)(void *items, size_t nr);
};

/* The query of a struct found_list. */
extern const struct memo_query classify_memo_found;

/*
 * The memo's list of `query` for tag in file into found (key: for
 * classify_memo_put()); 1 on a hit.
 */
int classify_memo_found_get(struct classify *c, const char *query, const char *tag,
			    const char *file, char key[33], struct found_list *found);

/*
 * The caller's array of *nr items (reallocated, returned) with found's
 * items read back appended and taken.
 */
void *classify_memo_found_append(void *items, size_t *nr, struct found_list *found);

#endif
