#include "rewrite/context.h"

#include <string.h>

struct rewrite_file *rewrite_file_find(struct rewrite_context *ctx, const char *path)
{
	size_t lo = 0, hi = ctx->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(ctx->files[mid].path, path);

		if (!c)
			return &ctx->files[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
