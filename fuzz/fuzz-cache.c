/*
 * The cache record reader (base/cache.c): an entry file as cache_get()
 * reads it, and the same bytes as a record payload (cache_record_next()).
 */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fuzz.h"
#include "base/util.h"
#include "base/cache.h"

static const char key[] = "0123456789abcdef0123456789abcdef";
static char *entry;

static void setup(void)
{
	char dir[] = "/tmp/cdmigrate-fuzz-cache-XXXXXX";
	char *sub;

	if (!mkdtemp(dir))
		abort();
	setenv("CDMIGRATE_CACHE_DIR", dir, 1);
	sub = xstrfmt("%s/%.2s", dir, key);
	if (mkdir(sub, 0700) < 0)
		abort();
	entry = xstrfmt("%s/%s", sub, key);
	free(sub);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct cache_reader r;
	const char *buf;
	char *copy = malloc(size ? size : 1);
	size_t len;
	char tag;
	int status, ret;
	FILE *f;

	if (!entry)
		setup();
	f = fopen(entry, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	if (cache_get(key, &out, &err, &status) == 1 && out.len + err.len > size)
		abort();
	strbuf_release(&out);
	strbuf_release(&err);

	memcpy(copy, data, size);
	cache_reader_init(&r, copy, size);
	while ((ret = cache_record_next(&r, &tag, &buf, &len)) == 1)
		if (buf < copy || buf + len > copy + size)
			abort();
	free(copy);
	return 0;
}
