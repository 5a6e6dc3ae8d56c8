/* The lexical prefilter (analyze/prefilter.c) on a buffer. */
#include "fuzz.h"
#include "analyze/prefilter.h"
#include "kernel/kernel.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size ? size : 1);
	enum prefilter_verdict v;

	memcpy(buf, data, size);
	v = prefilter_buffer(buf, size, kernel_api_tokens);
	/* A NUL byte makes a file binary, whatever else it holds. */
	if ((memchr(buf, '\0', size) != NULL) != (v == PREFILTER_BINARY))
		abort();
	free(buf);
	return 0;
}
