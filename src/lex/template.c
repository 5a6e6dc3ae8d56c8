/*
 * template.c: split a sectioned template into its "@@" sections.
 */
#include <stdlib.h>
#include <string.h>

#include "lex/template.h"
#include "base/util.h"

size_t template_sections(const char *text, size_t len, struct template_section **out)
{
	struct template_section *v = NULL, *open = NULL;
	struct strbuf body = STRBUF_INIT;
	size_t nr = 0, alloc = 0, pos = 0;
	unsigned line = 0;

	while (pos < len) {
		const char *p = text + pos, *nl = memchr(p, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - p) : len - pos;

		line++;
		pos += n + 1;
		if (!(n >= 2 && p[0] == '@' && p[1] == '@')) {
			if (open) {
				strbuf_add(&body, p, n);
				strbuf_addch(&body, '\n');
			}
			continue;
		}
		if (open)
			open->body = strbuf_detach(&body, NULL);
		ALLOC_GROW(v, nr + 1, alloc);
		open = &v[nr++];
		open->line = line;
		open->head = xstrndup_trimmed(p + 2, n - 2);
		open->body = NULL;
	}
	if (open)
		open->body = strbuf_detach(&body, NULL);
	strbuf_release(&body);
	*out = v;
	return nr;
}

void template_sections_free(struct template_section *v, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(v[i].head);
		free(v[i].body);
	}
	free(v);
}
