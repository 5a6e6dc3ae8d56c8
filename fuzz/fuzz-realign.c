/*
 * realign (lex/realign.c): the input is "before" and "after" separated by
 * the first NUL byte.  Checks the promise that it is idempotent.
 */
#include "fuzz.h"
#include "base/util.h"
#include "lex/realign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t before_len = nul ? (size_t)(nul - data) : size;
	struct strbuf after = STRBUF_INIT, again = STRBUF_INIT;
	char *before = malloc(before_len ? before_len : 1);

	memcpy(before, data, before_len);
	if (nul)
		strbuf_add(&after, nul + 1, size - before_len - 1);
	realign_continuations(before, before_len, &after);
	strbuf_add(&again, after.buf, after.len);
	if (realign_continuations(before, before_len, &again) != 0 ||
	    again.len != after.len || memcmp(again.buf, after.buf, after.len))
		abort();
	strbuf_release(&after);
	strbuf_release(&again);
	free(before);
	return 0;
}
