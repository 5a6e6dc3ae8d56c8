/* The template splitter (lex/template.c). */
#include "fuzz.h"
#include "lex/template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct template_section *v = NULL;
	char *text = malloc(size ? size : 1);
	size_t nr;

	memcpy(text, data, size);
	nr = template_sections(text, size, &v);
	for (size_t i = 0; i < nr; i++)
		if (!v[i].head || !v[i].body || !v[i].line)
			abort();
	template_sections_free(v, nr);
	free(text);
	return 0;
}
