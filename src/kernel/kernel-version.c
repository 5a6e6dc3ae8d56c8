/*
 * kernel-version.c: VERSION, PATCHLEVEL and SUBLEVEL of a tree's Makefile.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel-version.h"
#include "base/util.h"

unsigned kernel_version_code(const char *root)
{
	char *path = path_join(root, "Makefile");
	struct strbuf text = STRBUF_INIT;
	unsigned long parts[3] = { 0, 0, 0 };
	static const char *const names[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL" };
	int found = 0;

	if (strbuf_read_file(&text, path) == 0) {
		for (char *line = text.buf; line && *line;) {
			char *next = strchr(line, '\n');

			for (int k = 0; k < 3; k++) {
				size_t n = strlen(names[k]);
				char *p = line + n;

				if (strncmp(line, names[k], n))
					continue;
				while (*p == ' ' || *p == '\t')
					p++;
				if (*p != '=')
					continue;
				parts[k] = strtoul(p + 1, NULL, 10);
				found |= 1 << k;
			}
			line = next ? next + 1 : NULL;
		}
	}
	strbuf_release(&text);
	free(path);
	return found == 7 ? KERNEL_VERSION_CODE(parts[0], parts[1], parts[2]) : 0;
}
