/*
 * replay.c: main() for a fuzz target outside libFuzzer, in every build
 * (fuzz/replay-NAME, runner/test-fuzz-regressions): feeds it each file
 * named on the command line, so that the inputs that once broke a reader
 * are replayed by make check and under the sanitizers.
 */
#include <stdio.h>
#include "fuzz.h"

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		uint8_t *buf = NULL;
		size_t len = 0, alloc = 0, got;

		if (!f) {
			perror(argv[i]);
			return 2;
		}
		do {
			if (len == alloc) {
				alloc = alloc ? 2 * alloc : 65536;
				if (!(buf = realloc(buf, alloc)))
					abort();
			}
			got = fread(buf + len, 1, alloc - len, f);
			len += got;
		} while (got);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, len);
		free(buf);
	}
	return 0;
}
