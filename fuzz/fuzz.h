/*
 * fuzz.h: what the libFuzzer targets of fuzz/ share (runner/fuzz builds and
 * runs them; configure --enable-fuzz).  Each target feeds the bytes it is
 * given to one reader of outside bytes and checks what that reader
 * promises; a crash, a sanitizer report or a broken promise is a finding.
 */
#ifndef CDMIGRATE_FUZZ_H
#define CDMIGRATE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of data (the readers that take C strings). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
