/*
 * realign (lex/realign.c): the input is "before" and "after" separated by
 * the first NUL byte.  Checks the promise that it is idempotent, alone and
 * with the passes a step's output goes through (realign_step_output()).
 */
#include "fuzz.h"
#include "base/util.h"
#include "lex/realign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t before_len = nul ? (size_t)(nul - data) : size;
	struct strbuf after = STRBUF_INIT, again = STRBUF_INIT, whole = STRBUF_INIT;
	char *before = malloc(before_len ? before_len : 1);

	memcpy(before, data, before_len);
	if (nul)
		strbuf_add(&after, nul + 1, size - before_len - 1);
	strbuf_add(&whole, after.buf, after.len);
	realign_continuations(before, before_len, &after);
	strbuf_add(&again, after.buf, after.len);
	if (realign_continuations(before, before_len, &again) != 0 ||
	    again.len != after.len || memcmp(again.buf, after.buf, after.len))
		abort();
	realign_step_output(before, before_len, &whole);
	strbuf_reset(&again);
	strbuf_add(&again, whole.buf, whole.len);
	if (realign_step_output(before, before_len, &again) != 0 ||
	    again.len != whole.len || memcmp(again.buf, whole.buf, whole.len))
		abort();
	strbuf_release(&whole);
	strbuf_release(&after);
	strbuf_release(&again);
	free(before);
	return 0;
}
