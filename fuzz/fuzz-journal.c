/*
 * The journal reader: the index of engine/journal.c, as read_index() parses
 * it.  journal.c is included to reach its static parser; this object then
 * stands in for the library's journal.o.
 */
#include "fuzz.h"
#include "engine/journal.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf sb = STRBUF_INIT;
	struct jindex ix;

	/* read_index() refuses a NUL byte before parsing. */
	if (memchr(data, '\0', size))
		return 0;
	/* Both readings: strict (--resume) and salvage (undo of a damaged journal). */
	for (int salvage = 0; salvage <= 1; salvage++) {
		memset(&ix, 0, sizeof(ix));
		strbuf_reset(&sb);
		strbuf_add(&sb, data, size);
		index_parse(&sb, &ix, "fuzz", salvage);
		jindex_release(&ix);
	}
	strbuf_release(&sb);
	return 0;
}
