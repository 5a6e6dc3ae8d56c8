#include "report/writer.h"

#include <string.h>

#define WRITER_ENTRY(name) &writer_##name,
static const struct writer *const writers[] = { WRITERS(WRITER_ENTRY) };
#undef WRITER_ENTRY

#define NR_WRITERS (sizeof(writers) / sizeof(*writers))

const struct writer *writer_find(const char *name)
{
	for (size_t i = 0; i < NR_WRITERS; i++)
		if (!strcmp(writers[i]->name, name))
			return writers[i];
	return NULL;
}

char *writer_names(void)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < NR_WRITERS; i++)
		strbuf_addf(&sb, "%s%s", !i ? "" : i + 1 < NR_WRITERS ? ", " : " or ", writers[i]->name);
	return strbuf_detach(&sb, NULL);
}

void writer_print_help(FILE *out)
{
	for (size_t i = 0; i < NR_WRITERS; i++) {
		const char *line = writers[i]->help;

		/* the name beside the first line, the rest under it */
		fprintf(out, "  %-6s", writers[i]->name);
		while (*line) {
			const char *end = strchr(line, '\n');
			size_t n = end ? (size_t)(end - line) : strlen(line);

			fprintf(out, "%s%.*s\n", line == writers[i]->help ? " " : "         ", (int)n, line);
			line += n + (end != NULL);
		}
	}
}
