/*
 * hash.h: the one hash function (FNV-1a, 64 bits) and the one hash table
 * of cdmigrate: byte-string keys mapped to a size_t, usually the index
 * of the entry in the caller's own array.
 *
 *	struct hash_table names = HASH_TABLE_INIT;
 *	size_t *i = hash_table_find(&names, name, strlen(name));
 *	if (!i) {
 *		ALLOC_GROW(nodes, nr + 1, alloc);
 *		nodes[nr].name = xstrdup(name);
 *		hash_table_add(&names, nodes[nr].name, strlen(name), nr);
 *		nr++;
 *	}
 *	...
 *	hash_table_release(&names);
 *
 * The table borrows its keys: each must stay where it is, unchanged,
 * until the table is released (a string the caller allocated, a line of
 * a buffer it keeps).  Lookups (hash_table_find) on a table nobody
 * changes may run from several threads at once; anything that adds must
 * be alone (the caller locks).
 */
#ifndef CDMIGRATE_HASH_H
#define CDMIGRATE_HASH_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a of the len bytes at data. */
uint64_t hash_fnv1a(const void *data, size_t len);

struct hash_slot {
	const char *key;	/* borrowed; NULL: an empty slot */
	size_t len;
	uint64_t hash;
	size_t value;
};

struct hash_table {
	struct hash_slot *slots;	/* open addressing, at least half empty */
	size_t nr;			/* keys held */
	size_t mask;			/* number of slots - 1 (a power of two) */
};

#define HASH_TABLE_INIT { NULL, 0, 0 }

/*
 * The value stored for the len bytes at key, or NULL when key is not in
 * the table.  The pointer is valid until the next hash_table_add(); the
 * caller may change the value through it.
 */
size_t *hash_table_find(const struct hash_table *table, const void *key, size_t len);

/*
 * Add key (len bytes, key not NULL, borrowed) with value.  Returns 1, or
 * 0 when key was already there: its value is then left as it was (the
 * first one added wins).
 */
int hash_table_add(struct hash_table *table, const void *key, size_t len, size_t value);

/* Free the slots (not the keys); the table is empty and reusable. */
void hash_table_release(struct hash_table *table);

#endif
