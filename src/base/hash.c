#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

uint64_t hash_fnv1a(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	return h;
}

static struct hash_slot *slot_of(const struct hash_table *table, uint64_t hash,
				 const void *key, size_t len)
{
	size_t i = hash & table->mask;

	while (table->slots[i].key &&
	       (table->slots[i].hash != hash || table->slots[i].len != len ||
		memcmp(table->slots[i].key, key, len)))
		i = (i + 1) & table->mask;
	return &table->slots[i];
}

size_t *hash_table_find(const struct hash_table *table, const void *key, size_t len)
{
	struct hash_slot *slot;

	if (!table->slots)
		return NULL;
	slot = slot_of(table, hash_fnv1a(key, len), key, len);
	return slot->key ? &slot->value : NULL;
}

static void grow(struct hash_table *table)
{
	struct hash_slot *old = table->slots;
	size_t nr_old = old ? table->mask + 1 : 0;

	table->mask = nr_old ? 2 * nr_old - 1 : 15;
	table->slots = xcalloc(table->mask + 1, sizeof(*table->slots));
	for (size_t i = 0; i < nr_old; i++)
		if (old[i].key)
			*slot_of(table, old[i].hash, old[i].key, old[i].len) = old[i];
	free(old);
}

int hash_table_add(struct hash_table *table, const void *key, size_t len, size_t value)
{
	uint64_t hash = hash_fnv1a(key, len);
	struct hash_slot *slot;

	if (!key)
		BUG("hash_table_add: a NULL key");
	if (!table->slots || 2 * (table->nr + 1) > table->mask + 1)
		grow(table);
	slot = slot_of(table, hash, key, len);
	if (slot->key)
		return 0;
	*slot = (struct hash_slot){ .key = key, .len = len, .hash = hash, .value = value };
	table->nr++;
	return 1;
}

void hash_table_release(struct hash_table *table)
{
	free(table->slots);
	*table = (struct hash_table)HASH_TABLE_INIT;
}
